/**
 * Step 2 of monthly-payouts, once per payout (the Map state): pays it through a Stripe Connect
 * transfer, or leaves it pending when its seller cannot receive payouts yet (transfer.ts,
 * `transferPayout`). Transient failures are thrown for the state machine's Retry.
 */
import { transferPayout } from '../transfer';
import type { TransferOutcome } from '../service';
import { payoutKeySchema } from '../schema';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event: unknown): Promise<{ outcome: TransferOutcome }> => ({
  outcome: await transferPayout(payoutKeySchema.parse(event)),
});

export const handler = taskHandler('payouts/transfer-payout', thisTask);
