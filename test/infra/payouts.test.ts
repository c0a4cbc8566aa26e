/**
 * The monthly payouts as deployed: the state machine is the ASL file (the same one the local
 * runner executes), logs and traces every execution, the two money schedules are EventBridge
 * rules with the design's cron, only the schedule's task may start the run, and only the transfer
 * task may read the Stripe key.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYOUTS_ASL } from '../../lib/constructs/payouts';
import { schedules } from '../../contract/design/schedules';
import { secretArnVariable } from '../../contract/design/secrets';
import { stateMachineDesign } from '../../contract/design/state-machines';
import { storageDesign } from '../../contract/design/storage-design';
import { synthApp, type SynthesisedApp } from '../fixtures/synth';

let app: SynthesisedApp;
beforeAll(() => {
  app = synthApp();
});

type Ref = { 'Fn::GetAtt': [string, string] } | { Ref: string };

const payoutsMachine = () => {
  const found = Object.entries(app.template.findResources('AWS::StepFunctions::StateMachine'))
    .filter(([logicalId]) => logicalId.startsWith('Payouts'))
    .map(([logicalId, resource]) => ({ logicalId, resource }));
  expect(found).toHaveLength(1);
  const { logicalId, resource } = found[0]!;
  return {
    logicalId,
    props: resource.Properties as Record<string, unknown> & {
      DefinitionS3Location: { Key: string };
      DefinitionSubstitutions: Record<string, { 'Fn::GetAtt': [string, string] }>;
      RoleArn: { 'Fn::GetAtt': [string, string] };
    },
  };
};

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

const statementsOfRole = (roleId: string): Statement[] =>
  Object.values(app.template.findResources('AWS::IAM::Policy'))
    .filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);

const actionsOf = (statements: Statement[]) =>
  statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

const functionProps = (functionId: string) =>
  app.template.findResources('AWS::Lambda::Function')[functionId]!.Properties as {
    Role: { 'Fn::GetAtt': [string, string] };
    Environment: { Variables: Record<string, unknown> };
  };

const statementsOfFunction = (functionId: string) =>
  statementsOfRole(functionProps(functionId).Role['Fn::GetAtt'][0]);

const taskFunctionId = (placeholder: string) =>
  payoutsMachine().props.DefinitionSubstitutions[placeholder]!['Fn::GetAtt'][0];

const scheduleFunctionId = (name: 'monthlyPayouts' | 'quotaReset') => {
  const rule = Object.values(app.template.findResources('AWS::Scheduler::Schedule')).find(
    (candidate) => candidate.Properties.ScheduleExpression === `cron(${schedules[name].cron})`,
  );
  expect(rule, name).toBeDefined();
  const target = rule!.Properties.Target as { Arn: Ref };
  return (target.Arn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
};

/** Every function (by logical id) some policy lets start an execution of the payouts machine. */
const startersOfPayouts = (): string[] => {
  const machineId = payoutsMachine().logicalId;
  const functions = app.template.findResources('AWS::Lambda::Function');
  return Object.keys(functions).filter((functionId) =>
    statementsOfFunction(functionId).some(
      (statement) =>
        actionsOf([statement]).includes('states:StartExecution') &&
        JSON.stringify(statement.Resource).includes(machineId),
    ),
  );
};

describe('monthly-payouts state machine', () => {
  it('is defined by state-machines/monthly-payouts.asl.json, its placeholders substituted', () => {
    const { props } = payoutsMachine();
    const assetFile = readdirSync(app.outdir).find((name) =>
      name.endsWith(props.DefinitionS3Location.Key),
    );
    expect(assetFile).toBeDefined();
    const deployed = JSON.parse(readFileSync(path.join(app.outdir, assetFile!), 'utf8'));
    const source = JSON.parse(readFileSync(PAYOUTS_ASL, 'utf8'));
    expect(deployed).toEqual(source);
    const placeholders = [...JSON.stringify(source).matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]);
    expect(Object.keys(props.DefinitionSubstitutions).sort()).toEqual(
      [...new Set(placeholders)].sort(),
    );
    // The design module and the ASL name the same placeholders (the local runner maps them).
    expect(Object.keys(stateMachineDesign['monthly-payouts'].tasks).sort()).toEqual(
      [...new Set(placeholders)].sort(),
    );
  });

  it('uses Lambda Task states and JSONPath only (what aws-local-stepfunctions runs)', () => {
    const source = JSON.parse(readFileSync(PAYOUTS_ASL, 'utf8'));
    expect(source.QueryLanguage ?? 'JSONPath').toBe('JSONPath');
    const visit = (states: Record<string, Record<string, unknown>>) => {
      for (const state of Object.values(states)) {
        expect(['Task', 'Choice', 'Map', 'Pass', 'Succeed', 'Fail']).toContain(state.Type);
        if (state.Type === 'Task') {
          expect(state.Resource).toMatch(/^\$\{\w+FunctionArn\}$/);
          expect(state.Retry).toBeDefined();
        }
        const inner = (state.ItemProcessor ?? state.Iterator) as
          { States: Record<string, Record<string, unknown>> } | undefined;
        if (inner) visit(inner.States);
      }
    };
    visit(source.States);
  });

  it('transfers with a Distributed Map over the list Prepare wrote to S3, in bounded batches', () => {
    const source = JSON.parse(readFileSync(PAYOUTS_ASL, 'utf8'));
    const transfers = source.States.Transfers;
    expect(transfers.ItemProcessor.ProcessorConfig).toEqual({
      Mode: 'DISTRIBUTED',
      ExecutionType: 'STANDARD',
    });
    // The list is read from S3, never passed through the state.
    expect(transfers.ItemsPath).toBeUndefined();
    expect(transfers.ItemReader).toEqual({
      Resource: 'arn:aws:states:::s3:getObject',
      ReaderConfig: { InputType: 'JSONL' },
      Parameters: { 'Bucket.$': '$.run.list.bucket', 'Key.$': '$.run.list.key' },
    });
    expect(transfers.ItemBatcher.BatchInput).toEqual({ 'month_year.$': '$.run.month_year' });
    expect(transfers.ItemBatcher.MaxItemsPerBatch).toBeGreaterThan(1);
    expect(transfers.ItemBatcher.MaxItemsPerBatch).toBeLessThanOrEqual(50);
    expect(transfers.MaxConcurrency).toBeGreaterThan(0);
    expect(transfers.MaxConcurrency).toBeLessThanOrEqual(10);
    // A few payouts that fail never fail the run; a run where many fail does.
    expect(transfers.ToleratedFailurePercentage).toBeGreaterThan(0);
    expect(transfers.ToleratedFailurePercentage).toBeLessThanOrEqual(25);
    expect(transfers.ResultWriter).toEqual({
      Resource: 'arn:aws:states:::s3:putObject',
      Parameters: {
        'Bucket.$': '$.run.list.bucket',
        Prefix: storageDesign.payoutResultsPrefix.replace(/\/$/, ''),
      },
    });
    // Finish counts from the payout rows, not from the map's output.
    expect(JSON.stringify(source.States.Finish.Parameters)).not.toContain('transfers');
    // Prepare knows when its execution started: a retried Prepare counts the rows it made.
    expect(source.States.Prepare.Parameters['executionStartedAt.$']).toBe('$$.Execution.StartTime');
  });

  it('may read the lists, write the map results, and start, describe and stop its own children', () => {
    const { logicalId, props } = payoutsMachine();
    const statements = statementsOfRole(props.RoleArn['Fn::GetAtt'][0]);
    const resourcesFor = (action: string) =>
      statements
        .filter((s) => actionsOf([s]).includes(action))
        .flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]))
        .map((r) => JSON.stringify(r));
    expect(resourcesFor('states:StartExecution')).toEqual([JSON.stringify({ Ref: logicalId })]);
    for (const action of ['states:DescribeExecution', 'states:StopExecution']) {
      const [resource, ...more] = resourcesFor(action);
      expect(more).toEqual([]);
      // The machine's own executions (its name, from its ARN), nothing else.
      expect(resource).toContain(':execution:');
      expect(resource).toContain(logicalId);
    }
    const lists = `/${storageDesign.payoutListsPrefix}*`;
    const results = `/${storageDesign.payoutResultsPrefix}*`;
    expect(resourcesFor('s3:GetObject').sort()).toEqual(
      [expect.stringContaining(lists), expect.stringContaining(results)].sort(),
    );
    expect(resourcesFor('s3:GetObject').some((r) => r.includes(lists))).toBe(true);
    expect(resourcesFor('s3:PutObject')).toEqual([expect.stringContaining(results)]);
    expect(resourcesFor('s3:PutObject')[0]).toContain('MvpFilesBucket');
  });

  it('keeps the run lists and map results a year and a bit, then lets them expire', () => {
    const bucketId = Object.keys(app.template.findResources('AWS::S3::Bucket')).find((id) =>
      id.startsWith('DataMvpFilesBucket'),
    );
    const rules = (
      app.template.findResources('AWS::S3::Bucket')[bucketId!]!.Properties as {
        LifecycleConfiguration: { Rules: { Prefix?: string; ExpirationInDays?: number }[] };
      }
    ).LifecycleConfiguration.Rules;
    for (const prefix of [storageDesign.payoutListsPrefix, storageDesign.payoutResultsPrefix]) {
      expect(rules).toContainEqual(
        expect.objectContaining({ Prefix: prefix, ExpirationInDays: 400, Status: 'Enabled' }),
      );
    }
  });

  it('logs every execution with its data and is traced by X-Ray', () => {
    const { props } = payoutsMachine();
    expect(props).toMatchObject({
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: true },
      TracingConfiguration: { Enabled: true },
    });
    const destinations = (
      props.LoggingConfiguration as {
        Destinations: { CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': [string] } } }[];
      }
    ).Destinations;
    const logGroupId = destinations[0]!.CloudWatchLogsLogGroup.LogGroupArn['Fn::GetAtt'][0];
    expect(app.template.findResources('AWS::Logs::LogGroup')[logGroupId]).toBeDefined();
  });

  it('may invoke exactly its three task functions', () => {
    const { props } = payoutsMachine();
    const invoked = statementsOfRole(props.RoleArn['Fn::GetAtt'][0])
      .filter((s) => actionsOf([s]).includes('lambda:InvokeFunction'))
      .flatMap((s) => s.Resource as unknown[])
      .map((r) => JSON.stringify(r))
      .filter((r) => !r.includes(':*'));
    const substituted = Object.values(props.DefinitionSubstitutions).map((fn) =>
      JSON.stringify({ 'Fn::GetAtt': fn['Fn::GetAtt'] }),
    );
    expect(substituted).toHaveLength(3);
    expect(invoked.sort()).toEqual([...substituted].sort());
  });
});

describe('money schedules', () => {
  it.each(['monthlyPayouts', 'quotaReset'] as const)(
    '%s is an EventBridge Scheduler schedule with the design’s cron, invoking its task',
    (name) => {
      const functionId = scheduleFunctionId(name);
      expect(functionId).toMatch(new RegExp(`^Schedules${name[0]!.toUpperCase()}${name.slice(1)}`));
    },
  );

  it('the monthlyPayouts task, and only it, may start the run, and is told its ARN', () => {
    const starter = scheduleFunctionId('monthlyPayouts');
    expect(startersOfPayouts()).toEqual([starter]);
    expect(functionProps(starter).Environment.Variables.PAYOUTS_STATE_MACHINE_ARN).toEqual({
      Ref: payoutsMachine().logicalId,
    });
  });

  it('the monthlyPayouts task touches no table and reads no secret: it only starts the run', () => {
    const starter = scheduleFunctionId('monthlyPayouts');
    const actions = actionsOf(statementsOfFunction(starter));
    expect(actions.some((a) => a.startsWith('dynamodb:'))).toBe(false);
    expect(actions.some((a) => a.startsWith('secretsmanager:'))).toBe(false);
  });
});

describe('payouts task functions: least privilege', () => {
  const stripeKeyVariable = secretArnVariable('stripeSecretKey');

  it('only the transfer task may read the Stripe secret key', () => {
    const transfer = taskFunctionId('TransferPayoutFunctionArn');
    expect(actionsOf(statementsOfFunction(transfer))).toContain('secretsmanager:GetSecretValue');
    expect(functionProps(transfer).Environment.Variables[stripeKeyVariable]).toBeDefined();
    for (const placeholder of ['PreparePayoutsFunctionArn', 'FinishPayoutRunFunctionArn']) {
      const id = taskFunctionId(placeholder);
      expect(actionsOf(statementsOfFunction(id)).some((a) => a.startsWith('secretsmanager:'))).toBe(
        false,
      );
      expect(functionProps(id).Environment.Variables[stripeKeyVariable]).toBeUndefined();
    }
  });

  it.each([
    ['PreparePayoutsFunctionArn', ['s3:PutObject', 's3:DeleteObject']],
    ['TransferPayoutFunctionArn', []],
    ['FinishPayoutRunFunctionArn', ['s3:GetObject']],
  ] as const)(
    '%s writes the table, touches the payout lists only as %j and may not start executions',
    (placeholder, s3Actions) => {
      const statements = statementsOfFunction(taskFunctionId(placeholder));
      const actions = actionsOf(statements);
      expect(actions.some((a) => /dynamodb:(Put|Update)Item/.test(a))).toBe(true);
      expect(actions.filter((a) => a.startsWith('s3:')).sort()).toEqual([...s3Actions].sort());
      for (const statement of statements.filter((s) => actionsOf([s])[0]!.startsWith('s3:')))
        expect(JSON.stringify(statement.Resource)).toContain(
          `/${storageDesign.payoutListsPrefix}*`,
        );
      expect(actions).not.toContain('states:StartExecution');
    },
  );
});
