/**
 * The monthly payout run (prepare → transfer each payout → finish): the state machine from
 * `state-machines/monthly-payouts.asl.json` (the same file the local runner executes), each
 * `${…FunctionArn}` placeholder substituted by one task function. Only the transfer task may read
 * the Stripe secret key; the state machine logs every execution and is traced by X-Ray.
 */
import { Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { lambdaVariables } from '../../contract/design/lambda-environment';
import { stateMachineDesign, type TaskPlaceholder } from '../../contract/design/state-machines';
import { storageDesign } from '../../contract/design/storage-design';
import type { Data } from './data';
import { functionEnvironment } from './function-environment';
import { logicalIdOf, MarketplaceFunction } from './marketplace-function';
import { aslFileOf, allowWorkflowStart, createWorkflowStateMachine } from './workflow';
import type { Secrets } from './secrets';

export interface PayoutsProps {
  readonly data: Data;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** The stack's secrets (the Api construct's set): the transfer task reads the Stripe key. */
  readonly secrets: Secrets;
}

const design = stateMachineDesign['monthly-payouts'];

export const PAYOUTS_ASL = aslFileOf('monthly-payouts');

export class Payouts extends Construct {
  readonly stateMachine: StateMachine;
  /** Keyed by the ASL placeholder each one substitutes. */
  readonly taskFunctions: Readonly<Record<TaskPlaceholder<'monthly-payouts'>, MarketplaceFunction>>;

  constructor(scope: Construct, id: string, props: PayoutsProps) {
    super(scope, id);
    const { data } = props;
    const environment = lambdaVariables({
      ...functionEnvironment(props),
      POWERTOOLS_SERVICE_NAME: 'payouts',
    });
    const task = (
      name: string,
      entry: string,
      options: { memorySize: number; timeout: Duration; description: string },
    ) => new MarketplaceFunction(this, name, { domain: 'payouts', entry, environment, ...options });

    // Reads every approved seller's month (two queries each, 16 at a time), writes their rows
    // and the run's list of payouts to transfer (one S3 object).
    const prepare = task('PreparePayoutsFunction', design.tasks.PreparePayoutsFunctionArn, {
      memorySize: 512,
      timeout: Duration.minutes(5),
      description: 'Monthly payouts: pool, split and payout rows of a month',
    })
      .bindTable(data.table, 'readWrite')
      .bindBucket(data.mvpFilesBucket, 'write', storageDesign.payoutListsPrefix);
    // One batch of the Distributed Map: up to 25 Stripe transfers, three at a time (each well
    // under a second; a failing one is tried three times within about a second).
    const transfer = task('TransferPayoutFunction', design.tasks.TransferPayoutFunctionArn, {
      memorySize: 256,
      timeout: Duration.minutes(4),
      description: 'Monthly payouts: pay a batch of payouts through Stripe Connect transfers',
    }).bindTable(data.table, 'readWrite');
    props.secrets.grantTo(transfer, ['stripeSecretKey']);
    // Reads the run's list back and the status of each payout on it (100 per BatchGetItem).
    const finish = task('FinishPayoutRunFunction', design.tasks.FinishPayoutRunFunctionArn, {
      memorySize: 256,
      timeout: Duration.minutes(2),
      description: 'Monthly payouts: record the totals of a run',
    })
      .bindTable(data.table, 'readWrite')
      .bindBucket(data.mvpFilesBucket, 'read', storageDesign.payoutListsPrefix);
    this.taskFunctions = {
      PreparePayoutsFunctionArn: prepare,
      TransferPayoutFunctionArn: transfer,
      FinishPayoutRunFunctionArn: finish,
    };

    this.stateMachine = createWorkflowStateMachine(this, {
      workflow: 'monthly-payouts',
      taskFunctions: this.taskFunctions,
      // Every state's input and output, kept a year: money moved, and a payout question ("why
      // was I paid this?") is answered from the run that computed it. The data holds seller and
      // payout ids and amounts, never an e-mail, a token or the Stripe key.
      logRetention: RetentionDays.ONE_YEAR,
      timeout: Duration.hours(2),
    });
    this.allowDistributedMap(data);
  }

  /**
   * What the Transfers Distributed Map does as the state machine's role: read the run's list
   * (ItemReader), write its results (ResultWriter), and start, watch and stop its own child
   * executions. The ASL comes from a file, so CDK cannot derive these as it does for a
   * `DistributedMap` construct; this mirrors that construct's grants, in a policy of its own so
   * the role's default policy does not depend on the state machine it belongs to.
   */
  private allowDistributedMap(data: Data): void {
    const bucket = data.mvpFilesBucket;
    const policy = new Policy(this.stateMachine, 'DistributedMapPolicy');
    this.stateMachine.role.attachInlinePolicy(policy);
    this.stateMachine.grantStartExecution(policy);
    this.stateMachine.grantExecution(policy, 'states:DescribeExecution', 'states:StopExecution');
    policy.addStatements(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [bucket.arnForObjects(`${storageDesign.payoutListsPrefix}*`)],
      }),
      new PolicyStatement({
        actions: [
          's3:PutObject',
          's3:GetObject',
          's3:ListMultipartUploadParts',
          's3:AbortMultipartUpload',
        ],
        resources: [bucket.arnForObjects(`${storageDesign.payoutResultsPrefix}*`)],
      }),
    );
    const bucketId = logicalIdOf(bucket);
    // cdk-nag names a pinned region or account as it is, a deploy-time one by its pseudo parameter.
    const { region, account } = Stack.of(this);
    const named = (value: string, pseudo: string) =>
      Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value;
    Validations.of(policy).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${storageDesign.payoutListsPrefix}*]`,
        reason: `Each run's list has its own generated key under "${storageDesign.payoutListsPrefix}"; the ItemReader may read that prefix of the bucket only.`,
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${storageDesign.payoutResultsPrefix}*]`,
        reason: `Step Functions names the result files under "${storageDesign.payoutResultsPrefix}" by map run id; the ResultWriter may write that prefix of the bucket only.`,
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:${named(region, 'Region')}:${named(account, 'AccountId')}:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${logicalIdOf(this.stateMachine)}"}]}]}:*]`,
        reason:
          'The Distributed Map describes and stops its own child executions, whose names Step Functions generates.',
      },
    );
  }

  /**
   * Lets `fn` start executions (the monthlyPayouts schedule's task) and tells it the ARN through
   * the variable its design names (lambdas/shared/adapters/workflow-step-functions.ts).
   */
  allowStart(fn: MarketplaceFunction): void {
    allowWorkflowStart('monthly-payouts', this.stateMachine, fn);
  }
}
