/**
 * The task wrapper: the Lambda context reaches the logger, one start and one outcome line per
 * run with counts only (no strings of the result), and a failure is logged and rethrown.
 */
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../../../lambdas/shared/observability';
import { countsOf, taskHandler } from '../../../../lambdas/shared/task-handler';

const context = {
  awsRequestId: 'req-1',
  functionName: 'fn',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:fn',
  memoryLimitInMB: '256',
} as unknown as Context;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('taskHandler', () => {
  it('adds the context, logs start and outcome with counts only, and returns the result', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const addContext = vi.spyOn(logger, 'addContext');
    const run = vi.fn(async (event: { n: number }) => ({
      sent: event.n,
      done: true,
      recipients: ['a@example.com', 'b@example.com'],
      email: 'a@example.com',
    }));
    const handler = taskHandler('notifications/send', run);
    const result = await handler({ n: 2 }, context);
    expect(result.sent).toBe(2);
    expect(run).toHaveBeenCalledWith({ n: 2 });
    expect(addContext).toHaveBeenCalledWith(context);
    expect(info).toHaveBeenCalledTimes(2);
    expect(info.mock.calls[0]).toEqual(['Task started', { task: 'notifications/send' }]);
    expect(info.mock.calls[1]![0]).toBe('Task succeeded');
    expect(info.mock.calls[1]![1]).toEqual({
      task: 'notifications/send',
      durationMs: expect.any(Number),
      counts: { sent: 2, done: true, recipients: 2 },
    });
    expect(JSON.stringify(info.mock.calls)).not.toContain('@example.com');
  });

  it('logs a failure and rethrows it, without a success line', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const failure = new Error('Stripe is down');
    const handler = taskHandler('payouts/transfer', async () => {
      throw failure;
    });
    await expect(handler(undefined, context)).rejects.toBe(failure);
    expect(info.mock.calls.map(([message]) => message)).toEqual(['Task started']);
    expect(error).toHaveBeenCalledWith('Task failed', {
      task: 'payouts/transfer',
      durationMs: expect.any(Number),
      error: failure,
    });
  });

  it('runs without a context (the local runners)', async () => {
    vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const addContext = vi.spyOn(logger, 'addContext');
    await expect(taskHandler('catalog/snapshot', async () => 3)()).resolves.toBe(3);
    expect(addContext).not.toHaveBeenCalled();
  });
});

describe('countsOf', () => {
  it('keeps numbers, booleans and list lengths, nothing else', () => {
    expect(countsOf({ a: 1, b: false, c: [1, 2, 3], d: 'x', e: { f: 1 }, g: null })).toEqual({
      a: 1,
      b: false,
      c: 3,
    });
    expect(countsOf([1, 2])).toEqual({ items: 2 });
    expect(countsOf('text')).toEqual({});
    expect(countsOf(undefined)).toEqual({});
  });
});

describe('every task handler', () => {
  it('is wrapped by taskHandler (the one-off backfill scripts excepted)', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.join(__dirname, '../../../../lambdas');
    const files = readdirSync(root).flatMap((domain) => {
      const folder = path.join(root, domain, 'tasks');
      try {
        return readdirSync(folder).map((file) => path.join(folder, file));
      } catch {
        return [];
      }
    });
    const handlers = files.filter((file) =>
      readFileSync(file, 'utf8').includes('export const handler'),
    );
    const oneOff = /backfill-/;
    const unwrapped = handlers.filter(
      (file) =>
        !oneOff.test(file) &&
        !/export const handler = taskHandler\(/.test(readFileSync(file, 'utf8')),
    );
    expect(handlers.length).toBeGreaterThan(20);
    expect(unwrapped).toEqual([]);
  });
});
