/**
 * The processing pipeline as deployed: the state machine is the ASL file (the same one the local
 * runner executes), logs and traces every execution, and each task function may do only what its
 * step needs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MarketplaceFunction,
  nativeModuleBundling,
} from '../../lib/constructs/marketplace-function';
import { stateMachineDesign } from '../../contract/design/state-machines';
import { PROCESSING_ASL } from '../../lib/constructs/processing';
import { synthApp, type SynthesisedApp } from '../fixtures/synth';

let app: SynthesisedApp;
beforeAll(() => {
  app = synthApp();
});

const stateMachine = () => {
  // The stack has one state machine per workflow; this is the one the Processing construct made.
  const found = Object.entries(app.template.findResources('AWS::StepFunctions::StateMachine'))
    .filter(([logicalId]) => logicalId.startsWith('Processing'))
    .map(([, resource]) => resource);
  expect(found).toHaveLength(1);
  return found[0]!.Properties as Record<string, unknown> & {
    DefinitionS3Location: { Key: string };
    DefinitionSubstitutions: Record<string, { 'Fn::GetAtt': [string, string] }>;
  };
};

/** The inline policy statements attached to a role, by the role's logical id. */
const statementsOfRole = (roleId: string) =>
  Object.values(app.template.findResources('AWS::IAM::Policy'))
    .filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    )
    .flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[],
    );

const actionsOfFunction = (functionId: string): string[] => {
  const fn = app.template.findResources('AWS::Lambda::Function')[functionId]!;
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return statementsOfRole(roleId).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
};

describe('processing state machine', () => {
  it('is defined by state-machines/mvp-processing.asl.json, placeholders substituted', () => {
    const props = stateMachine();
    const assetFile = readdirSync(app.outdir).find((name) =>
      name.endsWith(props.DefinitionS3Location.Key),
    );
    expect(assetFile).toBeDefined();
    const deployed = JSON.parse(readFileSync(path.join(app.outdir, assetFile!), 'utf8'));
    const source = JSON.parse(readFileSync(PROCESSING_ASL, 'utf8'));
    expect(deployed).toEqual(source);
    expect(Object.keys(deployed.States)).toEqual([
      'Start',
      'Scan',
      'ScanClean',
      'Audit',
      'Pin',
      'Renditions',
      'DetectSite',
      'PlanBuild',
      'BuildPlanned',
      'SkipBuild',
      'Build',
      'RecordBuild',
      'AfterBuild',
      'RebuildDone',
      'Publish',
      'AuditRefused',
      'MarkScanFailed',
      'Rejected',
      'MarkProcessingFailed',
      'ProcessingFailed',
      'RenditionsOnly',
      'RenditionsDone',
    ]);
    const placeholders = [...JSON.stringify(source).matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]);
    expect(Object.keys(props.DefinitionSubstitutions).sort()).toEqual(
      [...new Set(placeholders)].sort(),
    );
  });

  it('uses Lambda Task states and JSONPath only (what aws-local-stepfunctions runs), but for its service integrations', () => {
    const source = JSON.parse(readFileSync(PROCESSING_ASL, 'utf8'));
    expect(source.QueryLanguage ?? 'JSONPath').toBe('JSONPath');
    // The Build state is CodeBuild's (version-builds.test.ts); locally the build runner runs it.
    const integrations = Object.values(stateMachineDesign['mvp-processing'].integrations);
    for (const [name, state] of Object.entries(source.States) as [
      string,
      { Type: string; Resource?: string },
    ][]) {
      expect(['Task', 'Choice', 'Pass', 'Succeed', 'Fail']).toContain(state.Type);
      if (state.Type !== 'Task') continue;
      const integration = integrations.find((candidate) => candidate.state === name);
      expect(state.Resource).toMatch(
        integration
          ? new RegExp(`^arn:aws:states:::${integration.service.replace(/\./g, '\\.')}$`)
          : /^\$\{\w+FunctionArn\}$/,
      );
    }
  });

  it('goes on whatever the renditions step does: a card falls back to its original', () => {
    const source = JSON.parse(readFileSync(PROCESSING_ASL, 'utf8'));
    expect(source.States.Pin.Next).toBe('Renditions');
    expect(source.States.Renditions).toMatchObject({
      Next: 'DetectSite',
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'DetectSite' }],
    });
    // The error goes beside the input, not over it: Publish still reads $.pin.cid.
    expect(source.States.Renditions.Catch[0].ResultPath).not.toMatch(/^\$(\.pin)?$/);
  });

  it('detects how the version deploys before the build, and goes on whatever the detection does', () => {
    const source = JSON.parse(readFileSync(PROCESSING_ASL, 'utf8'));
    expect(source.States.DetectSite).toMatchObject({
      Type: 'Task',
      Resource: '${DetectSiteFunctionArn}',
      Parameters: { 'mvpId.$': '$.mvpId', 'versionId.$': '$.versionId', 'fileKey.$': '$.fileKey' },
      Next: 'PlanBuild',
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'PlanBuild' }],
    });
    for (const path of [
      source.States.DetectSite.ResultPath,
      source.States.DetectSite.Catch[0].ResultPath,
    ]) {
      expect(path).not.toMatch(/^\$(\.pin)?$/);
    }
  });

  it("runs the renditions alone for an edit's previews, ending whatever they do", () => {
    const source = JSON.parse(readFileSync(PROCESSING_ASL, 'utf8'));
    expect(source.StartAt).toBe('Start');
    expect(source.States.Start).toMatchObject({
      Type: 'Choice',
      Default: 'Scan',
      Choices: [
        {
          And: [
            { Variable: '$.only', IsPresent: true },
            { Variable: '$.only', StringEquals: 'renditions' },
          ],
          Next: 'RenditionsOnly',
        },
        {
          And: [
            { Variable: '$.only', IsPresent: true },
            { Variable: '$.only', StringEquals: 'build' },
          ],
          Next: 'PlanBuild',
        },
      ],
    });
    expect(source.States.RenditionsOnly).toMatchObject({
      Resource: source.States.Renditions.Resource,
      Parameters: { 'mvpId.$': '$.mvpId' },
      Next: 'RenditionsDone',
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'RenditionsDone' }],
    });
    expect(source.States.RenditionsDone.Type).toBe('Succeed');
  });

  it('runs the build steps alone for a rebuild, ending after the record without publishing', () => {
    const { States } = JSON.parse(readFileSync(PROCESSING_ASL, 'utf8'));
    expect(States.RecordBuild).toMatchObject({
      Next: 'AfterBuild',
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'AfterBuild' }],
    });
    expect(States.AfterBuild).toMatchObject({
      Type: 'Choice',
      Default: 'Publish',
      Choices: [
        {
          And: [
            { Variable: '$.only', IsPresent: true },
            { Variable: '$.only', StringEquals: 'build' },
          ],
          Next: 'RebuildDone',
        },
      ],
    });
    expect(States.RebuildDone.Type).toBe('Succeed');
  });

  it('bundles sharp as a module installed for linux-arm64 beside the renditions function', () => {
    const fn = app.stack.node
      .findAll()
      .find(
        (construct): construct is MarketplaceFunction =>
          construct instanceof MarketplaceFunction && construct.node.id === 'RenditionsFunction',
      );
    expect(fn?.nativeModules).toEqual(['sharp']);
    expect(nativeModuleBundling(fn!.nativeModules)).toEqual({
      nodeModules: ['sharp'],
      environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' },
    });
    // Every other function bundles all it imports.
    const others = app.stack.node
      .findAll()
      .filter(
        (construct): construct is MarketplaceFunction =>
          construct instanceof MarketplaceFunction && construct !== fn,
      );
    expect(others.length).toBeGreaterThan(10);
    expect(others.filter((other) => other.nativeModules.length > 0)).toEqual([]);
    expect(nativeModuleBundling([])).toEqual({});
  });

  it('audits dependencies between a clean scan and Pin, and goes on to Pin whatever the audit does', () => {
    const source = JSON.parse(readFileSync(PROCESSING_ASL, 'utf8'));
    expect(source.States.ScanClean.Choices[0].Next).toBe('Audit');
    expect(source.States.Audit).toMatchObject({
      Resource: '${AuditFunctionArn}',
      Next: 'Pin',
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Pin' }],
    });
    // The error goes beside the input: Pin still reads $.fileKey.
    expect(source.States.Audit.Catch[0].ResultPath).toBe('$.auditError');
  });

  it('audits a refused bundle too, then marks it failed whatever the audit does', () => {
    const source = JSON.parse(readFileSync(PROCESSING_ASL, 'utf8'));
    expect(source.States.ScanClean.Default).toBe('AuditRefused');
    expect(source.States.AuditRefused).toMatchObject({
      Type: 'Task',
      Resource: '${AuditFunctionArn}',
      Parameters: { 'mvpId.$': '$.mvpId', 'versionId.$': '$.versionId', 'fileKey.$': '$.fileKey' },
      Next: 'MarkScanFailed',
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'MarkScanFailed' }],
    });
    // MarkScanFailed still reads the scan's reason: neither the result nor an error replaces it.
    expect(source.States.AuditRefused.ResultPath).toBe('$.audit');
    expect(source.States.AuditRefused.Catch[0].ResultPath).toBe('$.auditError');
    expect(source.States.MarkScanFailed.Parameters['reason.$']).toBe('$.scan.reason');
  });

  it('logs every execution with its data and is traced by X-Ray', () => {
    expect(stateMachine()).toMatchObject({
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: true },
      TracingConfiguration: { Enabled: true },
    });
  });

  it('may invoke each of its task functions', () => {
    const props = stateMachine();
    const roleId = (props.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const invoked = statementsOfRole(roleId)
      .filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'))
      .flatMap((s) => (s as unknown as { Resource: unknown[] }).Resource)
      .map((r) => JSON.stringify(r));
    const functions = Object.keys(stateMachineDesign['mvp-processing'].tasks);
    for (const placeholder of functions) {
      const fn = props.DefinitionSubstitutions[placeholder]!;
      expect(invoked).toContain(JSON.stringify({ 'Fn::GetAtt': fn['Fn::GetAtt'] }));
    }
  });
});

describe('processing task functions: least privilege', () => {
  const functionId = (placeholder: string) =>
    stateMachine().DefinitionSubstitutions[placeholder]!['Fn::GetAtt'][0];
  const writesTable = (actions: string[]) =>
    actions.some((a) => /dynamodb:(Put|Update|Delete|BatchWrite)/.test(a));
  const readsTable = (actions: string[]) => actions.includes('dynamodb:GetItem');

  it('scan reads bundles under mvps/ and the table, and writes only previews under manifests/', () => {
    const id = functionId('ScanFunctionArn');
    const actions = actionsOfFunction(id);
    expect(actions).toContain('s3:GetObject');
    expect(readsTable(actions)).toBe(true);
    expect(writesTable(actions)).toBe(false);
    const fn = app.template.findResources('AWS::Lambda::Function')[id]!;
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const s3Statements = statementsOfRole(roleId).filter((s) =>
      [s.Action].flat().some((action) => String(action).startsWith('s3:')),
    );
    const resourcesOf = (action: string) =>
      s3Statements
        .filter((s) => [s.Action].flat().includes(action))
        .map((s) => JSON.stringify((s as unknown as { Resource: unknown }).Resource));
    // Reads bundles; writes (the code preview's manifest and pack) under manifests/ and nowhere else.
    expect(resourcesOf('s3:GetObject')).toEqual([expect.stringContaining('/mvps/*')]);
    expect(resourcesOf('s3:PutObject')).toEqual([expect.stringContaining('/manifests/*')]);
    app.template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 's3:GetObject',
            Resource: { 'Fn::Join': ['', Match.arrayWith(['/mvps/*'])] },
          }),
        ]),
      },
    });
  });

  it('pin reads bundles only: no table access', () => {
    const actions = actionsOfFunction(functionId('PinFunctionArn'));
    expect(actions).toContain('s3:GetObject');
    expect(actions.some((a) => a.startsWith('dynamodb:'))).toBe(false);
    expect(actions).not.toContain('s3:PutObject');
  });

  it.each(['PublishFunctionArn', 'MarkFailedFunctionArn'])(
    '%s writes the table and touches no bucket',
    (placeholder) => {
      const actions = actionsOfFunction(functionId(placeholder));
      expect(writesTable(actions)).toBe(true);
      expect(actions.some((a) => a.startsWith('s3:'))).toBe(false);
    },
  );

  it('renditions reads and writes previews only, may list that bucket, and writes the table', () => {
    const id = functionId('RenditionsFunctionArn');
    const actions = actionsOfFunction(id);
    expect(writesTable(actions)).toBe(true);
    const fn = app.template.findResources('AWS::Lambda::Function')[id]!;
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const s3Resources = statementsOfRole(roleId)
      .filter((s) => [s.Action].flat().some((action) => String(action).startsWith('s3:')))
      .map((s) => ({
        actions: [s.Action].flat().sort(),
        resource: JSON.stringify((s as unknown as { Resource: unknown }).Resource),
      }));
    expect(s3Resources).toEqual([
      {
        actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
        resource: expect.stringContaining('/previews/*'),
      },
      // A HEAD of a missing rendition answers 404 (not 403) only with ListBucket.
      { actions: ['s3:ListBucket'], resource: expect.stringMatching(/PreviewImages.*Arn/) },
    ]);
    expect(fn.Properties).toMatchObject({ Architectures: ['arm64'], MemorySize: 1024 });
  });

  it('audit reads bundles under mvps/, keeps dependency lists under security/packages/, writes the table and may reach OSV', () => {
    const id = functionId('AuditFunctionArn');
    const actions = actionsOfFunction(id);
    expect(writesTable(actions)).toBe(true);
    const fn = app.template.findResources('AWS::Lambda::Function')[id]!;
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const s3Resources = statementsOfRole(roleId)
      .filter((s) => [s.Action].flat().some((action) => String(action).startsWith('s3:')))
      .map((s) => ({
        actions: [s.Action].flat().sort(),
        resource: JSON.stringify((s as unknown as { Resource: unknown }).Resource),
      }));
    expect(s3Resources).toEqual([
      { actions: ['s3:GetObject'], resource: expect.stringContaining('/mvps/*') },
      {
        actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
        resource: expect.stringContaining('/security/packages/*'),
      },
    ]);
    expect(fn.Properties.Environment.Variables).toMatchObject({
      OSV_API_URL: 'https://api.osv.dev',
    });
  });

  it('site detection reads bundles under mvps/ and writes the table, nothing else of S3', () => {
    const actions = actionsOfFunction(functionId('DetectSiteFunctionArn'));
    expect(actions).toContain('s3:GetObject');
    expect(writesTable(actions)).toBe(true);
    expect(actions).not.toContain('s3:PutObject');
  });

  it('none of them may start executions (only the seller domain may)', () => {
    for (const placeholder of [
      'ScanFunctionArn',
      'AuditFunctionArn',
      'PinFunctionArn',
      'RenditionsFunctionArn',
      'DetectSiteFunctionArn',
      'PublishFunctionArn',
      'MarkFailedFunctionArn',
    ]) {
      expect(actionsOfFunction(functionId(placeholder))).not.toContain('states:StartExecution');
    }
  });
});
