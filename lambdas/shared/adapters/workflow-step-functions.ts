/**
 * The cloud target of the workflow adapter: Step Functions StartExecution. The ARN of each state
 * machine comes from configuration, set by the CDK only on the functions granted
 * `states:StartExecution` on it (lib/constructs/processing.ts).
 */
import type { SFNClient } from '@aws-sdk/client-sfn';
import { config } from '../config';
import { stateMachineDesign, type WorkflowName } from '../../../contract/design/state-machines';

let loading: Promise<{ client: SFNClient; sdk: typeof import('@aws-sdk/client-sfn') }> | undefined;

const stateMachineArnOf = (workflow: WorkflowName): string => {
  // The ARN is set only on functions granted StartExecution on the machine.
  const variable = stateMachineDesign[workflow].arnVariable;
  const arn = config()[variable];
  if (!arn) {
    throw new Error(
      `No state machine is configured for "${workflow}": set ${variable} ` +
        '(the CDK sets it on functions allowed to start it) or register a local workflow runner.',
    );
  }
  return arn;
};

/**
 * StartExecution of `workflow`. The SDK is imported on first use: only the few routes that start
 * a pipeline pay for loading it.
 */
export const startStepFunctionsExecution = async (
  workflow: WorkflowName,
  input: Record<string, unknown>,
  executionName: string,
): Promise<void> => {
  const stateMachineArn = stateMachineArnOf(workflow);
  loading ??= import('@aws-sdk/client-sfn').then((sdk) => ({ sdk, client: new sdk.SFNClient({}) }));
  const { sdk, client } = await loading;
  await client.send(
    new sdk.StartExecutionCommand({
      stateMachineArn,
      name: executionName,
      input: JSON.stringify(input),
    }),
  );
};
