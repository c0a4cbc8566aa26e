/**
 * The `monthlyPayouts` schedule's task (1st of the month, 00:00 UTC): starts the monthly-payouts
 * state machine for the month that just ended, the month before the event's time (UTC). A run
 * started by hand passes `{ month_year }` instead. The execution name is unique per start (Step
 * Functions refuses a reused one); re-running a month is safe (docs/data-model.md, section 4.4).
 */
import { logger } from '../../shared/observability';
import { previousMonthOf } from '../months';
import { startMonthlyPayoutsInputSchema } from '../schema';
import { payoutRunExecutionName, startPayoutRun } from '../start-run';
import { taskHandler } from '../../shared/task-handler';

export interface StartedPayoutRun {
  month_year: string;
  execution_name: string;
}

export const startMonthlyPayouts = async (event: unknown): Promise<StartedPayoutRun> => {
  const input = startMonthlyPayoutsInputSchema.parse(event);
  const monthYear =
    'month_year' in input ? input.month_year : previousMonthOf(new Date(input.time));
  const executionName = payoutRunExecutionName(monthYear);
  await startPayoutRun(monthYear, executionName);
  logger.info('Monthly payout run started', { monthYear, executionName });
  return { month_year: monthYear, execution_name: executionName };
};

export const handler = taskHandler('payouts/start-monthly-payouts', startMonthlyPayouts);
