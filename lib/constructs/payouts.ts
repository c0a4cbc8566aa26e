/**
 * The monthly payout run (prepare → transfer each payout → finish): the state machine from
 * `state-machines/monthly-payouts.asl.json` (the same file the local runner executes), each
 * `${…FunctionArn}` placeholder substituted by one task function. Only the transfer task may read
 * the Stripe secret key; the state machine logs every execution and is traced by X-Ray.
 */
import { Duration } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { lambdaVariables } from '../../contract/design/lambda-environment';
import { stateMachineDesign, type TaskPlaceholder } from '../../contract/design/state-machines';
import type { Data } from './data';
import { functionEnvironment } from './function-environment';
import { MarketplaceFunction } from './marketplace-function';
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

    // Reads every approved seller's month (two queries each, 16 at a time) and writes their rows.
    const prepare = task('PreparePayoutsFunction', design.tasks.PreparePayoutsFunctionArn, {
      memorySize: 512,
      timeout: Duration.minutes(5),
      description: 'Monthly payouts: pool, split and payout rows of a month',
    }).bindTable(data.table, 'readWrite');
    // One Stripe transfer per invocation; Stripe answers in well under a second.
    const transfer = task('TransferPayoutFunction', design.tasks.TransferPayoutFunctionArn, {
      memorySize: 256,
      timeout: Duration.seconds(60),
      description: 'Monthly payouts: pay one payout through a Stripe Connect transfer',
    }).bindTable(data.table, 'readWrite');
    props.secrets.grantTo(transfer, ['stripeSecretKey']);
    const finish = task('FinishPayoutRunFunction', design.tasks.FinishPayoutRunFunctionArn, {
      memorySize: 256,
      timeout: Duration.seconds(30),
      description: 'Monthly payouts: record the totals of a run',
    }).bindTable(data.table, 'readWrite');
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
  }

  /**
   * Lets `fn` start executions (the monthlyPayouts schedule's task) and tells it the ARN through
   * the variable its design names (lambdas/shared/adapters/workflow-step-functions.ts).
   */
  allowStart(fn: MarketplaceFunction): void {
    allowWorkflowStart('monthly-payouts', this.stateMachine, fn);
  }
}
