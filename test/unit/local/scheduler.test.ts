/**
 * The local scheduler reads the EventBridge expressions of contract/design/schedules.ts
 * exactly as EventBridge does: same fields, same day-of-week numbers, UTC.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { schedules } from '../../../contract/design/schedules';
import { CRONER_OPTIONS, cronerPattern } from '../../../lib/local/cloud/scheduler';
import { repositoryRoot } from '../../../lib/local/cloud/web';

const nextRuns = (eventBridgeCron: string, count: number, from: string): string[] =>
  new Cron(cronerPattern(eventBridgeCron), { ...CRONER_OPTIONS, paused: true })
    .nextRuns(count, new Date(from))
    .map((date) => date.toISOString());

describe('local schedules', () => {
  it.each(Object.entries(schedules))('%s names a task module that exists', (_name, schedule) => {
    expect(existsSync(path.join(repositoryRoot, 'lambdas', schedule.task))).toBe(true);
    expect(schedule.cron.split(' ')).toHaveLength(6);
  });

  it('runs the catalog snapshot every five minutes, on the minute, in UTC', () => {
    expect(nextRuns(schedules.catalogSnapshot.cron, 3, '2026-06-01T10:03:30.000Z')).toEqual([
      '2026-06-01T10:05:00.000Z',
      '2026-06-01T10:10:00.000Z',
      '2026-06-01T10:15:00.000Z',
    ]);
  });

  it("reads EventBridge's day-of-week numbers (1 = Sunday) and the 1st of the month", () => {
    // cron(0 9 ? * 2 *): Mondays 09:00 UTC. 2026-06-01 is a Monday.
    expect(nextRuns('0 9 ? * 2 *', 2, '2026-05-30T00:00:00.000Z')).toEqual([
      '2026-06-01T09:00:00.000Z',
      '2026-06-08T09:00:00.000Z',
    ]);
    // cron(0 0 1 * ? *): the 1st of each month at midnight UTC (quota reset, payouts).
    expect(nextRuns('0 0 1 * ? *', 2, '2026-06-15T00:00:00.000Z')).toEqual([
      '2026-07-01T00:00:00.000Z',
      '2026-08-01T00:00:00.000Z',
    ]);
  });
});
