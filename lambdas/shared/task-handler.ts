/**
 * The wrapper of every task handler (schedules and state-machine steps, `lambdas/<domain>/tasks`):
 * adds the Lambda context (request id, cold start, function) to the logger, then logs one start
 * line and one outcome line with the duration and the result's counts, and rethrows a failure so
 * Step Functions or Scheduler still see it (retries, Catch, the dead-letter queue).
 *
 * The outcome carries numbers, booleans and list lengths of the result only: results hold ids
 * and sometimes addresses, and logs must not carry personal data (docs/operations.md, Schedules).
 */
import type { Context } from 'aws-lambda';
import { logger } from './observability';

export type TaskCounts = Record<string, number | boolean>;

/** The loggable part of a task's result: top-level numbers, booleans and array lengths. */
export const countsOf = (result: unknown): TaskCounts => {
  if (Array.isArray(result)) return { items: result.length };
  if (result === null || typeof result !== 'object') return {};
  const counts: TaskCounts = {};
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'number' || typeof value === 'boolean') counts[key] = value;
    else if (Array.isArray(value)) counts[key] = value.length;
  }
  return counts;
};

export const taskHandler =
  <E, R>(task: string, run: (event: E) => Promise<R>) =>
  // `event` optional: the local runners and tests call some tasks with nothing, and they call
  // every task without a context, which Lambda always passes.
  async (event?: E, context?: Context): Promise<R> => {
    if (context) logger.addContext(context);
    const started = Date.now();
    logger.info('Task started', { task });
    try {
      const result = await run(event as E);
      logger.info('Task succeeded', {
        task,
        durationMs: Date.now() - started,
        counts: countsOf(result),
      });
      return result;
    } catch (error) {
      logger.error('Task failed', { task, durationMs: Date.now() - started, error });
      throw error;
    }
  };
