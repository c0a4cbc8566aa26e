/**
 * Step 1 of monthly-payouts: takes the month's run, creates the month's payout rows and lists the
 * payouts to transfer (run.ts, `preparePayoutRun`).
 */
import { preparePayoutRun, type PreparedRun } from '../run';
import * as z from 'zod';
import { monthYearSchema } from '../month-schema';
import { taskHandler } from '../../shared/task-handler';

/** Prepare: the month, and the execution that runs it (its lease holder). */
const preparePayoutsInputSchema = z.object({
  month_year: monthYearSchema,
  executionName: z.string().min(1),
  /** `$$.Execution.StartTime`: which rows found already there this execution created. */
  executionStartedAt: z.iso.datetime({ offset: true }).optional(),
});

const thisTask = async (event: unknown): Promise<PreparedRun> => {
  const input = preparePayoutsInputSchema.parse(event);
  return preparePayoutRun({
    monthYear: input.month_year,
    executionName: input.executionName,
    executionStartedAt: input.executionStartedAt,
  });
};

export const handler = taskHandler('payouts/prepare-payouts', thisTask);
