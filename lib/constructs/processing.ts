/**
 * The MVP processing pipeline (scan → audit → pin → renditions → site detection → build → publish): the state machine from
 * `state-machines/mvp-processing.asl.json` (the same file the local runner executes), with each
 * `${…FunctionArn}` placeholder substituted by one task function. Each task function gets only
 * what its step needs; the state machine logs every execution (with data) and is traced by X-Ray.
 */
import { Duration } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { stateMachineDesign, type TaskPlaceholder } from '../../contract/design/state-machines';
import { storageDesign } from '../../contract/design/storage-design';
import { lambdaVariables } from '../../contract/design/lambda-environment';
import type { Data } from './data';
import { functionEnvironment } from './function-environment';
import { MarketplaceFunction } from './marketplace-function';
import { aslFileOf, allowWorkflowStart, createWorkflowStateMachine } from './workflow';

export interface ProcessingProps {
  readonly data: Data;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** `moderate` keeps clean bundles in pending_review for an admin. @default 'auto' */
  readonly publishMode?: 'auto' | 'moderate';
  /**
   * The CodeBuild project the Build state runs (`${BuildProjectName}`), made with its grants by
   * lib/constructs/version-builds.ts.
   */
  readonly buildProjectName: string;
}

const design = stateMachineDesign['mvp-processing'];

export const PROCESSING_ASL = aslFileOf('mvp-processing');

/**
 * The dependency audit: reads only the lock files and manifests out of the bundle, looks them up
 * in OSV (egress to api.osv.dev, as the pin step reaches its pinning service) and stores the
 * report and the dependency list (docs/architecture.md, "Security reports").
 */
const auditFunction = (scope: Construct, data: Data, environment: Record<string, string>) =>
  new MarketplaceFunction(scope, 'SecurityAuditFunction', {
    domain: 'security',
    entry: design.tasks.AuditFunctionArn,
    environment: {
      ...environment,
      OSV_API_URL: 'https://api.osv.dev',
      POWERTOOLS_SERVICE_NAME: 'security',
    },
    memorySize: 512,
    timeout: Duration.minutes(2),
    description: 'MVP processing: dependency audit of a bundle against OSV',
    // A RAR bundle's lock files are read by the same unrar as the scan's (bundle-rar.ts).
    filesBesideBundle: ['node_modules/node-unrar-js/dist/js/unrar.wasm'],
  })
    .bindTable(data.table, 'readWrite')
    .bindBucket(data.mvpFilesBucket, 'read', storageDesign.bundlesPrefix)
    .bindBucket(data.mvpFilesBucket, 'readWrite', storageDesign.securityPackagesPrefix);

/**
 * How a version deploys on Netlify: Netlify's own detection over the bundle's files (only the few
 * small text files it asks for are read), recorded on the version (docs/architecture.md, "Buyer
 * deploys").
 */
const detectSiteFunction = (scope: Construct, data: Data, environment: Record<string, string>) =>
  new MarketplaceFunction(scope, 'DetectSiteFunction', {
    domain: 'processing',
    entry: design.tasks.DetectSiteFunctionArn,
    environment,
    memorySize: 512,
    timeout: Duration.minutes(1),
    description: 'MVP processing: how the version deploys on Netlify (framework, build settings)',
  })
    .bindTable(data.table, 'readWrite')
    .bindBucket(data.mvpFilesBucket, 'read', storageDesign.bundlesPrefix);

/**
 * The version build's two Lambda steps around the Build state (CodeBuild, version-builds.ts):
 * PlanBuild reads the bundle's lock file, manifest and recorded site settings
 * and names the build's variables; RecordBuild stores the record the build wrote (and a live
 * version's outcome on its card). The live
 * previews' bucket (LIVE_PREVIEWS_BUCKET, and RecordBuild's read of `records/`) is given by the
 * stack that makes it.
 */
const buildStepFunctions = (scope: Construct, data: Data, environment: Record<string, string>) => ({
  planBuild: new MarketplaceFunction(scope, 'PlanBuildFunction', {
    domain: 'processing',
    entry: design.tasks.PlanBuildFunctionArn,
    environment,
    memorySize: 512,
    timeout: Duration.minutes(1),
    description: 'MVP processing: the version build plan (package manager, commands, output)',
  })
    .bindTable(data.table, 'read')
    .bindBucket(data.mvpFilesBucket, 'read', storageDesign.bundlesPrefix),
  // The builds domain stores the record; processing's task also puts a live version's outcome on
  // its card (the template item and the catalog version: read and write).
  recordBuild: new MarketplaceFunction(scope, 'RecordBuildFunction', {
    domain: 'processing',
    entry: design.tasks.RecordBuildFunctionArn,
    environment,
    memorySize: 256,
    timeout: Duration.seconds(30),
    description: 'MVP processing: store the version build record',
  }).bindTable(data.table, 'readWrite'),
});

export class Processing extends Construct {
  readonly stateMachine: StateMachine;
  /** Keyed by the ASL placeholder each one substitutes. */
  readonly taskFunctions: Readonly<Record<TaskPlaceholder<'mvp-processing'>, MarketplaceFunction>>;

  constructor(scope: Construct, id: string, props: ProcessingProps) {
    super(scope, id);
    const { data } = props;
    const environment = lambdaVariables({
      ...functionEnvironment(props),
      PUBLISH_MODE: props.publishMode ?? 'auto',
      POWERTOOLS_SERVICE_NAME: 'processing',
    });
    const task = (
      name: string,
      entry: string,
      options: {
        memorySize: number;
        timeout: Duration;
        description: string;
        filesBesideBundle?: readonly string[];
        nativeModules?: readonly string[];
      },
    ) =>
      new MarketplaceFunction(this, name, { domain: 'processing', entry, environment, ...options });

    // Scan and pin stream up to 100 MB through inflate and sha-256: CPU scales with memory.
    const scan = task('ScanFunction', design.tasks.ScanFunctionArn, {
      memorySize: 1024,
      timeout: Duration.minutes(5),
      description: 'MVP processing: security scan of an uploaded bundle',
      // RAR is read by the official unrar compiled to WebAssembly (scanner/rar.ts).
      filesBesideBundle: ['node_modules/node-unrar-js/dist/js/unrar.wasm'],
    })
      .bindTable(data.table, 'read')
      .bindBucket(data.mvpFilesBucket, 'read', storageDesign.bundlesPrefix)
      // The code preview's manifest and pack of a clean bundle (write only, that prefix only).
      .bindBucket(data.mvpFilesBucket, 'write', storageDesign.manifestsPrefix);
    const audit = auditFunction(this, data, environment);
    const pin = task('PinFunction', design.tasks.PinFunctionArn, {
      memorySize: 1024,
      timeout: Duration.minutes(5),
      description: 'MVP processing: IPFS CID of a bundle, pinned when a service is configured',
    }).bindBucket(data.mvpFilesBucket, 'read', storageDesign.bundlesPrefix);
    // sharp decodes one preview (up to 10 MB compressed, 50 megapixels) at a time: 1 GB holds it.
    const renditions = task('RenditionsFunction', design.tasks.RenditionsFunctionArn, {
      memorySize: 1024,
      timeout: Duration.minutes(2),
      description: 'MVP processing: WebP renditions of the preview images',
      nativeModules: ['sharp'],
    })
      .bindTable(data.table, 'readWrite')
      .bindBucket(data.previewImagesBucket, 'readWrite', storageDesign.previewPrefix);
    // "Written once" asks whether a rendition exists: without ListBucket, S3 answers a HEAD of a
    // missing key 403 instead of 404. The preview keys are public (served under /previews/).
    renditions.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [data.previewImagesBucket.bucketArn],
      }),
    );
    const detectSite = detectSiteFunction(this, data, environment);
    const { planBuild, recordBuild } = buildStepFunctions(this, data, environment);
    const publish = task('PublishFunction', design.tasks.PublishFunctionArn, {
      memorySize: 256,
      timeout: Duration.seconds(30),
      description: 'MVP processing: publish a clean bundle',
    }).bindTable(data.table, 'readWrite');
    const markFailed = task('MarkFailedFunction', design.tasks.MarkFailedFunctionArn, {
      memorySize: 256,
      timeout: Duration.seconds(30),
      description: 'MVP processing: record scan_failed or ipfs_pin_failed',
    }).bindTable(data.table, 'readWrite');
    this.taskFunctions = {
      ScanFunctionArn: scan,
      AuditFunctionArn: audit,
      PinFunctionArn: pin,
      RenditionsFunctionArn: renditions,
      DetectSiteFunctionArn: detectSite,
      PlanBuildFunctionArn: planBuild,
      RecordBuildFunctionArn: recordBuild,
      PublishFunctionArn: publish,
      MarkFailedFunctionArn: markFailed,
    };

    this.stateMachine = createWorkflowStateMachine(this, {
      workflow: 'mvp-processing',
      taskFunctions: this.taskFunctions,
      integrations: { BuildProjectName: props.buildProjectName },
      logRetention: RetentionDays.ONE_MONTH,
      timeout: Duration.hours(1),
    });
  }

  /**
   * Lets `fn` start executions (the seller domain: upload, new version, retry) and tells it the
   * ARN through the variable its design names (lambdas/shared/adapters/workflow-step-functions.ts).
   */
  allowStart(fn: MarketplaceFunction): void {
    allowWorkflowStart('mvp-processing', this.stateMachine, fn);
  }
}
