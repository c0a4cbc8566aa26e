/**
 * Step 2 of monthly-payouts, once per batch of the Transfers Distributed Map: pays each payout of
 * the batch through a Stripe Connect transfer, or leaves it pending when its seller cannot receive
 * payouts yet (transfer-batch.ts). Throws only when no payout of the batch got through, for the
 * state machine's Retry.
 */
import { transferBatch, type TransferredBatch } from '../transfer-batch';
import { transferBatchSchema } from '../schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown): Promise<TransferredBatch> =>
  transferBatch(transferBatchSchema.parse(event).Items);

export const handler = taskHandler('payouts/transfer-payout', thisTask);
