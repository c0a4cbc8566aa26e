/**
 * Buyer deploys in the cloud: the buyer-deploy state machine from
 * `state-machines/buyer-deploy.asl.json` (the same file the local runner executes), each
 * `${…FunctionArn}` placeholder substituted by one task function.
 *
 * Least privilege: the tasks read bundles under `mvps/` only and write the table; they open the
 * buyers' sealed tokens with the token vault's key (GithubSync owns the key: `allowVault`), and
 * nothing else holds a GitHub or Netlify credential. The deployments API function starts the
 * machine, seals tokens, and knows the OAuth client ids (the secrets are granted by the API
 * construct's domain needs). The downloads API function starts its phase `advisories` only (a
 * download of a version with known advisories tells its buyer), with no token and no OAuth client.
 */
import { Duration } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { lambdaVariables } from '../../contract/design/lambda-environment';
import { stateMachineDesign, type TaskPlaceholder } from '../../contract/design/state-machines';
import { storageDesign } from '../../contract/design/storage-design';
import type { Data } from './data';
import { functionEnvironment } from './function-environment';
import type { GithubSync } from './github-sync';
import { MarketplaceFunction } from './marketplace-function';
import { allowWorkflowStart, createWorkflowStateMachine } from './workflow';

export interface BuyerDeployProps {
  readonly data: Data;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** Owns the token vault's KMS key. */
  readonly vault: Pick<GithubSync, 'allowVault'>;
  /** The OAuth client ids (context `githubOAuthClientId`, `netlifyClientId`); unset: not configured. */
  readonly oauth?: { githubClientId?: string; netlifyClientId?: string };
}

const design = stateMachineDesign['buyer-deploy'];

/**
 * The security alerts domain's step: the buyer told of the known advisories of the version they
 * deployed, or downloaded (phase `advisories`, started by the downloads function). Reads the table
 * and writes the notice; no token, no bundle. Its e-mail goes out with the notification e-mails
 * schedule.
 */
const tellDeployerFunction = (scope: Construct, data: Data, environment: Record<string, string>) =>
  new MarketplaceFunction(scope, 'TellDeployerFunction', {
    domain: 'security-alerts',
    entry: design.tasks.TellDeployerFunctionArn,
    environment: { ...environment, POWERTOOLS_SERVICE_NAME: 'security-alerts' },
    memorySize: 256,
    timeout: Duration.seconds(30),
    description:
      'Buyer deploy: tells the buyer of the known advisories of the version they deployed or downloaded',
  }).bindTable(data.table, 'readWrite');

export class BuyerDeploy extends Construct {
  readonly stateMachine: StateMachine;
  readonly taskFunctions: Readonly<Record<TaskPlaceholder<'buyer-deploy'>, MarketplaceFunction>>;
  private readonly props: BuyerDeployProps;

  constructor(scope: Construct, id: string, props: BuyerDeployProps) {
    super(scope, id);
    this.props = props;
    const { data } = props;
    const environment = lambdaVariables({
      ...functionEnvironment(props),
      POWERTOOLS_SERVICE_NAME: 'deployments',
    });
    const task = (
      name: string,
      entry: string,
      options: {
        memorySize: number;
        timeout: Duration;
        description: string;
        bundles?: boolean;
        /** Opens the buyer's sealed tokens (GitHub, Netlify); default true. */
        vault?: boolean;
      },
    ) => {
      const fn = new MarketplaceFunction(this, name, {
        domain: 'deployments',
        entry,
        environment,
        memorySize: options.memorySize,
        timeout: options.timeout,
        description: options.description,
      }).bindTable(data.table, 'readWrite');
      if (options.bundles) fn.bindBucket(data.mvpFilesBucket, 'read', storageDesign.bundlesPrefix);
      if (options.vault !== false) props.vault.allowVault(fn);
      return fn;
    };

    this.taskFunctions = {
      // Holds one bundle and its unpacked files in memory (at most 100 MB + 200 MB).
      CreateRepositoryFunctionArn: task(
        'CreateRepositoryFunction',
        design.tasks.CreateRepositoryFunctionArn,
        {
          memorySize: 1536,
          timeout: Duration.minutes(9),
          description: "Buyer deploy: the buyer's private repository with the template's files",
          bundles: true,
        },
      ),
      // Reads the bundle only for a version processed before its build settings were detected.
      PlanSiteFunctionArn: task('PlanSiteFunction', design.tasks.PlanSiteFunctionArn, {
        memorySize: 512,
        timeout: Duration.minutes(4),
        description: 'Buyer deploy: how the template builds on Netlify, or a repository only',
        bundles: true,
        // Reads the bundle and the deployment only: no token of the buyer's.
        vault: false,
      }),
      CreateSiteFunctionArn: task('CreateSiteFunction', design.tasks.CreateSiteFunctionArn, {
        memorySize: 256,
        timeout: Duration.seconds(60),
        description: 'Buyer deploy: a Netlify deploy key on the repository and the linked site',
      }),
      CheckSiteFunctionArn: task('CheckSiteFunction', design.tasks.CheckSiteFunctionArn, {
        memorySize: 256,
        timeout: Duration.seconds(30),
        description: "Buyer deploy: the site's latest Netlify deploy, completed or failed",
      }),
      // Holds one bundle and its unpacked files in memory, like CreateRepository.
      OpenUpgradeFunctionArn: task('OpenUpgradeFunction', design.tasks.OpenUpgradeFunctionArn, {
        memorySize: 1536,
        timeout: Duration.minutes(9),
        description: "Buyer deploy: an upgrade pull request with the template's latest version",
        bundles: true,
      }),
      MarkFailedFunctionArn: task('MarkFailedFunction', design.tasks.MarkFailedFunctionArn, {
        memorySize: 256,
        timeout: Duration.seconds(30),
        description: 'Buyer deploy: marks a deployment failed after an unexpected error',
      }),
      TellDeployerFunctionArn: tellDeployerFunction(this, data, environment),
    };

    this.stateMachine = createWorkflowStateMachine(this, {
      workflow: 'buyer-deploy',
      taskFunctions: this.taskFunctions,
      // Inputs and outputs are a deployment id, a phase and step flags: no token, no e-mail.
      logRetention: RetentionDays.ONE_MONTH,
      // Room for GithubRateLimitedError's retries, 10 minutes apart (the ASL file says why).
      timeout: Duration.minutes(90),
    });
  }

  /**
   * The downloads API function: starts phase `advisories` after a download of a version with
   * known advisories (lambdas/downloads/download-advisories.ts); no token, no OAuth client.
   */
  allowDownloads(fn: MarketplaceFunction): void {
    allowWorkflowStart('buyer-deploy', this.stateMachine, fn);
  }

  /** The deployments API function: starts both steps, seals tokens, knows the OAuth clients. */
  allowApi(fn: MarketplaceFunction): void {
    allowWorkflowStart('buyer-deploy', this.stateMachine, fn);
    this.props.vault.allowVault(fn);
    const { githubClientId, netlifyClientId } = this.props.oauth ?? {};
    if (githubClientId) fn.addEnvironment('GITHUB_OAUTH_CLIENT_ID', githubClientId);
    if (netlifyClientId) fn.addEnvironment('NETLIFY_CLIENT_ID', netlifyClientId);
  }
}
