/**
 * Starting the monthly-payouts state machine for a month: the one code path of the schedule's
 * task (tasks/start-monthly-payouts.ts) and of an admin's run of a missed month (admin-runs.ts),
 * so both start the same execution input under the same kind of name.
 */
import { ulid } from 'ulid';
import { startWorkflow } from '../shared/adapters/workflow';

/** Unique per start: Step Functions refuses a reused execution name. */
export const payoutRunExecutionName = (monthYear: string, now = new Date()): string =>
  `payouts-${monthYear}-${ulid(now.getTime())}`;

export const startPayoutRun = async (monthYear: string, executionName: string): Promise<void> => {
  await startWorkflow('monthly-payouts', { month_year: monthYear }, executionName);
};
