/**
 * Reserved concurrency in prod: a ceiling for each long workflow task (buyer deploys, scans, the
 * GitHub archive fetch), a floor for billing and catalog, from context with defaults, never more
 * than the account's pool less Lambda's 100 unreserved, and off with one switch for an account
 * too small to reserve from. A throttled long task waits in its state machine's retrier for
 * longer than the task runs, so the ceiling queues work instead of failing it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { stateMachineDesign } from '../../contract/design/state-machines';
import { LONG_TASKS, LONG_TASK_COUNT } from '../../lib/constructs/concurrency';
import { logicalIdOf, type MarketplaceFunction } from '../../lib/constructs/marketplace-function';
import { readSettings } from '../../lib/stacks/create-app';
import { PROD_CONTEXT, synthApp, type SynthesisedApp } from '../fixtures/synth';

let dev: SynthesisedApp;
let prod: SynthesisedApp;

beforeAll(() => {
  dev = synthApp();
  prod = synthApp(PROD_CONTEXT);
});

type Functions = Record<string, { Properties: Record<string, unknown> }>;
const functions = (app: SynthesisedApp) =>
  app.template.findResources('AWS::Lambda::Function') as Functions;

/** The long task functions of an app, with the workflow and placeholder that name them. */
const longTasks = (app: SynthesisedApp) => {
  const { buyerDeploy, processing, githubSync } = app.stack;
  return [
    ...LONG_TASKS.buyerDeploy.map((name) => ({
      workflow: 'buyer-deploy' as const,
      name,
      fn: buyerDeploy.taskFunctions[name],
    })),
    ...LONG_TASKS.processing.map((name) => ({
      workflow: 'mvp-processing' as const,
      name,
      fn: processing.taskFunctions[name],
    })),
    ...LONG_TASKS.githubSync.map((name) => ({
      workflow: 'github-sync' as const,
      name,
      fn: githubSync.taskFunctions[name],
    })),
  ];
};

const reservedOf = (app: SynthesisedApp, fn: MarketplaceFunction): unknown =>
  functions(app)[logicalIdOf(fn)]!.Properties['ReservedConcurrentExecutions'];

const settings = (context: Record<string, unknown>) => readSettings(new App({ context }));

describe('reserved concurrency', () => {
  it('caps each long workflow task at 10 in prod', () => {
    const tasks = longTasks(prod);
    expect(tasks).toHaveLength(LONG_TASK_COUNT);
    expect(LONG_TASK_COUNT).toBe(8);
    for (const { name, fn } of tasks) expect(reservedOf(prod, fn), name).toBe(10);
  });

  it('keeps 50 for billing and 100 for the catalog in prod, and reserves nothing else', () => {
    const { api } = prod.stack;
    expect(reservedOf(prod, api.functions.get('billing')!)).toBe(50);
    expect(reservedOf(prod, api.functions.get('catalog')!)).toBe(100);
    const reserved = Object.values(functions(prod))
      .map((fn) => fn.Properties['ReservedConcurrentExecutions'] as number | undefined)
      .filter((value) => value !== undefined);
    expect(reserved).toHaveLength(LONG_TASK_COUNT + 2);
    // 230 of a 1,000 pool: 770 stay for the API's other domains and the other tasks.
    expect(reserved.reduce((sum, value) => sum + value, 0)).toBe(230);
  });

  it('reserves nothing outside prod, where an account’s pool may be 10', () => {
    for (const [id, fn] of Object.entries(functions(dev))) {
      expect(fn.Properties['ReservedConcurrentExecutions'], id).toBeUndefined();
    }
  });

  it('reads its numbers from context, and refuses what the account’s pool cannot hold', () => {
    expect(settings(PROD_CONTEXT).concurrency).toEqual({ longTask: 10, billing: 50, catalog: 100 });
    expect(
      settings({ ...PROD_CONTEXT, longTaskConcurrency: '4', catalogConcurrency: 200 }).concurrency,
    ).toEqual({ longTask: 4, billing: 50, catalog: 200 });
    // A new account's pool of 10: the synth stops and names the switch.
    expect(() => settings({ ...PROD_CONTEXT, accountConcurrency: 10 })).toThrow(
      /leave -220 of the account's 10 unreserved.*-c reservedConcurrency=false/,
    );
    expect(
      settings({ ...PROD_CONTEXT, accountConcurrency: 10, reservedConcurrency: 'false' })
        .concurrency,
    ).toBeUndefined();
    expect(settings({ reservedConcurrency: true }).concurrency).toBeDefined();
    expect(() => settings({ ...PROD_CONTEXT, billingConcurrency: 'lots' })).toThrow(
      /"billingConcurrency" must be a whole number/,
    );
  });

  it('makes a throttled long task wait in its state machine longer than the task runs', () => {
    for (const { workflow, name, fn } of longTasks(prod)) {
      const asl = JSON.parse(
        readFileSync(path.join(process.cwd(), stateMachineDesign[workflow].asl), 'utf8'),
      ) as { States: Record<string, TaskState> };
      const states = taskStatesOf(asl.States).filter((state) => state.Resource === `\${${name}}`);
      expect(states.length, name).toBeGreaterThan(0);
      const timeout = functions(prod)[logicalIdOf(fn)]!.Properties['Timeout'] as number;
      for (const state of states) {
        const retriers = (state.Retry ?? []).filter((retrier) =>
          retrier.ErrorEquals.includes('Lambda.TooManyRequestsException'),
        );
        expect(retriers, name).toHaveLength(1);
        // Full jitter waits half of it on average: still longer than the task runs.
        expect(longestWait(retriers[0]!), name).toBeGreaterThan(2 * timeout);
      }
    }
  });
});

interface Retrier {
  ErrorEquals: string[];
  IntervalSeconds?: number;
  MaxAttempts?: number;
  BackoffRate?: number;
  MaxDelaySeconds?: number;
}
interface TaskState {
  Type: string;
  Resource?: string;
  Retry?: Retrier[];
  Branches?: { States: Record<string, TaskState> }[];
  ItemProcessor?: { States: Record<string, TaskState> };
}

/** Every Task state, also inside Parallel branches and Map processors. */
const taskStatesOf = (states: Record<string, TaskState>): TaskState[] =>
  Object.values(states).flatMap((state) => [
    ...(state.Type === 'Task' ? [state] : []),
    ...(state.Branches ?? []).flatMap((branch) => taskStatesOf(branch.States)),
    ...(state.ItemProcessor ? taskStatesOf(state.ItemProcessor.States) : []),
  ]);

/** The retrier's waits added up, without jitter (Step Functions' defaults where unset). */
const longestWait = (retrier: Retrier): number => {
  const interval = retrier.IntervalSeconds ?? 1;
  const rate = retrier.BackoffRate ?? 2;
  const cap = retrier.MaxDelaySeconds ?? Number.POSITIVE_INFINITY;
  let total = 0;
  for (let attempt = 0; attempt < (retrier.MaxAttempts ?? 3); attempt += 1) {
    total += Math.min(interval * rate ** attempt, cap);
  }
  return total;
};
