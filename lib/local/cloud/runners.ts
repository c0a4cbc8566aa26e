/**
 * The runners phase of the local stack: Step Functions and EventBridge in process. Both load
 * lambdas/ modules, so they are imported here only once the handlers' environment is set.
 */

/**
 * Step Functions in process: startWorkflow runs the same ASL files here (state-machines.ts).
 * `stop()` lets running executions finish their writes, then unplugs the runner.
 */
export const startWorkflows = async () => {
  const { createLocalWorkflowRunner } = await import('./state-machines');
  const { setWorkflowRunner } = await import('../../../lambdas/shared/adapters/workflow');
  const workflows = createLocalWorkflowRunner();
  setWorkflowRunner(workflows);
  return {
    stop: async () => {
      await Promise.allSettled([...workflows.running]);
      setWorkflowRunner(undefined);
    },
  };
};

/** EventBridge's schedules (the browse snapshot every 5 minutes), run in process. */
export const startScheduler = async () => {
  const { startLocalScheduler } = await import('./scheduler');
  return startLocalScheduler({
    onError: (name, error) => console.error(`Scheduled task ${name} failed:`, error),
  });
};
