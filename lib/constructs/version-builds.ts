/**
 * Version builds and live previews in the cloud (docs/operations.md, "Version builds and
 * previews"), in a nested stack of their own: the main stack stays far from CloudFormation's
 * resource limit.
 *
 * - The CodeBuild project the processing state machine starts (`startBuild.sync`) for each
 *   version: the buildspec of version-build-spec.ts, no secrets, a small ARM machine, a time
 *   limit, a few builds at once, logs in CloudWatch kept a month. Its role may read bundles
 *   (`mvps/*\/bundle.*` of the files bucket) and write build records (`records/`) and preview
 *   sites (`sites/`) into the preview bucket; nothing else (no other read, no delete, no list).
 *   CodeBuild has no per-build session policy, so the role cannot be narrowed to the one bundle a
 *   build is given: the buildspec checks the key against the record and site it was given and
 *   runs the seller's code as a user without the credentials (version-build-spec.ts).
 * - The preview bucket and its own CloudFront distribution (preview-distribution.ts), on a domain
 *   that is not the marketplace's (CloudFront's own name, or context `previewDomain`): origin
 *   access control, signed URLs or cookies only (a key group whose private key is in Secrets
 *   Manager), a strict CSP, `X-Robots-Tag: noindex`, no cookie or query string forwarded to S3.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  Annotations,
  Duration,
  Names,
  NestedStack,
  RemovalPolicy,
  Stack,
  Token,
  Validations,
} from 'aws-cdk-lib';
import { BuildSpec, ComputeType, LinuxArmBuildImage, Project } from 'aws-cdk-lib/aws-codebuild';
import { type Distribution, KeyGroup, PublicKey } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { LambdaVariable } from '../../contract/design/lambda-environment';
import { secretArnVariable } from '../../contract/design/secrets';
import { stateMachineDesign } from '../../contract/design/state-machines';
import type { Construct } from 'constructs';
import { BUILD_LIMITS } from '../../contract/design/build';
import {
  COST_CAP_VARIABLES,
  previewLayout,
  previewRetention,
  type CostCaps,
} from '../../contract/design/live-previews';
import { storageDesign } from '../../contract/design/storage-design';
import type { Data } from './data';
import { logicalIdOf, projectRoot, type MarketplaceFunction } from './marketplace-function';
import type { Processing } from './processing';
import { aslFileOf } from './workflow';
import { createPreviewDistribution } from './preview-distribution';
import { SiteDomain } from './site-domain';
import {
  FILES_BUCKET_VARIABLE,
  PREVIEW_BUCKET_VARIABLE,
  versionBuildSpec,
} from './version-build-spec';

/** The public key the stack trusts when no `previewPublicKeys` is given: nobody has its private half. */
export const UNCONFIGURED_PREVIEW_KEY = 'lib/constructs/preview-keys/unconfigured.pub.pem';

/**
 * Builds running at once. CodeBuild refuses a start past the limit; the Build state retries it
 * apart, so a burst of uploads queues instead of running (and costing) at once.
 */
export const CONCURRENT_BUILDS = 5;

/**
 * How long a build may wait in CodeBuild's own queue before it is dropped: what the Build state
 * waits for (its `TimeoutSeconds`) less the build's own time limit, so a queued build never
 * starts after the state machine stopped waiting for it.
 */
export const queuedTimeoutMinutes = (): number => {
  const { state } = stateMachineDesign['mvp-processing'].integrations.BuildProjectName;
  const asl = JSON.parse(readFileSync(aslFileOf('mvp-processing'), 'utf8')) as {
    States: Record<string, { TimeoutSeconds?: number }>;
  };
  const waited = Math.floor((asl.States[state]?.TimeoutSeconds ?? 0) / 60);
  const queued = waited - BUILD_LIMITS.jobTimeoutMinutes;
  if (queued < 5) {
    throw new Error(
      `The ${state} state waits ${waited} minutes: that leaves a build less than 5 minutes in CodeBuild's queue after its ${BUILD_LIMITS.jobTimeoutMinutes}.`,
    );
  }
  return queued;
};

export interface VersionBuildsProps {
  readonly data: Data;
  /**
   * The marketplace's origins (`https://www.example.com`), the only pages that may frame a
   * preview. Empty (a stage on CloudFront's name only, not known before the deploy): any
   * `https://*.cloudfront.net` page.
   */
  readonly siteOrigins: readonly string[];
  /** The previews' own host name and zone (context `previewDomain`); unset: CloudFront's name. */
  readonly previewDomain?: { name: string; hostedZone?: { id: string; name: string } };
  /** PEM public key files (relative to the repository) the key group trusts; rotation adds one. */
  readonly publicKeyFiles: readonly string[];
  /** The per-seller caps of contract/design/live-previews.ts, as this deployment sets them. */
  readonly costCaps: CostCaps;
}

/**
 * How cdk-nag prints a parent stack's attribute inside this nested stack: the parameter CDK makes
 * for it (`referenceto<unique id of the resource><attribute>`).
 */
const parentReference = (construct: Construct, attribute: string): string =>
  `referenceto${Names.uniqueId(construct.node.defaultChild!)}${attribute}`;

/**
 * How cdk-nag prints this nested stack's attribute in the parent stack: the nested stack
 * resource's output for it.
 */
const nestedReference = (stack: NestedStack, construct: Construct, attribute: string): string =>
  `${Stack.of(stack.nestedStackResource!).getLogicalId(stack.nestedStackResource!)}.Outputs.${Names.uniqueId(construct.node.defaultChild!)}${attribute}`;

export class VersionBuilds extends NestedStack {
  readonly project: Project;
  readonly buildLogs: LogGroup;
  readonly previewBucket: Bucket;
  readonly distribution: Distribution;
  readonly keyGroup: KeyGroup;
  readonly publicKeys: readonly PublicKey[];
  /** JSON `{"keyPairId", "privateKey"}`: what the service signs preview addresses with. */
  readonly signingKey: Secret;
  /** `https://{preview host}`: the origin the marketplace's pages frame. */
  readonly previewOrigin: string;
  readonly costCaps: CostCaps;

  constructor(scope: Construct, id: string, props: VersionBuildsProps) {
    super(scope, id, { description: 'Marketplace version builds (CodeBuild) and live previews' });
    this.costCaps = props.costCaps;
    this.previewBucket = this.createPreviewBucket(props.data);
    const { keyGroup, publicKeys } = this.createKeyGroup(props.publicKeyFiles);
    this.keyGroup = keyGroup;
    this.publicKeys = publicKeys;
    this.signingKey = new Secret(this, 'PreviewSigningKey', {
      description:
        'Signs live preview addresses: JSON {"keyPairId": CloudFront public key id, "privateKey": PEM} (docs/operations.md, "Version builds and previews")',
    });
    Validations.of(this.signingKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'An RSA key pair whose public half CloudFront must trust first: rotated by hand with a deploy that adds the new public key (docs/operations.md, "Version builds and previews"), which a rotation Lambda cannot do.',
    });
    const domain = props.previewDomain
      ? new SiteDomain(this, 'PreviewDomain', {
          domainName: props.previewDomain.name,
          ...(props.previewDomain.hostedZone ? { hostedZone: props.previewDomain.hostedZone } : {}),
        })
      : undefined;
    this.distribution = createPreviewDistribution(this, {
      bucket: this.previewBucket,
      keyGroup: this.keyGroup,
      siteOrigins: props.siteOrigins,
      logBucket: props.data.logBucket,
      ...(domain ? { domain } : {}),
    });
    domain?.pointAt(this.distribution);
    this.previewOrigin = `https://${domain?.domainName ?? this.distribution.distributionDomainName}`;
    const { project, logs } = this.createProject(props.data);
    this.project = project;
    this.buildLogs = logs;
  }

  /**
   * The processing pipeline's side of the builds: its state machine may run this project
   * (`startBuild.sync`), PlanBuild names this preview bucket to each build, and RecordBuild reads
   * the records (`records/`, read only; and may list the bucket, so a missing record is a 404).
   */
  serveProcessing(processing: Processing): void {
    this.allowBuildsFrom(processing.stateMachine);
    const { PlanBuildFunctionArn: planBuild, RecordBuildFunctionArn: recordBuild } =
      processing.taskFunctions;
    for (const fn of [planBuild, recordBuild]) {
      fn.addEnvironment(
        'LIVE_PREVIEWS_BUCKET' satisfies LambdaVariable,
        this.previewBucket.bucketName,
      );
      // PlanBuild refuses a build past the minutes cap; RecordBuild withholds a preview past the
      // storage cap.
      fn.addEnvironment(
        COST_CAP_VARIABLES.buildMinutesPerSeller satisfies LambdaVariable,
        String(this.costCaps.buildMinutesPerSeller),
      );
      fn.addEnvironment(
        COST_CAP_VARIABLES.previewMegabytesPerSeller satisfies LambdaVariable,
        String(this.costCaps.previewMegabytesPerSeller),
      );
    }
    this.allowRetiring(recordBuild);
    recordBuild.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.previewBucket.arnForObjects(`${previewLayout.recordsPrefix}*`)],
      }),
    );
    // A build that left no record is recorded as such: without ListBucket, S3 answers the read
    // of a missing record 403 instead of 404, and RecordBuild would fail instead.
    recordBuild.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [this.previewBucket.bucketArn],
      }),
    );
    Validations.of(recordBuild.executionRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${nestedReference(this, this.previewBucket, 'Arn')}>/${previewLayout.recordsPrefix}*]`,
      reason: `RecordBuild reads the record of the version it is given, under "${previewLayout.recordsPrefix}" of the preview bucket only.`,
    });
  }

  /**
   * The daily retirement of archived templates' previews (schedule `retireArchivedPreviews`):
   * the bucket's name, and listing and tagging its previews.
   */
  serveRetirement(fn: MarketplaceFunction): void {
    fn.addEnvironment(
      'LIVE_PREVIEWS_BUCKET' satisfies LambdaVariable,
      this.previewBucket.bucketName,
    );
    this.allowRetiring(fn);
  }

  /**
   * Retiring a preview (contract/design/live-previews.ts, `previewRetention`): list its folder
   * under `sites/` and tag its objects, which the bucket's lifecycle rule then deletes. No read,
   * no write, no delete of the objects themselves.
   */
  private allowRetiring(fn: MarketplaceFunction): void {
    fn.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [this.previewBucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${previewLayout.sitesPrefix}*`] } },
      }),
    );
    fn.executionRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:PutObjectTagging'],
        resources: [this.previewBucket.arnForObjects(`${previewLayout.sitesPrefix}*`)],
      }),
    );
    Validations.of(fn.executionRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${nestedReference(this, this.previewBucket, 'Arn')}>/${previewLayout.sitesPrefix}*]`,
      reason: `Retiring a preview tags the objects of its folder under "${previewLayout.sitesPrefix}" of the preview bucket (the lifecycle rule deletes them); it may not read, write or delete them.`,
    });
  }

  /**
   * The function that signs preview addresses (the security Lambda's preview routes,
   * lambdas/builds/preview-url.ts): read on the signing key's secret with its ARN variable, and
   * the previews' origin the addresses are made on.
   */
  serveSigning(fn: MarketplaceFunction): void {
    this.signingKey.grantRead(fn);
    fn.addEnvironment(secretArnVariable('previewSigningKey'), this.signingKey.secretArn);
    fn.addEnvironment('PREVIEW_ORIGIN' satisfies LambdaVariable, this.previewOrigin);
  }

  /**
   * The API functions that read the builds' pictures (contract/design/capture.ts): the security
   * function serves them to the seller and admins, the sellers function copies one into the
   * gallery. Read only, the pictures only (`records/{t}/{v}/screenshot-*.png`), and the bucket's
   * listing, so a picture that expired is a 404 rather than a 403.
   */
  servePictures(functions: readonly LambdaFunction[]): void {
    for (const fn of functions) {
      fn.addEnvironment(
        'LIVE_PREVIEWS_BUCKET' satisfies LambdaVariable,
        this.previewBucket.bucketName,
      );
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [
            this.previewBucket.arnForObjects(`${previewLayout.recordsPrefix}*/screenshot-*.png`),
          ],
        }),
      );
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [this.previewBucket.bucketArn],
        }),
      );
      Validations.of(fn.role!).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${nestedReference(this, this.previewBucket, 'Arn')}>/${previewLayout.recordsPrefix}*/screenshot-*.png]`,
        reason: `Reads the pictures a build took of its site, beside each version's record under "${previewLayout.recordsPrefix}" of the preview bucket; the service checks the caller owns the template.`,
      });
    }
  }

  /**
   * Lets the state machine run builds with `startBuild.sync`: start, stop and watch this
   * project's builds, and the EventBridge rule Step Functions manages to learn when one ends.
   */
  allowBuildsFrom(stateMachine: StateMachine): void {
    stateMachine.addToRolePolicy(
      new PolicyStatement({
        actions: ['codebuild:StartBuild', 'codebuild:StopBuild', 'codebuild:BatchGetBuilds'],
        resources: [this.project.projectArn],
      }),
    );
    stateMachine.addToRolePolicy(
      new PolicyStatement({
        actions: ['events:PutTargets', 'events:PutRule', 'events:DescribeRule'],
        resources: [
          `arn:${this.partition}:events:${this.region}:${this.account}:rule/StepFunctionsGetEventForCodeBuildStartBuildRule`,
        ],
      }),
    );
  }

  /** The preview bucket: private, encrypted, TLS only, retired previews removed by tag. */
  private createPreviewBucket(data: Data): Bucket {
    const bucket = new Bucket(this, 'PreviewBucket', {
      ...data.privateBucketDefaults('live-previews/'),
      // Previews are made again by a rebuild: nothing to keep when the stack goes.
      versioned: false,
      lifecycleRules: [
        {
          id: 'expire-build-records',
          prefix: previewLayout.recordsPrefix,
          expiration: Duration.days(previewRetention.recordsExpireAfterDays),
        },
        {
          id: 'expire-retired-previews',
          tagFilters: { [previewRetention.retiredTag.key]: previewRetention.retiredTag.value },
          expiration: Duration.days(previewRetention.retiredExpireAfterDays),
        },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
    return bucket;
  }

  /** The public keys of the context files and the key group that trusts them. */
  private createKeyGroup(files: readonly string[]): {
    keyGroup: KeyGroup;
    publicKeys: PublicKey[];
  } {
    const keyFiles = files.length ? files : [UNCONFIGURED_PREVIEW_KEY];
    if (!files.length) {
      Annotations.of(this).addWarningV2(
        'marketplace:preview-key-unconfigured',
        'No -c previewPublicKeys: previews trust only a placeholder key and refuse every request (docs/operations.md, "Version builds and previews").',
      );
    }
    const publicKeys = keyFiles.map((file) => {
      const encodedKey = readFileSync(path.resolve(projectRoot, file), 'utf8').trim();
      if (!/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----$/.test(encodedKey)) {
        throw new Error(`${file} is not a PEM public key (-----BEGIN PUBLIC KEY-----).`);
      }
      // The file's name is the key's id in the stack: a rotation adds a file, never edits one.
      const name = path.basename(file).replace(/\.pub\.pem$|\.pem$/, '');
      return new PublicKey(this, `PublicKey${name.replace(/[^A-Za-z0-9]/g, '')}`, {
        encodedKey: `${encodedKey}\n`,
        comment: `Live previews: ${name}`,
      });
    });
    const keyGroup = new KeyGroup(this, 'PreviewKeyGroup', {
      items: publicKeys,
      comment: 'Signs live preview addresses',
    });
    return { keyGroup, publicKeys };
  }

  /** The CodeBuild project, its role and its log group. */
  private createProject(data: Data): { project: Project; logs: LogGroup } {
    const logs = new LogGroup(this, 'BuildLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new Role(this, 'BuildRole', {
      assumedBy: new ServicePrincipal('codebuild.amazonaws.com'),
      description: 'Version builds: read bundles, write build records and previews, nothing else',
    });
    const project = new Project(this, 'VersionBuild', {
      description:
        "Builds a template version from its bundle (the seller's own install and build); no secrets",
      role,
      buildSpec: BuildSpec.fromObject(versionBuildSpec()),
      environment: {
        buildImage: LinuxArmBuildImage.AMAZON_LINUX_2023_STANDARD_3_0,
        computeType: ComputeType.SMALL,
        privileged: false,
        environmentVariables: {
          [FILES_BUCKET_VARIABLE]: { value: data.mvpFilesBucket.bucketName },
          [PREVIEW_BUCKET_VARIABLE]: { value: this.previewBucket.bucketName },
        },
      },
      timeout: Duration.minutes(BUILD_LIMITS.jobTimeoutMinutes),
      queuedTimeout: Duration.minutes(queuedTimeoutMinutes()),
      concurrentBuildLimit: CONCURRENT_BUILDS,
      logging: { cloudWatch: { logGroup: logs, enabled: true } },
      grantReportGroupPermissions: false,
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'ReadBundles',
        actions: ['s3:GetObject'],
        resources: [data.mvpFilesBucket.arnForObjects(`${storageDesign.bundlesPrefix}*/bundle.*`)],
      }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'WriteRecordsAndPreviews',
        actions: ['s3:PutObject'],
        resources: [previewLayout.recordsPrefix, previewLayout.sitesPrefix].map((prefix) =>
          this.previewBucket.arnForObjects(`${prefix}*`),
        ),
      }),
    );
    Validations.of(role).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::<${parentReference(data.mvpFilesBucket, 'Arn')}>/${storageDesign.bundlesPrefix}*/bundle.*]`,
        reason:
          'A build reads the one bundle its Build state names; CodeBuild has no per-build session policy, so the role reads bundles only (not the rest of the bucket) and the buildspec refuses a key of another template or version.',
      },
      ...[previewLayout.recordsPrefix, previewLayout.sitesPrefix].map((prefix) => ({
        id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(this.previewBucket)}.Arn>/${prefix}*]`,
        reason: `Each build writes under its own ${prefix}{template}/{version}/ of the preview bucket (write only, no read or delete), named per build and checked by the buildspec.`,
      })),
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:${Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region}:<AWS::AccountId>:log-group:/aws/codebuild/<${logicalIdOf(project)}>:*]`,
        reason: 'CodeBuild grants its project log streams in its own log group.',
      },
    );
    Validations.of(project).acknowledge({
      id: 'AwsSolutions-CB4',
      reason:
        'The project keeps no artifacts (NO_ARTIFACTS); what a build writes goes to S3 buckets encrypted at rest (SSE-S3), and its logs to CloudWatch Logs, encrypted by default.',
    });
    return { project, logs };
  }
}
