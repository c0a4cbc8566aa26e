/**
 * An admin's Process of one payout: the payout is paid now
 * through the monthly run's own transfer (transfer.ts), so it is paid once whoever gets there
 * first, and the tab shows the result.
 */
import { auditPersonName, auditWrite } from '../shared/audit';
import { connectAccountOf } from './connect-account';
import type { AuthContext } from '../shared/auth/claims';
import {
  ADMIN_PAYOUT_MESSAGES,
  payoutFailedText,
  payoutStatusConflictMessage,
  type ProcessPayoutResult,
} from '../../contract/payouts';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../shared/errors';
import { isStripeError } from '../shared/adapters/stripe';
import { logger } from '../shared/observability';
import { monthName } from './months';
import { getPayout, startPayoutByAdmin, type PayoutKey } from './repo';
import { toAdminPayout } from './service';
import { notify, payoutMessages } from './transitions';
import { transferPayout } from './transfer';

/** Stripe did not answer: the payout stays processing and the next monthly run finishes it. */
const STRIPE_UNAVAILABLE_REASON =
  'Stripe did not answer. The payout is being transferred; the next monthly run finishes it, never twice.';

/**
 * Pays one payout now.
 *
 * 1. Read it: 404 when absent; only pending and failed payouts can be processed (else 409).
 * 2. Its seller must have a Connect account that can receive payouts, else 409 and the payout
 *    stays as it is.
 * 3. pending/failed → processing with the destination (condition `status = from`), the seller's
 *    `payout_initiated` and the audit entry, in one transaction; a failed payout starts a new
 *    attempt at Stripe. Losing that race (another admin, or the monthly run) is a 409.
 * 4. The monthly run's transfer (`transferPayout`) pays it and records completed or failed with
 *    its notification. A refusal by Stripe answers 200 with `success: false` and Stripe's reason;
 *    Stripe not answering is a 503 and the payout stays processing.
 */
export const processPayoutNow = async (
  admin: Pick<AuthContext, 'userId' | 'email'>,
  key: PayoutKey,
): Promise<ProcessPayoutResult> => {
  const item = await getPayout(key);
  if (!item) throw new NotFoundError(ADMIN_PAYOUT_MESSAGES.notFound);
  if (item.status !== 'pending' && item.status !== 'failed') {
    throw new ConflictError(payoutStatusConflictMessage(item.status));
  }
  const from = item.status;

  const account = await connectAccountOf(item.seller_id);
  if (!account.accountId || !account.payoutsEnabled) {
    throw new ConflictError(ADMIN_PAYOUT_MESSAGES.notConnected);
  }

  const now = new Date().toISOString();
  const started = await startPayoutByAdmin({
    item,
    from,
    destination: account.accountId,
    now,
    notification: notify(item, 'payout_initiated', payoutMessages.payout_initiated(item), now),
    audit: auditWrite({
      actor: { userId: admin.userId, email: admin.email },
      action: 'payout.process',
      target: {
        type: 'payout',
        id: item.id,
        name: `${auditPersonName({ display_name: item.seller_display_name, email: item.seller_email })}, ${monthName(item.month_year)}`,
      },
      before: { status: from },
      after: { status: 'processing', stripe_account_id: account.accountId },
      now,
    }),
  });
  if (started.canceled) {
    const current = await getPayout(key);
    if (!current) throw new NotFoundError(ADMIN_PAYOUT_MESSAGES.notFound);
    throw new ConflictError(payoutStatusConflictMessage(current.status));
  }

  try {
    await transferPayout(key);
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logger.warn('Payout transfer did not go through', { payoutId: item.id, type: error.type });
    throw new ServiceUnavailableError(payoutFailedText(STRIPE_UNAVAILABLE_REASON));
  }

  const after = await getPayout(key);
  if (!after) throw new NotFoundError(ADMIN_PAYOUT_MESSAGES.notFound);
  const payout = toAdminPayout(after, true);
  logger.info('Payout processed by an admin', { payoutId: item.id, status: after.status });
  if (after.status === 'completed') {
    return { success: true, message: ADMIN_PAYOUT_MESSAGES.processed, payout };
  }
  return {
    success: false,
    message: payoutFailedText(after.failure_reason ?? `the payout is ${after.status}`),
    payout,
  };
};
