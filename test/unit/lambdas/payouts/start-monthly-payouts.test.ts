/**
 * The monthlyPayouts schedule's task: which month it pays (the one before the event's time, UTC,
 * across a year's end) and how it starts the state machine, through the workflow adapter.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addMonths, monthName, previousMonthOf } from '../../../../lambdas/payouts/months';
import { handler } from '../../../../lambdas/payouts/tasks/start-monthly-payouts';
import {
  setWorkflowRunner,
  type WorkflowInput,
  type WorkflowName,
} from '../../../../lambdas/shared/adapters/workflow';

// The task logs each start; the logger reads its level when it is first imported.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const started: { workflow: WorkflowName; input: WorkflowInput; name: string }[] = [];

beforeEach(() => {
  started.length = 0;
  setWorkflowRunner({
    start: async (workflow, input, name) => {
      started.push({ workflow, input, name });
    },
  });
});
afterEach(() => setWorkflowRunner(undefined));

describe('months', () => {
  it('steps across years and names months for messages', () => {
    expect(previousMonthOf(new Date('2026-01-01T00:00:00Z'))).toBe('2025-12');
    expect(previousMonthOf(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-02');
    expect(addMonths('2025-11', 3)).toBe('2026-02');
    expect(addMonths('2025-01', -13)).toBe('2023-12');
    expect(monthName('2025-07')).toBe('July 2025');
  });
});

describe('start-monthly-payouts', () => {
  it('starts monthly-payouts for the month before the scheduled event’s time (UTC)', async () => {
    const result = await handler({
      source: 'aws.events',
      'detail-type': 'Scheduled Event',
      time: '2026-01-01T00:00:00Z',
      detail: {},
    });
    expect(result.month_year).toBe('2025-12');
    expect(result.execution_name).toMatch(/^payouts-2025-12-[0-9A-Z]{26}$/);
    expect(started).toEqual([
      {
        workflow: 'monthly-payouts',
        input: { month_year: '2025-12' },
        name: result.execution_name,
      },
    ]);
  });

  it('runs a given month by hand, each start under a new execution name', async () => {
    const first = await handler({ month_year: '2025-07' });
    const second = await handler({ month_year: '2025-07' });
    expect(started.map((entry) => entry.input)).toEqual([
      { month_year: '2025-07' },
      { month_year: '2025-07' },
    ]);
    expect(first.execution_name).not.toBe(second.execution_name);
    // Step Functions execution names: at most 80 characters.
    expect(first.execution_name.length).toBeLessThanOrEqual(80);
  });

  it('refuses an event without a month or a time, and a malformed month', async () => {
    await expect(handler({})).rejects.toThrow();
    await expect(handler({ month_year: '2025-13' })).rejects.toThrow();
    expect(started).toEqual([]);
  });
});
