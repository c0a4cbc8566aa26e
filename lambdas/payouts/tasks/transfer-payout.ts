/**
 * Step 2 of monthly-payouts, once per batch of the Transfers Distributed Map: pays each payout of
 * the batch through a Stripe Connect transfer, or leaves it pending when its seller cannot receive
 * payouts yet (transfer-batch.ts). Throws only when no payout of the batch got through, for the
 * state machine's Retry.
 */
import { transferBatch, type TransferredBatch } from '../transfer-batch';
import * as z from 'zod';
import { monthYearSchema, payoutKeySchema } from '../month-schema';
import { taskHandler } from '../../shared/task-handler';

/**
 * A batch of the Transfers map (its ItemBatcher): the payouts to pay, and the run's month
 * (BatchInput). Bounded by the map's MaxItemsPerBatch; the schema's cap is a backstop.
 */
const transferBatchSchema = z.object({
  BatchInput: z.object({ month_year: monthYearSchema }),
  Items: z.array(payoutKeySchema).min(1).max(1_000),
});

const thisTask = async (event: unknown): Promise<TransferredBatch> =>
  transferBatch(transferBatchSchema.parse(event).Items);

export const handler = taskHandler('payouts/transfer-payout', thisTask);
