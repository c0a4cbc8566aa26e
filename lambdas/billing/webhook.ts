/**
 * The Stripe webhook's rules (docs/data-model.md, section 4.5): each event's effect is one DynamoDB
 * transaction together with the event's claim (E1), so a delivery applied once is acknowledged
 * without effect the next time, and a failed effect leaves nothing half-written for Stripe's retry.
 * Objects are re-read from Stripe where order matters, and subscription state is written only if
 * newer than what was applied (subscription-sync.ts).
 *
 * 1. Verify the signature on the raw body (before anything is read).
 * 2. Dispatch by type; unknown types are acknowledged and ignored.
 * 3. Build the effect from a pre-read, commit it with the claim; retry after a conflict.
 *
 * Payments are webhook-payments.ts, refunds webhook-refunds.ts, chargebacks webhook-disputes.ts.
 */
import { businessMetrics } from '../../contract/design/metrics';
import { countFact } from '../shared/business-metrics';
import { verifyStripeEvent, type Stripe } from '../shared/adapters/stripe';
import { ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import { RETRY, retry } from '../shared/retry';
import { sendQueuedEmails } from '../notifications/service';
import { countTransferEffect, isPayoutTransfer, planTransferEvent } from '../payouts/transitions';
import { connectStatusWrite } from '../payouts/connect-account';
import { paymentFailedWrites } from './notices';
import { applyEffect } from './repo';
import { applySubscription, retrieveSubscription, subscriptionUserId } from './subscription-sync';
import { RejectedEventError, idOf, isRejection, rejectEvent } from './webhook-effect';
import { applyOneTimeOrder, applyPaidInvoice } from './webhook-payments';
import { applyChargeDispute } from './webhook-disputes';
import { applyChargeRefund } from './webhook-refunds';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid Stripe signature.';
/** Both plans of an `account.updated` were refused: the event changes nothing. */
class AccountUpdateRefused extends Error {}

/**
 * `account.updated`: whether the seller's Connect account can receive payouts. Planned twice at
 * most: a seller whose account was still only on their profile gets its item from the event, and
 * when the backfill stored the item in between, the second plan patches it instead.
 */
const applyAccountUpdate = async (event: Stripe.Event, account: Stripe.Account): Promise<void> => {
  const userId = account.metadata?.user_id;
  const now = new Date();
  if (!userId) {
    await applyEffect(event, {}, now);
    return;
  }
  try {
    await retry(
      async () => {
        const outcome = await applyEffect(
          event,
          {
            account: await connectStatusWrite({
              userId,
              accountId: account.id,
              payoutsEnabled: account.payouts_enabled ?? false,
              detailsSubmitted: account.details_submitted ?? false,
              eventCreated: event.created,
              now: now.toISOString(),
            }),
          },
          now,
        );
        return typeof outcome === 'object' ? RETRY : outcome;
      },
      // The second plan starts from a fresh read: nothing to wait for.
      { attempts: 2, baseDelayMs: 0, exhausted: () => new AccountUpdateRefused() },
    );
  } catch (error) {
    if (!(error instanceof AccountUpdateRefused)) throw error;
    // Older than what was applied, or not this seller's account: record the event, change nothing.
    await applyEffect(event, {}, now);
  }
};

const MAX_TRANSFER_ATTEMPTS = 4;

/**
 * `transfer.*`: the payout's transition (payouts' `planTransferEvent`) committed with the event's
 * claim, so a replay finds the claim and changes nothing. A refusal means the payout moved
 * between the read and the commit: plan again from a fresh read.
 */
const applyTransferEvent = async (event: Stripe.Event, transfer: Stripe.Transfer) => {
  if (!isPayoutTransfer(transfer)) {
    throw new RejectedEventError('The transfer carries no payout of ours in its metadata.');
  }
  let refusedCodes: unknown;
  await retry(
    async () => {
      const now = new Date();
      const plan = await planTransferEvent(transfer, event.created, now.toISOString());
      const outcome = await applyEffect(event, plan.writes, now);
      if (outcome === 'applied' || outcome === 'duplicate') {
        if (outcome === 'applied') countTransferEffect(plan.effect);
        logger.info('Transfer event applied', {
          transferId: transfer.id,
          effect: plan.effect,
          outcome,
        });
        return outcome;
      }
      refusedCodes = outcome.refused.codes;
      return RETRY;
    },
    {
      attempts: MAX_TRANSFER_ATTEMPTS,
      baseDelayMs: 0,
      exhausted: () =>
        new Error(`Event ${event.id} kept conflicting: ${JSON.stringify(refusedCodes)}`),
    },
  );
};

/** Applies one verified event. */
export const applyStripeEvent = async (event: Stripe.Event): Promise<void> => {
  const object: unknown = (event.data as { object?: unknown } | null | undefined)?.object;
  if (object === null || typeof object !== 'object') {
    throw new RejectedEventError('The event carries no object.');
  }
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'payment') return applyOneTimeOrder(event, session);
      const subscriptionId = idOf(session.subscription);
      if (!subscriptionId) return void (await applyEffect(event, {}, new Date()));
      // A plan's checkout completes once, whichever event first wrote its subscription.
      await applySubscription(
        await retrieveSubscription(subscriptionId),
        event.created,
        event,
        {},
        () => countFact(businessMetrics.checkoutsCompleted),
      );
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'invoice.payment_failed': {
      const object = event.data.object;
      const subscriptionId =
        object.object === 'subscription'
          ? object.id
          : idOf(object.parent?.subscription_details?.subscription);
      if (!subscriptionId) return void (await applyEffect(event, {}, new Date()));
      const subscription = await retrieveSubscription(subscriptionId);
      const notice =
        object.object === 'invoice'
          ? {
              notice: paymentFailedWrites({
                userId: await subscriptionUserId(subscription),
                amount: object.amount_due,
                currency: object.currency,
                now: new Date().toISOString(),
              }),
            }
          : undefined;
      await applySubscription(subscription, event.created, event, notice);
      return;
    }
    case 'invoice.paid':
      return applyPaidInvoice(event, event.data.object);
    case 'charge.refunded':
      return applyChargeRefund(event, event.data.object);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return applyChargeDispute(event, event.data.object);
    case 'account.updated':
      return applyAccountUpdate(event, event.data.object);
    case 'transfer.created':
    case 'transfer.reversed':
    case 'transfer.updated':
      return applyTransferEvent(event, event.data.object);
    default:
      logger.info('Stripe event ignored', { type: event.type });
  }
};

/**
 * The route's rule: verify, then apply. A bad or missing signature is a 400 and nothing is read
 * or written; a signed event that cannot be applied (no object, a transfer that is not a payout's,
 * an object Stripe does not know, a subscription that names no user of ours) is acknowledged and
 * counted (`rejectEvent`); any other error while applying is a 500, so Stripe retries it.
 */
export const receiveStripeWebhook = async (
  rawBody: string,
  signature: string | undefined,
): Promise<void> => {
  let event: Stripe.Event;
  try {
    event = await verifyStripeEvent(rawBody, signature);
  } catch (error) {
    logger.warn('Stripe webhook with a bad signature', { reason: (error as Error).name });
    countFact(businessMetrics.webhookEventsRejected);
    throw new ValidationError(INVALID_SIGNATURE_MESSAGE);
  }
  logger.info('Stripe event received', { id: event.id, type: event.type });
  try {
    await applyStripeEvent(event);
  } catch (error) {
    if (!isRejection(error)) throw error;
    await rejectEvent(event, error.message);
  }
  // A receipt, licence or refund notice of this event is e-mailed now rather than next minute.
  await sendQueuedEmails();
};
