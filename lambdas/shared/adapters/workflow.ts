/**
 * Starting a workflow (a Step Functions state machine) without knowing where it runs.
 *
 * In the cloud an execution is started with StartExecution on the state machine's ARN from
 * configuration (workflow-step-functions.ts). On a laptop the local stack registers an in-process
 * runner with `setWorkflowRunner` (lib/local/cloud/state-machines.ts) that runs the same ASL file with
 * aws-local-stepfunctions. Callers (the seller domain, retries) only ever call `startWorkflow`.
 */
import { startStepFunctionsExecution } from './workflow-step-functions';

import type { WorkflowName } from '../../../contract/design/state-machines';

export type { WorkflowName };

export type WorkflowInput = Record<string, string | number | boolean | null>;

export interface WorkflowRunner {
  /**
   * Starts one execution and resolves once it is accepted (not when it finishes).
   * `executionName` is unique per execution (Step Functions refuses a reused name for 90 days).
   */
  start(workflow: WorkflowName, input: WorkflowInput, executionName: string): Promise<void>;
}

let registered: WorkflowRunner | undefined;

/** Registers the runner used instead of Step Functions (the local stack); `undefined` resets. */
export const setWorkflowRunner = (runner: WorkflowRunner | undefined): void => {
  registered = runner;
};

const stepFunctionsRunner: WorkflowRunner = { start: startStepFunctionsExecution };

/** Starts an execution of `workflow` on whichever target this process is wired to. */
export const startWorkflow = (
  workflow: WorkflowName,
  input: WorkflowInput,
  executionName: string,
): Promise<void> => (registered ?? stepFunctionsRunner).start(workflow, input, executionName);
