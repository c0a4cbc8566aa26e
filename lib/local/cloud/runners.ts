/**
 * The runners phase of the local stack: Step Functions and EventBridge in process. Both load
 * lambdas/ modules, so they are imported here only once the handlers' environment is set.
 */

/**
 * Step Functions in process: startWorkflow runs the same ASL files here (state-machines.ts), the
 * Build state by the local build runner with packages from the local registry (`registryUrl`).
 * `stop()` stops running builds, lets running executions finish their writes, then unplugs the
 * runner.
 */
export const startWorkflows = async (options: { registryUrl: () => Promise<string | null> }) => {
  const { createLocalWorkflowRunner } = await import('./state-machines');
  const { createLocalCodeBuild } = await import('../build/codebuild');
  const { setWorkflowRunner } = await import('../../../lambdas/shared/adapters/workflow');
  const codebuild = createLocalCodeBuild({
    registryUrl: options.registryUrl,
    log: (line) => console.log(line),
  });
  const workflows = createLocalWorkflowRunner({
    services: { 'codebuild:startBuild.sync': codebuild },
  });
  setWorkflowRunner(workflows);
  return {
    stop: async () => {
      // A version build takes a while: it is stopped (not built) rather than waited for.
      codebuild.abort();
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
