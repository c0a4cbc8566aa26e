/**
 * The stateful part: the single DynamoDB table (from `contract/design/table-design.ts`) and the
 * two private buckets (from `contract/design/storage-design.ts`), plus the bucket that receives the
 * access logs of every bucket and of CloudFront.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import type { BucketProps } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tableDesign } from '../../contract/design/table-design';
import { storageDesign } from '../../contract/design/storage-design';

export interface DataProps {
  /** Keep table and buckets (deletion protection, RETAIN) instead of deleting them with the stack. */
  readonly retainData: boolean;
  /**
   * The site's origins (`https://www.example.com`), the only ones the browser may upload from
   * with a presigned URL. Empty: any origin (a stage without its own domain, see below).
   */
  readonly siteOrigins?: readonly string[];
}

const corsMethods: Record<(typeof storageDesign.cors.allowedMethods)[number], HttpMethods> = {
  GET: HttpMethods.GET,
  PUT: HttpMethods.PUT,
  HEAD: HttpMethods.HEAD,
};

export class Data extends Construct {
  readonly table: Table;
  readonly mvpFilesBucket: Bucket;
  readonly previewImagesBucket: Bucket;
  /** Access logs of the buckets (prefix per bucket) and of CloudFront (`cloudfront/`). */
  readonly logBucket: Bucket;
  private readonly removalPolicy: RemovalPolicy;
  private readonly retainData: boolean;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    this.retainData = props.retainData;
    this.removalPolicy = props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableDesign.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDesign.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDesign.timeToLiveAttribute,
      deletionProtection: props.retainData,
      removalPolicy: this.removalPolicy,
    });
    for (const index of tableDesign.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        // Indexes are overloaded by several entities; ALL keeps every access pattern to one query.
        projectionType: ProjectionType.ALL,
      });
    }

    this.logBucket = new Bucket(this, 'LogBucket', {
      ...this.privateBucketDefaults(),
      // CloudFront standard logs are delivered with an ACL, so ACLs stay enabled on this bucket.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log destination of the other buckets and of CloudFront; logging it into itself would loop.',
    });

    const uploadCors = [
      {
        allowedMethods: storageDesign.cors.allowedMethods.map((method) => corsMethods[method]),
        // The site's own origin. A stage without a domain has only CloudFront's generated name,
        // which the buckets cannot name (the distribution depends on the preview bucket): there
        // the presigned URL stays the only credential, as it is for any client but a browser.
        // Prod always has a domain (lib/stacks/create-app.ts).
        allowedOrigins: props.siteOrigins?.length ? [...props.siteOrigins] : ['*'],
        allowedHeaders: [...storageDesign.cors.allowedHeaders],
        exposedHeaders: [...storageDesign.cors.exposedHeaders],
        maxAge: storageDesign.cors.maxAgeSeconds,
      },
    ];
    // Retained data is versioned: an overwritten or deleted object can be restored for 90 days
    // (docs/operations.md, "Restore a file from S3 versioning").
    const versioning = this.retainData
      ? {
          versioned: true,
          lifecycleRules: [
            { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(90) },
          ],
        }
      : { lifecycleRules: [] };
    const expireUploads = {
      id: 'expire-unregistered-uploads',
      prefix: storageDesign.uploadsPrefix,
      expiration: Duration.days(storageDesign.uploadsExpireAfterDays),
      abortIncompleteMultipartUploadAfter: Duration.days(1),
    };

    // The monthly payout run's lists and map results answer "why was I paid this?" for a year.
    const expirePayoutRuns = (prefix: string) => ({
      id: `expire-${prefix.replace(/\/$/, '').replace(/\//g, '-')}`,
      prefix,
      expiration: Duration.days(storageDesign.payoutRunsExpireAfterDays),
    });
    this.mvpFilesBucket = new Bucket(this, 'MvpFilesBucket', {
      ...this.privateBucketDefaults('mvp-files/'),
      cors: uploadCors,
      ...versioning,
      lifecycleRules: [
        expireUploads,
        expirePayoutRuns(storageDesign.payoutListsPrefix),
        expirePayoutRuns(storageDesign.payoutResultsPrefix),
        ...versioning.lifecycleRules,
      ],
    });
    this.previewImagesBucket = new Bucket(this, 'PreviewImagesBucket', {
      ...this.privateBucketDefaults('preview-images/'),
      cors: uploadCors,
      ...versioning,
      lifecycleRules: [expireUploads, ...versioning.lifecycleRules],
    });
  }

  /**
   * Private, S3-encrypted, TLS-only, public access blocked, logged: the settings every bucket of
   * ours shares. `logPrefix` switches server access logging (into `logBucket`) on.
   */
  privateBucketDefaults(logPrefix?: string): BucketProps {
    return {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: false,
      removalPolicy: this.removalPolicy,
      // Without retainData the stack deletes its buckets, which only works once they are empty.
      autoDeleteObjects: !this.retainData,
      ...(logPrefix
        ? { serverAccessLogsBucket: this.logBucket, serverAccessLogsPrefix: logPrefix }
        : {}),
    };
  }
}
