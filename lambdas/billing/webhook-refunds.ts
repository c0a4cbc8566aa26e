/**
 * The Stripe webhook's refund rule (`charge.refunded`): what Stripe refunded of one of our orders,
 * with the payout pool, the licence, the buyer's notice and, for a full refund of the current
 * period, the subscription's end. One transaction with the event's claim (webhook.ts).
 */
import { stripe, type Stripe } from '../shared/adapters/stripe';
import { formatGbp } from '../../contract/money';
import { planById, type PlanType } from '../../contract/plans';
import { logger } from '../shared/observability';
import { licenseRefundedWrite, periodLicensesRefunded } from '../licenses/service';
import { notificationWrites } from '../notifications/service';
import {
  counterAddWrite,
  getSubscriptionOfUser,
  orderRefundedWrite,
  type OrderItem,
} from '../ledger/service';
import { applyEffect } from './repo';
import {
  retrieveSubscription,
  subscriptionItemId,
  subscriptionWrites,
  toSubscriptionItem,
} from './subscription-sync';
import { applyWithRetry, idOf, iso, orderOfPayment, userOfCharge } from './webhook-effect';

/**
 * A full refund of the invoice of a subscription's current period ends the subscription now: the
 * buyer has their money for the period back, so the period is not theirs any more. Partial
 * refunds, and refunds of earlier periods or of a plan switch's proration, keep it.
 *
 * Stripe is changed first (idempotent: an ended subscription is only read again), and its ended
 * state is then written with the refund's effect in one transaction, so a replay of the event, or
 * the `customer.subscription.deleted` event that follows, finds nothing left to do. `null` when
 * the refund does not end the subscription.
 */
const endRefundedPeriod = async (order: OrderItem): Promise<Stripe.Subscription | null> => {
  if (order.kind !== 'subscription_invoice' || !order.stripe_subscription_id) return null;
  const subscription = await retrieveSubscription(order.stripe_subscription_id);
  const item = subscription.items.data[0];
  if (!item || iso(item.current_period_start) !== order.period_start) return null;
  if (subscription.status === 'canceled') return subscription;
  if (ENDED_BY_STRIPE.has(subscription.status)) return null;
  await (
    await stripe()
  ).subscriptions.cancel(
    subscription.id,
    { prorate: false, invoice_now: false },
    { idempotencyKey: `refund-cancel-${order.id}` },
  );
  logger.info('Subscription ended by a full refund', {
    subscriptionId: subscription.id,
    invoiceId: order.id,
  });
  return retrieveSubscription(subscription.id);
};

/** Stripe statuses in which a subscription has ended without being canceled. */
const ENDED_BY_STRIPE = new Set(['incomplete_expired', 'unpaid']);

/** The buyer's words for a refund: how much, of what, and whether a plan ended with it. */
const refundNotice = (order: OrderItem, refunded: number, endedPlan: PlanType | null) => {
  const what =
    order.kind === 'one_time_sale'
      ? (order.mvp_title ?? 'your template')
      : endedPlan
        ? `your ${planById(endedPlan).name} plan`
        : 'your subscription';
  const ended = endedPlan ? ` Your ${planById(endedPlan).name} plan has ended.` : '';
  return `Your refund of ${formatGbp(refunded)} for ${what} has been processed.${ended}`;
};

/**
 * `charge.refunded`: what Stripe has refunded of one of our orders (ours through the admin's
 * Process Refund, or made in Stripe's dashboard). Refunds of subscription invoices lower the
 * month's payout pool (Counter `refunds`). The buyer is told in-app; a full refund of the current
 * period ends the subscription (`endRefundedPeriod`), a full refund of a one-time order marks its
 * licence refunded, and a full refund of a plan's invoice marks refunded the licences its period's
 * downloads issued (what it paid for: lambdas/downloads/access.ts then serves them no more). All of
 * it, with the event's claim, is one transaction.
 */
export const applyChargeRefund = async (
  event: Stripe.Event,
  charge: Stripe.Charge,
): Promise<void> => {
  const paymentIntentId = idOf(charge.payment_intent);
  const userId = await userOfCharge(charge);
  if (!userId || !paymentIntentId) {
    await applyEffect(event, {}, new Date());
    return;
  }
  const orderOfCharge = () => orderOfPayment(userId, paymentIntentId);
  const first = await orderOfCharge();
  const full = first !== undefined && charge.amount_refunded >= first.amount_total;
  const ended =
    full && first.amount_refunded < charge.amount_refunded ? await endRefundedPeriod(first) : null;
  // Licences past what one transaction holds are marked once it has committed.
  let markRest = async () => {};
  await applyWithRetry(event, async (now) => {
    const nowIso = now.toISOString();
    const order = await orderOfCharge();
    const delta = order ? charge.amount_refunded - order.amount_refunded : 0;
    if (!order || delta <= 0) return {};
    const fullRefund = charge.amount_refunded >= order.amount_total;
    const periodLicenses =
      fullRefund && order.kind === 'subscription_invoice' && order.period_start && order.period_end
        ? await periodLicensesRefunded(
            userId,
            { from: order.period_start, to: order.period_end },
            nowIso,
          )
        : null;
    markRest = periodLicenses?.markRest ?? (async () => {});
    const endedState = ended
      ? await subscriptionWrites(
          ended,
          userId,
          Math.max(event.created, ended.ended_at ?? ended.canceled_at ?? event.created),
          now,
        )
      : null;
    // Said to the buyer only when this refund is what ends the plan (not one that ended before).
    const stored = ended
      ? await getSubscriptionOfUser(userId, subscriptionItemId(ended.id, ended.created))
      : null;
    const endedPlan =
      ended && stored?.status !== 'canceled'
        ? toSubscriptionItem(ended, userId, event.created, nowIso).plan_type
        : null;
    return {
      order: orderRefundedWrite(order.id, order.amount_refunded, charge.amount_refunded, nowIso),
      refunds:
        order.kind === 'subscription_invoice'
          ? counterAddWrite('refunds', nowIso.slice(0, 7), delta, nowIso)
          : null,
      ...(endedState ?? {}),
      license:
        order.kind === 'one_time_sale' && fullRefund
          ? await licenseRefundedWrite(userId, order.id, nowIso)
          : null,
      ...periodLicenses?.writes,
      notification: notificationWrites(
        {
          userId,
          type: 'refund_processed',
          message: refundNotice(order, delta, endedPlan),
          link: '/dashboard',
        },
        nowIso,
      ),
    };
  });
  await markRest();
};
