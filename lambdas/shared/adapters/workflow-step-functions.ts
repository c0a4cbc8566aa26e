/**
 * The cloud target of the workflow adapter: Step Functions StartExecution. The ARN of each state
 * machine comes from configuration, set by the CDK only on the functions granted
 * `states:StartExecution` on it (lib/constructs/processing.ts).
 */
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { config } from '../config';
import type { WorkflowInput, WorkflowName } from './workflow';

let client: SFNClient | undefined;

const stateMachineArnOf = (workflow: WorkflowName): string => {
  const arn = { 'mvp-processing': config().PROCESSING_STATE_MACHINE_ARN }[workflow];
  if (!arn) {
    throw new Error(
      `No state machine is configured for "${workflow}": set PROCESSING_STATE_MACHINE_ARN ` +
        '(the CDK sets it on functions allowed to start it) or register a local workflow runner.',
    );
  }
  return arn;
};

export const startStepFunctionsExecution = async (
  workflow: WorkflowName,
  input: WorkflowInput,
  executionName: string,
): Promise<void> => {
  const stateMachineArn = stateMachineArnOf(workflow);
  client ??= new SFNClient({});
  await client.send(
    new StartExecutionCommand({
      stateMachineArn,
      name: executionName,
      input: JSON.stringify(input),
    }),
  );
};
