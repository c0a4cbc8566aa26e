/**
 * Version builds and live previews as deployed (lib/constructs/version-builds.ts): the CodeBuild
 * project's role, limits and logs; the buildspec's refusal of a run that names another version's
 * files; the preview bucket's protections and lifecycle; the preview distribution on its own
 * domain, reached through OAC, signed only, with the preview headers.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_ENV, BUILD_LIMITS, type BuildRecordFile } from '../../contract/design/build';
import { CAPTURE_REASONS, capturePixels, pngSizeOf } from '../../contract/design/capture';
import {
  COST_CAP_VARIABLES,
  DEFAULT_COST_CAPS,
  livePreviewContentSecurityPolicy,
  PREVIEW_ROBOTS_TAG,
  previewRetention,
} from '../../contract/design/live-previews';
import { secretArnVariable } from '../../contract/design/secrets';
import { logicalIdOf, projectRoot } from '../../lib/constructs/marketplace-function';
import { PROCESSING_ASL } from '../../lib/constructs/processing';
import {
  CONCURRENT_BUILDS,
  queuedTimeoutMinutes,
  UNCONFIGURED_PREVIEW_KEY,
} from '../../lib/constructs/version-builds';
import { CAPTURE_BROWSER_VARIABLE } from '../../lib/constructs/version-build-spec';
import { findChromium } from '../../lib/local/build/capture';
import { createApp } from '../../lib/stacks/create-app';
import { PROD_CONTEXT, synthApp, type SynthesisedApp } from '../fixtures/synth';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

let app: SynthesisedApp;
let nested: Template;
let resources: Resources;

beforeAll(() => {
  app = synthApp();
  nested = Template.fromStack(app.stack.versionBuilds);
  resources = nested.toJSON().Resources as Resources;
});

const onlyOf = (type: string) => {
  const found = Object.entries(resources).filter(([, resource]) => resource.Type === type);
  expect(found, type).toHaveLength(1);
  return { id: found[0]![0], properties: found[0]![1].Properties };
};

/** A template value as text: joins of `Fn::Join`, `Ref` and `Fn::GetAtt` as `<name>`. */
const render = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(render).join(',');
  const node = value as Record<string, unknown>;
  if ('Fn::Join' in node) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(render).join(separator);
  }
  if ('Ref' in node) return `<${String(node.Ref)}>`;
  if ('Fn::GetAtt' in node) return `<${(node['Fn::GetAtt'] as string[]).join('.')}>`;
  return JSON.stringify(value);
};

const statementsOfRole = (roleId: string) =>
  Object.values(resources)
    .filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' &&
        (resource.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    )
    .flatMap(
      (policy) =>
        (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
    )
    .map((statement) => ({
      effect: statement.Effect,
      actions: [statement.Action].flat().sort() as string[],
      resources: [statement.Resource].flat().map(render),
    }));

/** The S3 statements of a role of the main stack, with their resource as text. */
const s3StatementsOf = (roleId: string) =>
  Object.values(app.template.findResources('AWS::IAM::Policy'))
    .filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Record<string, unknown>[])
    .filter((s) => [s.Action].flat().some((a) => String(a).startsWith('s3:')))
    .map((s) => ({
      actions: [s.Action].flat().map(String).sort(),
      resource: render(s.Resource),
      condition: s.Condition as Record<string, unknown> | undefined,
    }));

/** The runner script the buildspec writes and runs (base64 in the build phase). */
const runnerOfProject = (): string => {
  const { properties } = onlyOf('AWS::CodeBuild::Project');
  const spec = JSON.parse(String((properties.Source as { BuildSpec: string }).BuildSpec)) as {
    phases: Record<string, { commands: string[] }>;
  };
  const line = spec.phases.build!.commands.find((c) => c.includes('base64 -d'))!;
  return Buffer.from(/^echo (\S+) \|/.exec(line)![1]!, 'base64').toString('utf8');
};

describe('the version build project', () => {
  it('runs on a small ARM machine, unprivileged, with no source, artifacts, VPC or secrets', () => {
    const { properties } = onlyOf('AWS::CodeBuild::Project');
    expect(properties).toMatchObject({
      Environment: {
        ComputeType: 'BUILD_GENERAL1_SMALL',
        Type: 'ARM_CONTAINER',
        PrivilegedMode: false,
      },
      Source: { Type: 'NO_SOURCE' },
      Artifacts: { Type: 'NO_ARTIFACTS' },
    });
    // No VPC: it reaches nothing private of ours (the stack has no VPC), and the internet only
    // for what installs download (docs/operations.md, "Version builds and previews").
    expect(properties.VpcConfig).toBeUndefined();
    const variables = (properties.Environment as { EnvironmentVariables: { Type: string }[] })
      .EnvironmentVariables;
    expect(variables.length).toBe(2);
    for (const variable of variables) expect(variable.Type).toBe('PLAINTEXT');
    const buildSpec = String((properties.Source as { BuildSpec: string }).BuildSpec);
    expect(buildSpec).not.toMatch(/secrets-manager|parameter-store|exported-variables/);
    // What it writes goes to S3 (SSE-S3) itself; CodeBuild's own default key covers the rest.
    expect(properties.EncryptionKey ?? 'alias/aws/s3').toBe('alias/aws/s3');
  });

  it('stops a build at its time limit, drops one queued too long, and runs a few at once', () => {
    const { properties } = onlyOf('AWS::CodeBuild::Project');
    expect(properties).toMatchObject({
      TimeoutInMinutes: BUILD_LIMITS.jobTimeoutMinutes,
      QueuedTimeoutInMinutes: queuedTimeoutMinutes(),
      ConcurrentBuildLimit: CONCURRENT_BUILDS,
    });
  });

  it('logs to CloudWatch only, in a log group kept a month', () => {
    const { properties } = onlyOf('AWS::CodeBuild::Project');
    const logs = properties.LogsConfig as {
      CloudWatchLogs: { Status: string; GroupName: { Ref: string } };
      S3Logs?: { Status: string };
    };
    expect(logs.CloudWatchLogs.Status).toBe('ENABLED');
    expect(logs.S3Logs?.Status ?? 'DISABLED').toBe('DISABLED');
    const group = resources[logs.CloudWatchLogs.GroupName.Ref]!;
    expect(group.Type).toBe('AWS::Logs::LogGroup');
    expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('has a role that reads bundles, writes records and preview sites, and nothing else', () => {
    const { properties } = onlyOf('AWS::CodeBuild::Project');
    const roleId = (properties.ServiceRole as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect(resources[roleId]!.Properties.AssumeRolePolicyDocument).toMatchObject({
      Statement: [{ Principal: { Service: 'codebuild.amazonaws.com' } }],
    });
    expect(resources[roleId]!.Properties.ManagedPolicyArns).toBeUndefined();
    const statements = statementsOfRole(roleId);
    const s3 = statements.filter((s) => s.actions.some((a) => a.startsWith('s3:')));
    const previewBucket = logicalIdOf(app.stack.versionBuilds.previewBucket);
    expect(s3).toEqual([
      {
        effect: 'Allow',
        actions: ['s3:GetObject'],
        resources: [
          expect.stringMatching(/^<referenceto\w*MvpFilesBucket\w*Arn>\/mvps\/\*\/bundle\.\*$/),
        ],
      },
      {
        effect: 'Allow',
        actions: ['s3:PutObject'],
        resources: [`<${previewBucket}.Arn>/records/*`, `<${previewBucket}.Arn>/sites/*`],
      },
    ]);
    // Logs into its own group; no report groups, secrets, parameters, keys or other service.
    const others = statements.filter((s) => !s.actions.some((a) => a.startsWith('s3:')));
    for (const statement of others) {
      for (const action of statement.actions)
        expect(action).toMatch(/^logs:(CreateLogStream|PutLogEvents|CreateLogGroup)$/);
      for (const resource of statement.resources) {
        expect(resource).toMatch(
          /^<BuildLogs\w+\.Arn>$|:log-group:\/aws\/codebuild\/<VersionBuild\w+>(:\*)?$/,
        );
      }
    }
    const all = statements.flatMap((s) => s.actions);
    for (const forbidden of [/^codebuild:/, /^secretsmanager:/, /^ssm:/, /^kms:/, /^dynamodb:/]) {
      expect(all.filter((a) => forbidden.test(a))).toEqual([]);
    }
  });
});

describe('the buildspec', () => {
  const runnerOf = runnerOfProject;

  it('installs the runtimes as root, then hands the seller code a user without credentials', () => {
    const { properties } = onlyOf('AWS::CodeBuild::Project');
    const spec = JSON.parse(String((properties.Source as { BuildSpec: string }).BuildSpec)) as {
      phases: Record<string, { commands: string[]; 'runtime-versions'?: Record<string, string> }>;
    };
    expect(spec.phases.install!['runtime-versions']).toMatchObject({ nodejs: expect.any(String) });
    expect(spec.phases.install!.commands.join('\n')).toContain('useradd');
    const runner = runnerOf();
    // Each step runs as the build user with a clean environment (env -i): neither the container
    // credentials' address nor any CodeBuild variable reaches it.
    expect(runner).toContain("'runuser', ['-u', USER, '--', 'env', '-i'");
    expect(runner).not.toContain('AWS_CONTAINER_CREDENTIALS');
  });

  it('finds or installs the capture browser in the install phase, before any seller file exists', () => {
    const { properties } = onlyOf('AWS::CodeBuild::Project');
    const spec = JSON.parse(String((properties.Source as { BuildSpec: string }).BuildSpec)) as {
      phases: Record<string, { commands: string[] }>;
    };
    const install = spec.phases.install!.commands.join('\n');
    // The image's Chrome first; Playwright's headless shell only when there is none.
    expect(install).toMatch(
      /CAPTURE_BROWSER=\$\(command -v google-chrome \|\| command -v chromium/,
    );
    expect(install).toMatch(
      /if \[ -z "\$CAPTURE_BROWSER" \]; then .*install chromium-headless-shell/,
    );
    expect(install).toContain(`export ${CAPTURE_BROWSER_VARIABLE}`);
    expect(spec.phases.build!.commands.join('\n')).not.toContain('chromium');
    const runner = runnerOf();
    // The browser runs as the build user with a clean environment; nothing but 127.0.0.1.
    expect(runner).toContain("cp.spawn('runuser', ['-u', USER, '--', 'env', '-i'");
    expect(runner).toContain('--proxy-bypass-list=127.0.0.1');
    expect(runner).toContain('MAP * ~NOTFOUND, EXCLUDE 127.0.0.1');
    expect(runner).toContain("server.listen(0, '127.0.0.1'");
  });

  it('refuses a run whose bundle, record and site are not the same version in its own buckets', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'runner-'));
    const file = path.join(dir, 'run-build.cjs');
    writeFileSync(file, runnerOf());
    const run = (variables: Record<string, string>) => {
      try {
        execFileSync(process.execPath, [file], {
          env: {
            PATH: '/nonexistent',
            BUILD_RUNNER_ROOT: path.join(dir, 'build'),
            PROJECT_FILES_BUCKET: 'files',
            PROJECT_PREVIEW_BUCKET: 'previews',
            ...variables,
          },
          stdio: 'pipe',
          timeout: 10_000,
        });
        return { code: 0, stderr: '' };
      } catch (error) {
        const failed = error as { status: number; stderr: Buffer };
        return { code: failed.status, stderr: failed.stderr.toString('utf8') };
      }
    };
    const own = {
      [BUILD_ENV.bundleBucket]: 'files',
      [BUILD_ENV.bundleKey]: 'mvps/tpl1/ver1/bundle.zip',
      [BUILD_ENV.outputBucket]: 'previews',
      [BUILD_ENV.recordKey]: 'records/tpl1/ver1/build.json',
      [BUILD_ENV.sitePrefix]: 'sites/tpl1/ver1/',
    };
    for (const other of [
      { [BUILD_ENV.bundleKey]: 'mvps/tpl2/ver1/bundle.zip' },
      { [BUILD_ENV.bundleKey]: 'mvps/tpl1/ver1/../../tpl2/ver1/bundle.zip' },
      { [BUILD_ENV.recordKey]: 'records/tpl2/ver1/build.json' },
      { [BUILD_ENV.sitePrefix]: 'sites/tpl1/ver2/' },
      { [BUILD_ENV.sitePrefix]: 'records/tpl1/ver1/' },
      { [BUILD_ENV.bundleBucket]: 'another-bucket' },
      { [BUILD_ENV.outputBucket]: 'files' },
    ]) {
      const result = run({ ...own, ...other });
      expect(result.code, JSON.stringify(other)).toBe(2);
      expect(result.stderr).toContain('Refused');
    }
    // Its own files pass the check (and then fail to download here: no AWS CLI on this PATH).
    expect(run(own).stderr).not.toContain('Refused');
  });
});

describe('the buildspec’s runner, run here with stand-ins for the AWS CLI and runuser', () => {
  /**
   * A folder standing in for S3 (`s3/<bucket>/<key>`), and on the PATH an `aws` that copies to
   * and from it, a `runuser` that runs the command as this user, a `chown` that does nothing.
   */
  const world = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'build-runner-'));
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    const fake = (name: string, body: string) => {
      writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`);
      chmodSync(path.join(bin, name), 0o755);
    };
    const s3 = path.join(dir, 's3');
    fake(
      'aws',
      `keyfile() { echo "${s3}/\${1#s3://}"; }
case "$2" in
  cp) case "$3" in s3://*) cp "$(keyfile "$3")" "$4";; *) mkdir -p "$(dirname "$(keyfile "$4")")" && cp "$3" "$(keyfile "$4")";; esac;;
  sync) mkdir -p "$(keyfile "$4")" && cp -R "$3"/. "$(keyfile "$4")";;
esac`,
    );
    fake('runuser', 'shift 3\nexec "$@"');
    fake('chown', 'exit 0');
    return { dir, bin, s3 };
  };

  /** The bundle's files, inside one wrapping folder when `wrap` names it (a GitHub zipball). */
  const bundleWith = (s3: string, files: Record<string, string>, wrap?: string) => {
    const project = mkdtempSync(path.join(tmpdir(), 'bundle-'));
    const folder = wrap ? path.join(project, wrap) : project;
    mkdirSync(folder, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    mkdirSync(path.join(s3, 'files', 'mvps', 'tpl1', 'ver1'), { recursive: true });
    execFileSync('tar', [
      '-czf',
      path.join(s3, 'files/mvps/tpl1/ver1/bundle.tar.gz'),
      '-C',
      project,
      '.',
    ]);
  };

  const runBuild = (buildCommand: string, wrap?: string, extra: Record<string, string> = {}) => {
    const { dir, bin, s3 } = world();
    const manifest = {
      name: 'demo',
      version: '1.0.0',
      scripts: {
        // What the install sees: NODE_ENV=production there would leave devDependencies out.
        install: "node -e \"console.log('install NODE_ENV', process.env.NODE_ENV ?? 'unset')\"",
        build: 'node build.js',
      },
    };
    bundleWith(
      s3,
      {
        'package.json': JSON.stringify(manifest),
        'package-lock.json': JSON.stringify({
          name: 'demo',
          version: '1.0.0',
          lockfileVersion: 3,
          requires: true,
          packages: { '': { name: 'demo', version: '1.0.0' } },
        }),
        'build.js': `require('fs').mkdirSync('dist/assets', { recursive: true });
require('fs').writeFileSync('dist/index.html', '<link rel="stylesheet" href="/assets/site.css"><h1>Demo</h1><script src="./assets/app.js"></script>');
require('fs').writeFileSync('dist/assets/site.css', 'body { background: #2a6; }');
require('fs').writeFileSync('dist/assets/app.js', 'console.log(1)');
console.log('built for', process.env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI ?? 'nobody');
console.log('build NODE_ENV', process.env.NODE_ENV);`,
      },
      wrap,
    );
    const runner = path.join(dir, 'run-build.cjs');
    writeFileSync(runner, runnerOfProject());
    const userPath = `${bin}:${process.env.PATH}`;
    execFileSync(process.execPath, [runner], {
      env: {
        PATH: userPath,
        BUILD_USER_PATH: userPath,
        BUILD_RUNNER_ROOT: path.join(dir, 'build'),
        PROJECT_FILES_BUCKET: 'files',
        PROJECT_PREVIEW_BUCKET: 'previews',
        // What CodeBuild's agent has, which the build must not see.
        AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: '/v2/credentials/secret',
        [BUILD_ENV.bundleBucket]: 'files',
        [BUILD_ENV.bundleKey]: 'mvps/tpl1/ver1/bundle.tar.gz',
        [BUILD_ENV.packageManager]: 'npm',
        [BUILD_ENV.installCommand]: 'npm ci',
        [BUILD_ENV.buildCommand]: buildCommand,
        [BUILD_ENV.outputDir]: 'dist',
        [BUILD_ENV.outputBucket]: 'previews',
        [BUILD_ENV.recordKey]: 'records/tpl1/ver1/build.json',
        [BUILD_ENV.sitePrefix]: 'sites/tpl1/ver1/',
        ...extra,
      },
      stdio: 'pipe',
      timeout: 60_000,
    });
    const record = JSON.parse(
      readFileSync(path.join(s3, 'previews/records/tpl1/ver1/build.json'), 'utf8'),
    ) as BuildRecordFile;
    return {
      record,
      sites: path.join(s3, 'previews/sites/tpl1/ver1'),
      records: path.join(s3, 'previews/records/tpl1/ver1'),
    };
  };

  it('installs with the lock file, builds, records and publishes the static site', () => {
    // In one wrapping folder, as GitHub's zipballs are: that folder is the bundle's root.
    const { record, sites } = runBuild('npm run build', 'demo-main');
    expect(record).toMatchObject({
      outcome: 'built',
      package_manager: 'npm',
      install_command: 'npm ci',
      build_command: 'npm run build',
      static_site: true,
      output_files: 3,
      environment: 'codebuild',
    });
    expect(record.install_ms).toBeGreaterThan(0);
    expect(record.runtime_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readFileSync(path.join(sites, 'index.html'), 'utf8')).toContain('./assets/app.js');
    expect(readFileSync(path.join(sites, 'assets/app.js'), 'utf8')).toBe('console.log(1)');
    // No browser named: built all the same, and the record says why there are no pictures.
    expect(record.screenshots).toEqual([]);
    expect(record.screenshot_reason).toBe(CAPTURE_REASONS.noBrowser);
    // The build ran with a clean environment: the credentials' address never reached it.
    expect(record.log_tail).toContain('built for nobody');
    // The install keeps devDependencies (no NODE_ENV); the build runs as production.
    expect(record.log_tail).toContain('install NODE_ENV unset');
    expect(record.log_tail).toContain('build NODE_ENV production');
  }, 90_000);

  const browser = findChromium();
  it.skipIf(!browser)(
    'takes the desktop and phone pictures with the browser and puts them beside the record',
    () => {
      const { record, records } = runBuild('npm run build', undefined, {
        [CAPTURE_BROWSER_VARIABLE]: browser!.path,
      });
      expect(record.outcome).toBe('built');
      expect(record.screenshot_reason).toBeUndefined();
      expect(record.screenshots?.map((shot) => shot.viewport)).toEqual(['desktop', 'phone']);
      for (const shot of record.screenshots ?? []) {
        expect(shot.key).toBe(`records/tpl1/ver1/screenshot-${shot.viewport}.png`);
        const bytes = readFileSync(path.join(records, `screenshot-${shot.viewport}.png`));
        expect(pngSizeOf(bytes)).toEqual(capturePixels(shot.viewport));
        expect(shot).toMatchObject({ ...capturePixels(shot.viewport), bytes: bytes.byteLength });
      }
    },
    90_000,
  );

  it('records a failed build with its exit code and log tail, and publishes nothing', () => {
    const { record, sites } = runBuild('echo broken build script >&2; exit 3');
    expect(record).toMatchObject({ outcome: 'failed', failed_step: 'build', static_site: false });
    expect(record.reason).toContain('exit code 3');
    expect(record.log_tail).toContain('broken build script');
    expect(existsSync(sites)).toBe(false);
  }, 90_000);
});

describe('the preview bucket', () => {
  const bucket = () => resources[logicalIdOf(app.stack.versionBuilds.previewBucket)]!.Properties;

  it('is private, encrypted and TLS only', () => {
    expect(bucket()).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      },
    });
    const policy = onlyOf('AWS::S3::BucketPolicy').properties.PolicyDocument as {
      Statement: { Effect: string; Condition?: unknown; Principal?: unknown; Action: unknown }[];
    };
    expect(policy.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    // The only reader is the preview distribution (OAC), for GetObject.
    const allows = policy.Statement.filter((s) => s.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0]).toMatchObject({
      Principal: { Service: 'cloudfront.amazonaws.com' },
      Action: 's3:GetObject',
    });
  });

  it('removes retired previews (tagged by the service) and old build records by lifecycle', () => {
    const rules = (bucket().LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        Status: 'Enabled',
        TagFilters: [
          { Key: previewRetention.retiredTag.key, Value: previewRetention.retiredTag.value },
        ],
        ExpirationInDays: previewRetention.retiredExpireAfterDays,
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({
        Status: 'Enabled',
        Prefix: 'records/',
        ExpirationInDays: previewRetention.recordsExpireAfterDays,
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
    // A preview that is kept is never expired by age: no rule without a filter expires objects.
    for (const rule of rules.filter((r) => r.ExpirationInDays !== undefined)) {
      expect(Boolean(rule.Prefix) || Boolean(rule.TagFilters)).toBe(true);
    }
  });
});

describe('the preview distribution', () => {
  const distribution = () =>
    onlyOf('AWS::CloudFront::Distribution').properties.DistributionConfig as {
      Aliases?: string[];
      Origins: {
        OriginPath?: string;
        OriginAccessControlId?: unknown;
        S3OriginConfig?: { OriginAccessIdentity: string };
      }[];
      DefaultCacheBehavior: {
        TrustedKeyGroups?: { Ref: string }[];
        ViewerProtocolPolicy: string;
        CachePolicyId: string;
        OriginRequestPolicyId?: unknown;
        ResponseHeadersPolicyId: { Ref: string };
        ForwardedValues?: unknown;
      };
      CacheBehaviors?: unknown[];
    };

  it('reads the bucket through origin access control, sites/ only', () => {
    const [origin, ...more] = distribution().Origins;
    expect(more).toEqual([]);
    expect(origin!.OriginAccessControlId).toBeDefined();
    expect(origin!.S3OriginConfig?.OriginAccessIdentity ?? '').toBe('');
    expect(origin!.OriginPath).toBe('/sites');
    expect(onlyOf('AWS::CloudFront::OriginAccessControl').properties).toMatchObject({
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
  });

  it('is on its own domain: CloudFront’s name, not the marketplace’s distribution', () => {
    expect(distribution().Aliases).toBeUndefined();
    expect(app.stack.versionBuilds.distribution).not.toBe(app.stack.web.distribution);
    const site = app.template.toJSON().Resources[logicalIdOf(app.stack.web.distribution)];
    expect(JSON.stringify(site)).not.toContain('PreviewDistribution');
  });

  it('serves signed requests only (a trusted key group), HTTPS only, no cookie forwarded', () => {
    const behaviour = distribution().DefaultCacheBehavior;
    expect(distribution().CacheBehaviors ?? []).toEqual([]);
    expect(behaviour.TrustedKeyGroups).toEqual([{ Ref: onlyOf('AWS::CloudFront::KeyGroup').id }]);
    expect(behaviour.ViewerProtocolPolicy).toBe('https-only');
    // CachingOptimized: no cookie, query string or header in the key or to the origin.
    expect(behaviour.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6');
    expect(behaviour.OriginRequestPolicyId).toBeUndefined();
    expect(behaviour.ForwardedValues).toBeUndefined();
    const group = onlyOf('AWS::CloudFront::KeyGroup').properties.KeyGroupConfig as {
      Items: { Ref: string }[];
    };
    const key = resources[group.Items[0]!.Ref]!.Properties.PublicKeyConfig as {
      EncodedKey: string;
    };
    expect(group.Items).toHaveLength(1);
    // Without -c previewPublicKeys: the placeholder nobody can sign for (fails closed).
    expect(key.EncodedKey.trim()).toBe(
      readFileSync(path.join(projectRoot, UNCONFIGURED_PREVIEW_KEY), 'utf8').trim(),
    );
  });

  it('answers with a strict CSP framed by the marketplace only, noindex, HSTS and nosniff', () => {
    const policyId = distribution().DefaultCacheBehavior.ResponseHeadersPolicyId.Ref;
    const config = resources[policyId]!.Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
    };
    const csp = config.SecurityHeadersConfig.ContentSecurityPolicy!;
    // A stage without a domain cannot name its own CloudFront host before the deploy.
    expect(csp).toEqual({
      ContentSecurityPolicy: livePreviewContentSecurityPolicy(['https://*.cloudfront.net']),
      Override: true,
    });
    expect(String(csp.ContentSecurityPolicy)).toMatch(/script-src 'self';/);
    expect(String(csp.ContentSecurityPolicy)).toMatch(/form-action 'none'/);
    expect(config.CustomHeadersConfig.Items).toContainEqual({
      Header: 'X-Robots-Tag',
      Value: PREVIEW_ROBOTS_TAG,
      Override: true,
    });
    expect(PREVIEW_ROBOTS_TAG).toContain('noindex');
    expect(config.SecurityHeadersConfig.StrictTransportSecurity).toMatchObject({ Override: true });
    expect(config.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
  });

  it('turns a signed address into cookies for that preview’s folder only', () => {
    const functions = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::CloudFront::Function',
    );
    const code = functions.map((f) => String(f.Properties.FunctionCode)).join('\n');
    expect(code).toContain("response.cookies['CloudFront-Policy']");
    expect(code).toMatch(
      /Path=\/' \+ parts\[1\] \+ '\/' \+ parts\[2\] \+ '\/; Max-Age=\d+; Secure; HttpOnly/,
    );
  });
});

describe('the preview domain and keys from context', () => {
  const withDomain = {
    ...PROD_CONTEXT,
    previewDomain: 'preview.mvp-previews.net',
    previewPublicKeys:
      'test/fixtures/preview-keys/test-a.pub.pem,test/fixtures/preview-keys/test-b.pub.pem',
  };

  it('serves previews on the preview domain, trusting every listed key, framed by the site only', () => {
    const prod = synthApp(withDomain);
    const template = Template.fromStack(prod.stack.versionBuilds);
    const found = template.findResources('AWS::CloudFront::Distribution');
    const config = Object.values(found)[0]!.Properties.DistributionConfig;
    expect(config.Aliases).toEqual(['preview.mvp-previews.net']);
    expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021' });
    const keys = template.findResources('AWS::CloudFront::PublicKey');
    expect(Object.keys(keys)).toHaveLength(2);
    expect(
      Object.values(template.findResources('AWS::CloudFront::KeyGroup'))[0]!.Properties,
    ).toMatchObject({ KeyGroupConfig: { Items: Object.keys(keys).map((id) => ({ Ref: id })) } });
    const policy = Object.values(
      template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    )[0]!;
    expect(
      policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
        .ContentSecurityPolicy,
    ).toContain(`frame-ancestors https://${PROD_CONTEXT.domainName}`);
  });

  it('refuses a preview domain on the marketplace’s own site, and caps that are not counts', () => {
    const settings = (context: Record<string, unknown>) => () =>
      createApp({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
    expect(settings({ ...PROD_CONTEXT, previewDomain: 'preview.mvp-marketplace.dev' })).toThrow(
      /another site/,
    );
    expect(settings({ buildMinutesPerSeller: 'lots' })).toThrow(/buildMinutesPerSeller/);
    expect(settings({ previewPublicKeys: '../secrets/key.pem' })).toThrow(/previewPublicKeys/);
  });
});

describe('the processing state machine’s Build state', () => {
  interface AslState {
    Type: string;
    Resource?: string;
    Parameters?: Record<string, unknown>;
    Next?: string;
    Default?: string;
    End?: boolean;
    TimeoutSeconds?: number;
    Choices?: { Next: string }[];
    Catch?: { ErrorEquals: string[]; Next: string; ResultPath?: string }[];
  }
  const processingMachine = () => {
    const found = Object.entries(app.template.findResources('AWS::StepFunctions::StateMachine'))
      .filter(([id]) => id.startsWith('Processing'))
      .map(([, resource]) => resource.Properties);
    expect(found).toHaveLength(1);
    return found[0] as {
      DefinitionS3Location: { Key: string };
      DefinitionSubstitutions: Record<string, unknown>;
      RoleArn: { 'Fn::GetAtt': [string, string] };
    };
  };
  /** The definition as deployed: the asset the state machine's DefinitionS3Location names. */
  const deployed = (): Record<string, AslState> => {
    const key = processingMachine().DefinitionS3Location.Key;
    const file = readdirSync(app.outdir).find((name) => name.endsWith(key))!;
    return (
      JSON.parse(readFileSync(path.join(app.outdir, file), 'utf8')) as {
        States: Record<string, AslState>;
      }
    ).States;
  };

  it('runs the project with startBuild.sync, its name substituted from the nested stack', () => {
    const build = deployed().Build!;
    expect(build).toMatchObject({
      Type: 'Task',
      Resource: 'arn:aws:states:::codebuild:startBuild.sync',
      Parameters: { ProjectName: '${BuildProjectName}' },
    });
    expect(JSON.stringify(processingMachine().DefinitionSubstitutions.BuildProjectName)).toMatch(
      /VersionBuilds\w*NestedStackResource\w*.*Outputs\.\w*VersionBuild\w*Ref/,
    );
    expect(JSON.parse(readFileSync(PROCESSING_ASL, 'utf8')).States.Build).toEqual(build);
  });

  it('catches every error and goes on to the next step: a build never fails the version', () => {
    const states = deployed();
    const build = states.Build!;
    expect(build.Catch).toEqual([
      { ErrorEquals: ['States.ALL'], ResultPath: expect.any(String), Next: build.Next },
    ]);
    // The error goes beside the input, which the next steps still read.
    expect(build.Catch![0]!.ResultPath).not.toBe('$');
    // Every way on from Build reaches Publish before any failure state.
    const failing = new Set(
      Object.entries(states)
        .filter(([name, state]) => state.Type === 'Fail' || name === 'MarkProcessingFailed')
        .map(([name]) => name),
    );
    const seen = new Set<string>();
    const walk = (name: string): void => {
      if (seen.has(name) || name === 'Publish') return;
      seen.add(name);
      expect(failing.has(name), `${name} is reachable from Build before Publish`).toBe(false);
      const state = states[name]!;
      for (const next of [
        state.Next,
        state.Default,
        ...(state.Choices ?? []).map((choice) => choice.Next),
        ...(state.Catch ?? []).map((c) => c.Next),
      ]) {
        if (next) walk(next);
      }
      if (!state.Next && !state.Default && !state.Choices) expect(state.End ?? false).toBe(false);
    };
    walk('Build');
    expect(seen.has(build.Next!)).toBe(true);
  });

  it('waits for a build as long as the project may queue and run it', () => {
    const build = deployed().Build!;
    expect(queuedTimeoutMinutes() + BUILD_LIMITS.jobTimeoutMinutes).toBeLessThanOrEqual(
      build.TimeoutSeconds! / 60,
    );
  });

  it('may start, stop and watch this project’s builds and manage the .sync events rule', () => {
    const roleId = processingMachine().RoleArn['Fn::GetAtt'][0];
    const statements = Object.values(app.template.findResources('AWS::IAM::Policy'))
      .filter((policy) =>
        (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
      )
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Record<string, unknown>[]);
    const withAction = (action: string) =>
      statements.filter((s) => [s.Action].flat().includes(action));
    for (const action of [
      'codebuild:StartBuild',
      'codebuild:StopBuild',
      'codebuild:BatchGetBuilds',
    ]) {
      const found = withAction(action);
      expect(found, action).toHaveLength(1);
      expect(JSON.stringify(found[0]!.Resource)).toMatch(/Outputs\.\w*VersionBuild\w*Arn/);
    }
    for (const action of ['events:PutTargets', 'events:PutRule', 'events:DescribeRule']) {
      const found = withAction(action);
      expect(found, action).toHaveLength(1);
      expect(render(found[0]!.Resource)).toMatch(
        /^arn:<AWS::Partition>:events:<AWS::Region>:<AWS::AccountId>:rule\/StepFunctionsGetEventForCodeBuildStartBuildRule$/,
      );
    }
    expect(
      statements.flatMap((s) => [s.Action].flat()).filter((a) => /^codebuild:/.test(String(a))),
    ).toHaveLength(3);
  });

  it('tells PlanBuild and RecordBuild the preview bucket and the caps; RecordBuild reads records and tags sites only', () => {
    const { PlanBuildFunctionArn: planBuild, RecordBuildFunctionArn: recordBuild } =
      app.stack.processing.taskFunctions;
    const functions = app.template.findResources('AWS::Lambda::Function');
    for (const fn of [planBuild, recordBuild]) {
      const variables = functions[logicalIdOf(fn)]!.Properties.Environment.Variables;
      expect(JSON.stringify(variables.LIVE_PREVIEWS_BUCKET)).toMatch(
        /Outputs\.\w*PreviewBucket\w*Ref/,
      );
      expect(variables[COST_CAP_VARIABLES.buildMinutesPerSeller]).toBe(
        String(DEFAULT_COST_CAPS.buildMinutesPerSeller),
      );
      expect(variables[COST_CAP_VARIABLES.previewMegabytesPerSeller]).toBe(
        String(DEFAULT_COST_CAPS.previewMegabytesPerSeller),
      );
    }
    const s3 = s3StatementsOf(logicalIdOf(recordBuild.executionRole));
    expect(s3.map((s) => s.actions).sort()).toEqual([
      ['s3:GetObject'],
      ['s3:ListBucket'],
      ['s3:ListBucket'],
      ['s3:PutObjectTagging'],
    ]);
    expect(s3.find((s) => s.actions[0] === 's3:GetObject')!.resource).toMatch(
      /PreviewBucket\w*Arn.*\/records\/\*$/,
    );
    // A missing record must read as 404 (no record), not 403: ListBucket on the bucket itself.
    expect(
      s3.some((s) => s.actions[0] === 's3:ListBucket' && /PreviewBucket\w*Arn>$/.test(s.resource)),
    ).toBe(true);
    // Retiring the previews past the two newest: tag objects of sites/, list sites/ only.
    expect(s3.find((s) => s.actions[0] === 's3:PutObjectTagging')!.resource).toMatch(
      /PreviewBucket\w*Arn.*\/sites\/\*$/,
    );
    expect(s3.filter((s) => s.condition).map((s) => s.condition)).toEqual([
      { StringLike: { 's3:prefix': ['sites/*'] } },
    ]);
  });

  it('lets the daily retirement of archived templates’ previews list and tag sites/, nothing else', () => {
    const fn = app.stack.schedules.functions.get('retireArchivedPreviews')!;
    const variables =
      app.template.findResources('AWS::Lambda::Function')[logicalIdOf(fn)]!.Properties.Environment
        .Variables;
    expect(JSON.stringify(variables.LIVE_PREVIEWS_BUCKET)).toMatch(
      /Outputs\.\w*PreviewBucket\w*Ref/,
    );
    const s3 = s3StatementsOf(logicalIdOf(fn.executionRole));
    expect(s3.map((s) => s.actions).sort()).toEqual([['s3:ListBucket'], ['s3:PutObjectTagging']]);
    expect(s3.find((s) => s.actions[0] === 's3:PutObjectTagging')!.resource).toMatch(
      /PreviewBucket\w*Arn.*\/sites\/\*$/,
    );
  });

  it('lets the security function alone read the preview signing key, with its ARN and the previews’ origin', () => {
    const security = app.stack.api.functions.get('security')!;
    const functions = app.template.findResources('AWS::Lambda::Function');
    const variables = functions[logicalIdOf(security)]!.Properties.Environment.Variables as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(variables[secretArnVariable('previewSigningKey')])).toMatch(
      /Outputs\.\w*PreviewSigningKey\w*Ref/,
    );
    // https:// and the preview distribution's own name (no -c previewDomain in this synth).
    expect(JSON.stringify(variables.PREVIEW_ORIGIN)).toMatch(
      /https:\/\/.*PreviewDistribution\w*DomainName/,
    );
    const readers = Object.values(app.template.findResources('AWS::IAM::Policy')).filter((policy) =>
      (policy.Properties.PolicyDocument.Statement as Record<string, unknown>[]).some(
        (statement) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
          /PreviewSigningKey/.test(JSON.stringify(statement.Resource)),
      ),
    );
    expect(readers.map((policy) => policy.Properties.Roles)).toEqual([
      [{ Ref: logicalIdOf(security.executionRole) }],
    ]);
    // Every other function: neither the key nor the variable.
    for (const [id, fn] of Object.entries(functions)) {
      if (id === logicalIdOf(security)) continue;
      const names = Object.keys(
        (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>,
      );
      expect(names, id).not.toContain(secretArnVariable('previewSigningKey'));
    }
  });
});
