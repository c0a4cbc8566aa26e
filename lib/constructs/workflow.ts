/**
 * A state machine of `contract/design/state-machines.ts` as Step Functions runs it: the ASL
 * file the local runner executes too, each `${…FunctionArn}` placeholder substituted by its task
 * function, every execution logged (with data) and traced by X-Ray, and the task functions
 * invocable by the state machine alone. The processing pipeline and the monthly payouts are built
 * with it; their constructs only say which function does which task and with what rights.
 */
import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  DefinitionBody,
  LogLevel,
  StateMachine,
  StateMachineType,
} from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import {
  stateMachineDesign,
  type TaskPlaceholder,
  type WorkflowName,
} from '../../contract/design/state-machines';
import { logicalIdOf, projectRoot, type MarketplaceFunction } from './marketplace-function';

/** The placeholders of a workflow's service integrations (none for most). */
export type IntegrationPlaceholder<W extends WorkflowName> =
  (typeof stateMachineDesign)[W] extends { integrations: infer I } ? keyof I & string : never;

export interface WorkflowStateMachineProps<W extends WorkflowName> {
  readonly workflow: W;
  /** The function behind each placeholder of the ASL file. */
  readonly taskFunctions: Readonly<Record<TaskPlaceholder<W>, MarketplaceFunction>>;
  /**
   * The resource behind each service integration's placeholder (the CodeBuild project's name of
   * `${BuildProjectName}`); the construct that makes the resource grants the state machine its use.
   */
  readonly integrations?: Readonly<Record<IntegrationPlaceholder<W>, string>>;
  /** How long execution logs are kept (they answer "what happened to this run?"). */
  readonly logRetention: RetentionDays;
  readonly timeout: Duration;
}

/** The ASL file of a workflow, as an absolute path. */
export const aslFileOf = (workflow: WorkflowName): string =>
  path.join(projectRoot, stateMachineDesign[workflow].asl);

/**
 * Creates the log group `ExecutionLogs` and the state machine `StateMachine` in `scope` (the
 * calling construct, so their logical ids stay the construct's own).
 */
export const createWorkflowStateMachine = <W extends WorkflowName>(
  scope: Construct,
  props: WorkflowStateMachineProps<W>,
): StateMachine => {
  const logGroup = new LogGroup(scope, 'ExecutionLogs', {
    retention: props.logRetention,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const functions = Object.entries(props.taskFunctions) as [string, MarketplaceFunction][];
  const stateMachine = new StateMachine(scope, 'StateMachine', {
    stateMachineType: StateMachineType.STANDARD,
    definitionBody: DefinitionBody.fromFile(aslFileOf(props.workflow)),
    definitionSubstitutions: {
      ...Object.fromEntries(functions.map(([placeholder, fn]) => [placeholder, fn.functionArn])),
      ...props.integrations,
    },
    logs: { destination: logGroup, level: LogLevel.ALL, includeExecutionData: true },
    tracingEnabled: true,
    timeout: props.timeout,
  });
  for (const [, fn] of functions) {
    fn.grantInvoke(stateMachine);
    Validations.of(stateMachine.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(fn)}.Arn>:*]`,
      reason:
        'CDK grants invoke on the task function and its versions/aliases; the function itself is fixed.',
    });
  }
  Validations.of(stateMachine.role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'CloudWatch Logs delivery (logs:CreateLogDelivery and friends) and X-Ray PutTraceSegments support no resource-level permissions.',
  });
  return stateMachine;
};

/**
 * Lets `fn` start executions of `stateMachine` and tells it the ARN through the variable the
 * workflow's design names (lambdas/shared/adapters/workflow-step-functions.ts).
 */
export const allowWorkflowStart = (
  workflow: WorkflowName,
  stateMachine: StateMachine,
  fn: MarketplaceFunction,
): void => {
  stateMachine.grantStartExecution(fn);
  fn.addEnvironment(stateMachineDesign[workflow].arnVariable, stateMachine.stateMachineArn);
};
