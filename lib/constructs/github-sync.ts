/**
 * The seller's GitHub integration in the cloud: the token vault's KMS key (it
 * wraps the data keys that seal each template's webhook secret, and later the buyers' OAuth
 * tokens: lambdas/shared/adapters/token-vault.ts), and the github-sync state machine from
 * `state-machines/github-sync.asl.json` (the same file the local runner executes), each
 * `${…FunctionArn}` placeholder substituted by one task function.
 *
 * Least privilege: only the github API function and the two tasks read the App's private key;
 * only the functions that seal or open secrets get GenerateDataKey/Decrypt on the vault key (and
 * `TOKEN_KMS_KEY_ARN`); FetchArchive writes bundles under `mvps/` only; RegisterVersion starts
 * the processing pipeline (granted by the stack).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { lambdaVariables, type LambdaEnvironment } from '../../contract/design/lambda-environment';
import { stateMachineDesign, type TaskPlaceholder } from '../../contract/design/state-machines';
import { storageDesign } from '../../contract/design/storage-design';
import type { Data } from './data';
import { functionEnvironment } from './function-environment';
import { MarketplaceFunction } from './marketplace-function';
import type { Secrets } from './secrets';
import { aslFileOf, allowWorkflowStart, createWorkflowStateMachine } from './workflow';

export interface GithubSyncProps {
  readonly data: Data;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  readonly secrets: Secrets;
  /** The marketplace's GitHub App (context `githubAppId`, `githubAppSlug`); unset: not configured. */
  readonly app?: { id: number; slug: string; clientId?: string };
}

const design = stateMachineDesign['github-sync'];

export const GITHUB_SYNC_ASL = aslFileOf('github-sync');

export class GithubSync extends Construct {
  readonly stateMachine: StateMachine;
  /** Wraps the token vault's data keys (webhook secrets, OAuth tokens). Rotated yearly by KMS. */
  readonly tokenKey: Key;
  readonly taskFunctions: Readonly<Record<TaskPlaceholder<'github-sync'>, MarketplaceFunction>>;
  private readonly githubVariables: Pick<
    LambdaEnvironment,
    'GITHUB_APP_ID' | 'GITHUB_APP_SLUG' | 'GITHUB_APP_CLIENT_ID'
  >;
  private readonly secrets: Secrets;

  constructor(scope: Construct, id: string, props: GithubSyncProps) {
    super(scope, id);
    const { data } = props;
    this.secrets = props.secrets;
    this.tokenKey = new Key(this, 'TokenKey', {
      description: 'Token vault: wraps the data keys of third-party secrets (GitHub, Netlify)',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.githubVariables = {
      ...(props.app
        ? {
            GITHUB_APP_ID: String(props.app.id),
            GITHUB_APP_SLUG: props.app.slug,
            ...(props.app.clientId ? { GITHUB_APP_CLIENT_ID: props.app.clientId } : {}),
          }
        : {}),
    };
    const environment = lambdaVariables({
      ...functionEnvironment(props),
      ...this.githubVariables,
      POWERTOOLS_SERVICE_NAME: 'github',
    });
    const task = (
      name: string,
      entry: string,
      options: { memorySize: number; timeout: Duration; description: string },
    ) => new MarketplaceFunction(this, name, { domain: 'github', entry, environment, ...options });

    // Holds one zipball (at most 100 MB) in memory while it is stored.
    const fetchArchive = task('FetchArchiveFunction', design.tasks.FetchArchiveFunctionArn, {
      memorySize: 1024,
      timeout: Duration.minutes(4),
      description: 'GitHub sync: the commit zipball, stored as the bundle of a new version',
    })
      .bindTable(data.table, 'read')
      .bindBucket(data.mvpFilesBucket, 'write', storageDesign.bundlesPrefix);
    const registerVersion = task(
      'RegisterVersionFunction',
      design.tasks.RegisterVersionFunctionArn,
      {
        memorySize: 256,
        timeout: Duration.seconds(60),
        description: 'GitHub sync: changelog, new version and last synced commit, then processing',
      },
    )
      .bindTable(data.table, 'readWrite')
      .bindBucket(data.mvpFilesBucket, 'write', storageDesign.bundlesPrefix);
    // Records why a sync stopped on the template (My MVPs shows it): the table only.
    const markSyncFailed = task('MarkSyncFailedFunction', design.tasks.MarkSyncFailedFunctionArn, {
      memorySize: 256,
      timeout: Duration.seconds(30),
      description: 'GitHub sync: a stopped sync recorded on the template with its reason',
    }).bindTable(data.table, 'readWrite');
    props.secrets.grantTo(fetchArchive, ['githubAppPrivateKey']);
    props.secrets.grantTo(registerVersion, ['githubAppPrivateKey']);
    this.taskFunctions = {
      FetchArchiveFunctionArn: fetchArchive,
      RegisterVersionFunctionArn: registerVersion,
      MarkSyncFailedFunctionArn: markSyncFailed,
    };

    this.stateMachine = createWorkflowStateMachine(this, {
      workflow: 'github-sync',
      taskFunctions: this.taskFunctions,
      // Inputs and outputs are ids, a commit sha, a repository name and an object key: no secret.
      logRetention: RetentionDays.ONE_MONTH,
      timeout: Duration.minutes(30),
    });
  }

  /** `fn` seals and opens vault values: GenerateDataKey and Decrypt on the key, and its ARN. */
  allowVault(fn: MarketplaceFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
        resources: [this.tokenKey.keyArn],
      }),
    );
    fn.addEnvironment('TOKEN_KMS_KEY_ARN', this.tokenKey.keyArn);
  }

  /**
   * The github API function: starts syncs (webhook, Sync button), seals and opens webhook secrets,
   * and knows the App and the site's address (the webhook URL it registers).
   */
  allowApi(fn: MarketplaceFunction): void {
    allowWorkflowStart('github-sync', this.stateMachine, fn);
    this.allowVault(fn);
    const {
      GITHUB_APP_ID: appId,
      GITHUB_APP_SLUG: slug,
      GITHUB_APP_CLIENT_ID: clientId,
    } = this.githubVariables;
    if (appId !== undefined) fn.addEnvironment('GITHUB_APP_ID', String(appId));
    if (slug !== undefined) fn.addEnvironment('GITHUB_APP_SLUG', slug);
    if (clientId !== undefined) fn.addEnvironment('GITHUB_APP_CLIENT_ID', clientId);
  }
}
