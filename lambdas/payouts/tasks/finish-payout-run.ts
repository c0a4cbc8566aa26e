/** Step 3 of monthly-payouts: completes the month's run with its totals (run.ts). */
import { finishPayoutRun, type FinishedRun } from '../run';
import { finishPayoutRunInputSchema } from '../schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown): Promise<FinishedRun> => {
  const input = finishPayoutRunInputSchema.parse(event);
  return finishPayoutRun({ run: input.run, executionName: input.executionName });
};

export const handler = taskHandler('payouts/finish-payout-run', thisTask);
