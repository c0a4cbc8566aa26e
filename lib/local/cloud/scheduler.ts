/**
 * EventBridge Scheduler's part on a laptop: runs each schedule of contract/design/schedules.ts with
 * croner, on the same cron expression, by calling its task module's `handler` in this process.
 * Composition only: what a task does is in the task.
 */
import path from 'node:path';
import { Cron } from 'croner';
import { schedules, type ScheduleName } from '../../../contract/design/schedules';
import { repositoryRoot } from './web';

/**
 * An EventBridge cron expression (six fields, see schedules.ts) as croner reads it: a seconds
 * field in front, Quartz day-of-week numbers (1 = Sunday) and `0/5`-style steps, in UTC.
 */
export const cronerPattern = (eventBridgeCron: string): string => `0 ${eventBridgeCron}`;

/** The croner options that make it read EventBridge's dialect (see `cronerPattern`). */
export const CRONER_OPTIONS = {
  timezone: 'Etc/UTC',
  alternativeWeekdays: true,
  sloppyRanges: true,
  // One run at a time per schedule, like a Lambda that is still busy when its rule fires again.
  protect: true,
  // The server keeps the process alive; a schedule alone must not.
  unref: true,
} as const;

export interface LocalScheduler {
  /** Runs one schedule's task now (tests, and the first run at start-up). */
  run(name: ScheduleName): Promise<unknown>;
  stop(): void;
}

export interface LocalSchedulerOptions {
  /** A task that throws is reported here; the schedule keeps running. */
  onError: (name: ScheduleName, error: unknown) => void;
}

type TaskHandler = (event: unknown) => Promise<unknown>;

const runTask = async (name: ScheduleName): Promise<unknown> => {
  const module = (await import(path.join(repositoryRoot, 'lambdas', schedules[name].task))) as {
    handler: TaskHandler;
  };
  // The input the schedules send (lib/constructs/schedules.ts), for handlers that look.
  return module.handler({
    source: 'aws.events',
    'detail-type': 'Scheduled Event',
    time: new Date().toISOString(),
    detail: {},
  });
};

/** Starts every schedule; `stop()` ends them (a task already running finishes). */
export const startLocalScheduler = (options: LocalSchedulerOptions): LocalScheduler => {
  const jobs = (Object.keys(schedules) as ScheduleName[]).map(
    (name) =>
      new Cron(
        cronerPattern(schedules[name].cron),
        {
          ...CRONER_OPTIONS,
          catch: (error: unknown) => options.onError(name, error),
        },
        async () => {
          await runTask(name);
        },
      ),
  );
  return {
    run: runTask,
    stop: () => {
      for (const job of jobs) job.stop();
    },
  };
};
