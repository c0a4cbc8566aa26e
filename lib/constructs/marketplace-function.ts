/**
 * The house Lambda function: every domain Lambda is one of these, so runtime, architecture,
 * bundling, tracing, logging and environment are set in one place, and table or bucket access is
 * granted in one readable line (`bindTable`, `bindBucket`) with its cdk-nag acknowledgement beside it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetStaging, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { CfnElement } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** The repository root: entries, the lock file and `frontend/dist` are found from here. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export type TableAccess = 'read' | 'readWrite';
export type BucketAccess = 'read' | 'write' | 'readWrite';

export interface MarketplaceFunctionProps {
  /** The domain folder under `lambdas/`; the entry is `lambdas/<domain>/index.ts`. */
  readonly domain: string;
  /**
   * Another entry under `lambdas/` exporting `handler`, e.g. `processing/tasks/scan.ts` (Step
   * Functions tasks: one function per task).
   * @default `<domain>/index.ts`
   */
  readonly entry?: string;
  /** What the function is for, shown in the console and on its execution role. */
  readonly description?: string;
  /** Environment variables on top of the house defaults (`NODE_OPTIONS`). */
  readonly environment: Record<string, string>;
  /** @default 256 MB: enough for the SDK clients and ElectroDB, cheap at low traffic. */
  readonly memorySize?: number;
  /** @default 10 seconds: API Gateway gives up after 30, our handlers answer in well under 1. */
  readonly timeout?: Duration;
  /** @default one month */
  readonly logRetention?: RetentionDays;
  /**
   * Where an asynchronous invocation that failed all of Lambda's tries (two retries) goes, with
   * its error: the function's own dead-letter setting, so no extra resource per function.
   */
  readonly deadLetterQueue?: IQueue;
  /**
   * Files copied beside the bundle (paths from the project root) for a dependency that reads one
   * at run time: unrar's WebAssembly (lambdas/shared/archives/unrar.ts), for the scan and the audit.
   */
  readonly filesBesideBundle?: readonly string[];
  /**
   * npm packages left out of the bundle and installed beside it for Lambda's platform instead: a
   * package with a native binary (sharp's libvips), which esbuild cannot bundle and whose binary
   * must be the linux-arm64 build whatever machine runs `cdk deploy`.
   */
  readonly nativeModules?: readonly string[];
}

/**
 * What npm installs a native module for: Lambda's OS, CPU (the functions are arm64) and C library
 * (Amazon Linux 2023 is glibc). npm picks each package's optional platform package by these
 * (`@img/sharp-linux-arm64` for sharp), so an x64 laptop or CI runner bundles the right binary.
 */
export const LAMBDA_NATIVE_PLATFORM = {
  npm_config_os: 'linux',
  npm_config_cpu: 'arm64',
  npm_config_libc: 'glibc',
} as const;

/** The bundling options that install `modules` beside the bundle for Lambda's platform. */
export const nativeModuleBundling = (modules: readonly string[]) =>
  modules.length > 0
    ? { nodeModules: [...modules], environment: { ...LAMBDA_NATIVE_PLATFORM } }
    : {};

/**
 * Where Lambda puts the bundle. CommonJS code that reads `__dirname` at load (Emscripten's glue
 * of node-unrar-js) gets this folder: an ESM bundle has no `__dirname` of its own.
 */
export const LAMBDA_TASK_ROOT = '/var/task';

/**
 * How every function is bundled (esbuild, locally, never Docker). Exported so the bundle-size
 * budget test and `npm run bench -- cold-start` measure exactly what `cdk deploy` uploads.
 * The AWS SDK v3 is left out: the Node 24 runtime provides it.
 */
export const LAMBDA_BUNDLING = {
  minify: true,
  sourceMap: true,
  target: 'node24',
  format: OutputFormat.ESM,
  mainFields: ['module', 'main'],
  // Some dependencies still call `require` (CommonJS inside an ESM bundle needs one).
  banner:
    "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  externalModules: ['@aws-sdk/*'],
  define: { __dirname: JSON.stringify(LAMBDA_TASK_ROOT) },
} as const;

/**
 * esbuild's arguments for the bundle that ships: LAMBDA_BUNDLING's settings (those the CDK's own
 * esbuild run is given) with code splitting, so what an adapter imports on first use (stripe-node,
 * Octokit, an operation's handler) becomes a chunk loaded when it is called, not at the function's
 * import. The entry keeps the name Lambda loads (`index.mjs`); chunks sit beside it, so
 * `import.meta.url` and the `require` of the banner resolve from the same folder as before.
 * docs/architecture.md, "Cold starts".
 */
export const splitBundleArgs = (
  entry: string,
  outdir: string,
  nativeModules: readonly string[] = [],
): string[] => [
  '--bundle',
  entry,
  '--platform=node',
  `--target=${LAMBDA_BUNDLING.target}`,
  `--format=${LAMBDA_BUNDLING.format}`,
  '--splitting',
  `--outdir=${outdir}`,
  '--entry-names=index',
  '--chunk-names=[name]-[hash]',
  '--out-extension:.js=.mjs',
  ...(LAMBDA_BUNDLING.minify ? ['--minify'] : []),
  ...(LAMBDA_BUNDLING.sourceMap ? ['--sourcemap'] : []),
  ...[...LAMBDA_BUNDLING.externalModules, ...nativeModules].map((name) => `--external:${name}`),
  ...Object.entries(LAMBDA_BUNDLING.define).map(([key, value]) => `--define:${key}=${value}`),
  `--banner:js=${LAMBDA_BUNDLING.banner}`,
  `--main-fields=${LAMBDA_BUNDLING.mainFields.join(',')}`,
];

const shellQuote = (arg: string): string =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;

/**
 * The `afterBundling` command that rebuilds the CDK's single-file bundle as a split one in the same
 * output folder (the CDK runs esbuild with `--outfile`, which code splitting cannot use). Locally
 * the input folder is the project root and esbuild is our devDependency, as for the CDK's own run;
 * in a Docker build it is the image's esbuild and the container's paths.
 */
export const splitBundleCommand = (
  inputDir: string,
  outputDir: string,
  entry: string,
  nativeModules: readonly string[] = [],
): string => {
  const docker = inputDir === AssetStaging.BUNDLING_INPUT_DIR;
  const esbuild = docker ? 'esbuild' : path.join(projectRoot, 'node_modules', '.bin', 'esbuild');
  const relativeEntry = path.relative(projectRoot, entry).split(path.sep).join('/');
  const args = splitBundleArgs(path.posix.join(inputDir, relativeEntry), outputDir, nativeModules);
  return [esbuild, ...args, '--log-level=warning'].map(shellQuote).join(' ');
};

/**
 * A function's bundle may not exceed this many bytes, minified (test/infra). 270 KB since every
 * function that notifies a user also carries the e-mail outbox's renderer and sender (about 12 KB,
 * so a notification's e-mail leaves at once instead of with the next minute's sweep); each
 * function bundles only its own domain's routes (contract/routes/<domain>.ts), not the table.
 * 280 KB since the scan and the deploy read archives with one safe, streaming reader (yauzl,
 * 23 KB: lambdas/shared/archives); the bundles loaded at a cold start are 135 to 240 KB.
 */
export const LAMBDA_BUNDLE_BUDGET_BYTES = 280 * 1024;

/**
 * The budget of a function that calls Stripe (billing, refunds, the payout transfer): stripe-node,
 * the official client and our one code path to Stripe, is about 240 KB minified on its own and has
 * no smaller official build. Everything else in such a bundle keeps to the common budget, and the
 * client is imported on first use, so a route that never calls Stripe never loads it
 * (lambdas/shared/adapters/stripe.ts).
 */
export const STRIPE_CLIENT_ALLOWANCE_BYTES = 250 * 1024;

/**
 * The budget of a function that calls GitHub (the github API function and the github-sync tasks):
 * @octokit/rest with @octokit/auth-app, the official clients and our one code path to GitHub,
 * are about 150 KB minified together (the REST endpoint map alone is 82 KB). Everything else in
 * such a bundle keeps to the common budget, and the clients are imported on first use
 * (lambdas/shared/adapters/github.ts).
 */
export const OCTOKIT_CLIENT_ALLOWANCE_BYTES = 180 * 1024;

/** The npm packages the Octokit allowance covers: Octokit's own and its runtime dependencies. */
export const OCTOKIT_PACKAGES: readonly RegExp[] = [
  /^@octokit\//,
  /^universal-user-agent$/,
  /^universal-github-app-jwt$/,
  /^before-after-hook$/,
  /^toad-cache$/,
  /^fast-content-type-parse$/,
  /^json-with-bigint$/,
  /^bottleneck$/,
];

/**
 * The budget of a function that calls Netlify (the deployments API function and the buyer-deploy
 * site tasks): `@netlify/api`, the official client and our one code path to Netlify, with its
 * OpenAPI method table and `node-fetch` 3 (whose Blob and stream polyfills it brings along) is
 * about 110 KB minified. Everything else in such a bundle keeps to the common budget, and the
 * client is imported on first use (lambdas/shared/adapters/netlify.ts).
 */
export const NETLIFY_CLIENT_ALLOWANCE_BYTES = 130 * 1024;

/**
 * The budget of a function that scores advisories (the security audit and its daily re-check):
 * `ae-cvss-calculator` computes a CVSS 3.x or 4.0 base score from an advisory's vector and is one
 * CommonJS build of about 180 KB minified, with no smaller part to import. It is loaded with the
 * first vector to score (lambdas/security/severity.ts), never at a cold start.
 */
export const CVSS_CALCULATOR_ALLOWANCE_BYTES = 190 * 1024;

/**
 * The budget of the security audit: the lock-file parsers it needs beyond JSON and plain lines,
 * `yaml` (pnpm-lock.yaml and Yarn Berry, about 110 KB minified), `@yarnpkg/lockfile` (Yarn 1, Yarn's
 * own parser, about 105 KB) and `smol-toml` (poetry.lock and pyproject.toml, about 15 KB). Each is
 * loaded with the first file of its format (lambdas/security/lockfiles/parsers.ts), never at a cold
 * start.
 */
export const LOCK_FILE_PARSERS_ALLOWANCE_BYTES = 250 * 1024;

/**
 * The budget of a function that reads RAR bundles (the scan, the security audit): node-unrar-js's
 * Emscripten glue, about 70 KB minified, with the WebAssembly binary beside the bundle. The audit
 * loads it with the first RAR it meets (lambdas/security/bundle-rar.ts), never at a cold start.
 */
export const RAR_READER_ALLOWANCE_BYTES = 80 * 1024;

/** The npm packages the lock-file parsers' allowance covers. */
export const LOCK_FILE_PARSER_PACKAGES: readonly RegExp[] = [
  /^yaml$/,
  /^@yarnpkg\/lockfile$/,
  /^smol-toml$/,
];

/**
 * The budget of a function that detects how a template builds (processing's DetectSite, the
 * buyer-deploy plan): `@netlify/build-info`, Netlify's own framework detection, with what it brings
 * along (Bugsnag's notifier, semver, lockparse, minimatch), about 155 KB minified; its YAML and TOML
 * parsers count in the lock-file parsers' allowance. Loaded with the first detection
 * (lambdas/processing/tasks/detect-site.ts, lambdas/deployments/steps/site-plan.ts), never at a
 * cold start.
 */
export const NETLIFY_DETECTION_ALLOWANCE_BYTES = 170 * 1024;

/** The npm packages the detection allowance covers. */
export const NETLIFY_DETECTION_PACKAGES: readonly RegExp[] = [
  /^@netlify\/build-info$/,
  /^@bugsnag\//,
  /^error-stack-parser$/,
  /^stackframe$/,
  /^stack-generator$/,
  /^iserror$/,
  /^byline$/,
  /^semver$/,
  /^lockparse$/,
  /^minimatch$/,
  /^brace-expansion$/,
  /^balanced-match$/,
  /^dot-prop$/,
  /^find-up$/,
  /^read-pkg$/,
];

/** The npm packages the Netlify allowance covers: `@netlify/api` and its runtime dependencies. */
export const NETLIFY_PACKAGES: readonly RegExp[] = [
  /^@netlify\/(?!build-info$)/,
  /^node-fetch$/,
  /^fetch-blob$/,
  /^formdata-polyfill$/,
  /^web-streams-polyfill$/,
  /^node-domexception$/,
  /^data-uri-to-buffer$/,
  /^p-wait-for$/,
  /^p-timeout$/,
  /^picoquery$/,
];

/** The logical id of a resource as cdk-nag writes it in a finding (`<LogicalId.Arn>`). */
export const logicalIdOf = (construct: Construct): string => {
  const element = construct.node.defaultChild as CfnElement;
  return Stack.of(construct).resolve(element.logicalId) as string;
};

export class MarketplaceFunction extends NodejsFunction {
  readonly domain: string;
  /** The absolute path of the entry module (for bundle measurements). */
  readonly entryPath: string;
  /** Packages installed beside the bundle, not bundled (`nativeModules`). */
  readonly nativeModules: readonly string[];
  /** Files copied beside the bundle (`filesBesideBundle`). */
  readonly filesBesideBundle: readonly string[];

  /**
   * The execution role is our own (created beside the function, in the same scope) so it carries
   * no AWS-managed policy: log writes are granted on this function's log group only.
   */
  readonly executionRole: Role;

  constructor(scope: Construct, id: string, props: MarketplaceFunctionProps) {
    const entry = path.join(
      projectRoot,
      'lambdas',
      props.entry ?? path.join(props.domain, 'index.ts'),
    );
    if (!existsSync(entry)) {
      throw new Error(
        `The domain "${props.domain}" has routes but no Lambda entry at ${entry}: ` +
          'create lambdas/<domain>/index.ts exporting `handler` (see contract/routes).',
      );
    }
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs are diagnostics, not data: they go with the stack whatever `retainData` says.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of the ${props.description ?? `${props.domain} Lambda`}`,
    });

    super(scope, id, {
      entry,
      handler: 'handler',
      ...(props.description ? { description: props.description } : {}),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup,
      role,
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      projectRoot,
      environment: {
        // Stack traces in CloudWatch point at the TypeScript source, not the minified bundle.
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        ...LAMBDA_BUNDLING,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        externalModules: [...LAMBDA_BUNDLING.externalModules],
        // Never fall back to Docker: esbuild is a devDependency, bundling runs locally and offline.
        forceDockerBundling: false,
        define: { ...LAMBDA_BUNDLING.define },
        ...nativeModuleBundling(props.nativeModules ?? []),
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => [
            splitBundleCommand(inputDir, outputDir, entry, props.nativeModules ?? []),
            ...(props.filesBesideBundle ?? []).map(
              (file) => `cp "${path.join(inputDir, file)}" "${outputDir}/"`,
            ),
          ],
        },
      },
    });
    this.domain = props.domain;
    this.entryPath = entry;
    this.nativeModules = props.nativeModules ?? [];
    this.filesBesideBundle = props.filesBesideBundle ?? [];
    this.executionRole = role;

    logGroup.grantWrite(role);
    // Active tracing adds xray:PutTraceSegments/PutTelemetryRecords on "*" to the role.
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions; CDK adds them for active tracing.',
    });
  }

  /** Grants this function read or read/write access to the single table and its indexes. */
  bindTable(table: ITable, access: TableAccess): this {
    if (access === 'read') table.grantReadData(this);
    else table.grantReadWriteData(this);
    Validations.of(this.executionRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(table)}.Arn>/index/*]`,
      reason:
        'Access patterns query the GSIs (gsi1..gsi3) of this one table; the grant is limited to its own indexes.',
    });
    return this;
  }

  /**
   * Grants object-level access under one key prefix of a bucket: explicit actions, no `s3:*` and
   * no bucket-wide listing, so a function that writes uploads cannot read bundles.
   */
  bindBucket(bucket: IBucket, access: BucketAccess, prefix: string): this {
    const actions = [
      ...(access === 'write' ? [] : ['s3:GetObject']),
      ...(access === 'read' ? [] : ['s3:PutObject', 's3:DeleteObject']),
    ];
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({ actions, resources: [bucket.arnForObjects(`${prefix}*`)] }),
    );
    Validations.of(this.executionRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(bucket)}.Arn>/${prefix}*]`,
      reason: `Objects are addressed by generated keys under "${prefix}"; the grant is limited to that prefix of this bucket.`,
    });
    return this;
  }
}
