/**
 * Step 1 of monthly-payouts: takes the month's run, creates the month's payout rows and lists the
 * payouts to transfer (run.ts, `preparePayoutRun`).
 */
import { preparePayoutRun, type PreparedRun } from '../run';
import { preparePayoutsInputSchema } from '../schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown): Promise<PreparedRun> => {
  const input = preparePayoutsInputSchema.parse(event);
  return preparePayoutRun({
    monthYear: input.month_year,
    executionName: input.executionName,
    executionStartedAt: input.executionStartedAt,
  });
};

export const handler = taskHandler('payouts/prepare-payouts', thisTask);
