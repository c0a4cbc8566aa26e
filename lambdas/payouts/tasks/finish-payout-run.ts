/** Step 3 of monthly-payouts: completes the month's run with its totals (run.ts). */
import { finishPayoutRun, type FinishedRun } from '../run';
import * as z from 'zod';
import { monthYearSchema } from '../month-schema';
import { taskHandler } from '../../shared/task-handler';

/** Finish: Prepare's result (its counts and the list object), and the execution. */
const finishPayoutRunInputSchema = z.object({
  run: z.object({
    month_year: monthYearSchema,
    pool_amount: z.number().int().nonnegative(),
    total_downloads: z.number().int().nonnegative(),
    payouts_created: z.number().int().nonnegative(),
    payouts_to_transfer: z.number().int().nonnegative(),
    list: z.object({ bucket: z.string().min(1), key: z.string().min(1) }),
  }),
  executionName: z.string().min(1),
});

const thisTask = async (event: unknown): Promise<FinishedRun> => {
  const input = finishPayoutRunInputSchema.parse(event);
  return finishPayoutRun({ run: input.run, executionName: input.executionName });
};

export const handler = taskHandler('payouts/finish-payout-run', thisTask);
