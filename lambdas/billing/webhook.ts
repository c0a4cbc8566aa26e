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
 */
import { stripe, verifyStripeEvent, type Stripe } from '../shared/adapters/stripe';
import { formatGbp } from '../../contract/money';
import { planById, type PlanType } from '../../contract/plans';
import { ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import { licenseRefundedWrite, licenseWrite, licenseeNameOf } from '../licenses/service';
import { notificationWrites, sendQueuedEmails } from '../notifications/service';
import { recordTransferEvent } from '../payouts/service';
import { connectStatusWrite, quotaResetWrite } from '../profiles/billing-fields';
import { getBillingProfile } from '../profiles/billing-fields';
import { paymentFailedWrites, paymentReceiptWrites, purchaseLicenseWrites } from './notices';
import { quotaOfPlan } from './plans';
import {
  counterAddWrite,
  getOrder,
  getSubscriptionOfUser,
  orderCreateWrite,
  orderRefundedWrite,
  queryOrdersOfUser,
  type OrderItem,
} from '../ledger/service';
import { applyEffect } from './repo';
import {
  applySubscription,
  retrieveSubscription,
  subscriptionItemId,
  subscriptionUserId,
  subscriptionWrites,
  toSubscriptionItem,
} from './subscription-sync';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid Stripe signature.';
const MAX_ATTEMPTS = 4;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The revenue counters of one paid amount: all time, its month and its day. */
const revenueWrites = (amount: number, paidAt: string, now: string, subscription: boolean) => ({
  revenueAll: counterAddWrite('revenue', 'all', amount, now),
  revenueMonth: counterAddWrite('revenue', paidAt.slice(0, 7), amount, now),
  revenueDay: counterAddWrite('revenue', paidAt.slice(0, 10), amount, now),
  subscriptionRevenue: subscription
    ? counterAddWrite('subscription_revenue', paidAt.slice(0, 7), amount, now)
    : null,
});

/** Commits `build()`'s effect with the event's claim, re-reading after a conflict. */
const applyWithRetry = async (
  event: Stripe.Event,
  build: (now: Date) => Promise<Parameters<typeof applyEffect>[1]>,
): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    const now = new Date();
    const outcome = await applyEffect(event, await build(now), now);
    if (outcome === 'applied' || outcome === 'duplicate') return;
    if (attempt >= MAX_ATTEMPTS) {
      throw new Error(
        `Event ${event.id} kept conflicting: ${JSON.stringify(outcome.refused.codes)}`,
      );
    }
  }
};

/** `invoice.paid`: the order (money in), the revenue counters and, for a new period, the reset. */
const applyPaidInvoice = async (event: Stripe.Event, invoice: Stripe.Invoice): Promise<void> => {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId || !invoice.id) {
    await applyEffect(event, {}, new Date());
    return;
  }
  const subscription = await retrieveSubscription(subscriptionId);
  const userId = await subscriptionUserId(subscription);
  const full = await (await stripe()).invoices.retrieve(invoice.id, { expand: ['payments'] });
  const payment = full.payments?.data.find((entry) => entry.payment.type === 'payment_intent');
  const paymentIntentId = idOf(payment?.payment.payment_intent);
  const line = full.lines.data[0];
  const periodStart = iso(line?.period.start ?? invoice.period_start);
  const periodEnd = iso(line?.period.end ?? invoice.period_end);
  const paidAt = iso(full.status_transitions?.paid_at ?? event.created);
  const plan: PlanType = toSubscriptionItem(subscription, userId, event.created, paidAt).plan_type;
  const resets =
    (full.billing_reason === 'subscription_create' ||
      full.billing_reason === 'subscription_cycle') &&
    (subscription.status === 'active' || subscription.status === 'trialing');

  await applyWithRetry(event, async (now) => {
    const nowIso = now.toISOString();
    const [existing, profile] = await Promise.all([
      getOrder(invoice.id!),
      getBillingProfile(userId),
    ]);
    const record = !existing && full.amount_paid > 0;
    const order: Omit<OrderItem, 'amount_refunded'> = {
      id: invoice.id!,
      kind: 'subscription_invoice',
      user_id: userId,
      stripe_customer_id: idOf(full.customer) ?? '',
      ...(paymentIntentId && { payment_intent_id: paymentIntentId }),
      amount_subtotal: full.subtotal,
      amount_total: full.amount_paid,
      currency: full.currency,
      payment_status: 'paid',
      status: 'completed',
      stripe_subscription_id: subscriptionId,
      period_start: periodStart,
      period_end: periodEnd,
      created_at: paidAt,
      updated_at: nowIso,
    };
    const alreadyReset =
      profile?.lastQuotaResetAt != null && profile.lastQuotaResetAt >= periodStart;
    return {
      order: record ? orderCreateWrite(order) : null,
      ...(record ? revenueWrites(full.amount_paid, paidAt, nowIso, true) : {}),
      quota:
        resets && profile && !alreadyReset
          ? quotaResetWrite({ id: userId, quota: quotaOfPlan(plan), periodStart, now: nowIso })
          : null,
      receipt:
        record &&
        paymentReceiptWrites({
          userId,
          amount: full.amount_paid,
          currency: full.currency,
          plan,
          periodStart,
          periodEnd,
          now: nowIso,
        }),
    };
  });
  logger.info('Invoice applied', { invoiceId: invoice.id, billingReason: full.billing_reason });
};

/** `checkout.session.completed` in payment mode: the one-time order and its licence. */
const applyOneTimeOrder = async (event: Stripe.Event, session: Stripe.Checkout.Session) => {
  const metadata = session.metadata ?? {};
  const userId = session.client_reference_id ?? metadata.user_id;
  const templateId = metadata.mvp_id;
  if (!userId || !templateId || !metadata.seller_id || session.payment_status !== 'paid') {
    logger.warn('Checkout session without a paid template order', { sessionId: session.id });
    await applyEffect(event, {}, new Date());
    return;
  }
  const paidAt = iso(session.created);
  await applyWithRetry(event, async (now) => {
    const nowIso = now.toISOString();
    const [existing, profile] = await Promise.all([
      getOrder(session.id),
      getBillingProfile(userId),
    ]);
    if (existing) return {};
    const amount = session.amount_total ?? 0;
    const license = licenseWrite({
      userId,
      licenseeName: licenseeNameOf({
        id: userId,
        display_name: profile?.displayName ?? null,
        username: profile?.username ?? null,
      }),
      mvp: {
        id: templateId,
        title: metadata.mvp_title ?? 'Template',
        seller_id: metadata.seller_id!,
        version_number: metadata.version_number ?? '1.0.0',
        licensing_terms: (metadata.licensing_terms ?? 'standard_commercial') as never,
      },
      source: 'order',
      orderId: session.id,
      now: nowIso,
    });
    return {
      order: orderCreateWrite({
        id: session.id,
        kind: 'one_time_sale',
        user_id: userId,
        stripe_customer_id: idOf(session.customer) ?? '',
        ...(idOf(session.payment_intent) && { payment_intent_id: idOf(session.payment_intent)! }),
        amount_subtotal: session.amount_subtotal ?? amount,
        amount_total: amount,
        currency: session.currency ?? 'gbp',
        payment_status: session.payment_status,
        status: 'completed',
        mvp_id: templateId,
        mvp_title: metadata.mvp_title ?? 'Template',
        seller_id: metadata.seller_id!,
        created_at: paidAt,
        updated_at: nowIso,
      }),
      license: license.write,
      ...revenueWrites(amount, paidAt, nowIso, false),
      receipt: purchaseLicenseWrites({
        userId,
        licenceId: license.id,
        title: metadata.mvp_title ?? 'Template',
        amount,
        currency: session.currency ?? 'gbp',
        now: nowIso,
      }),
    };
  });
};

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
 * licence refunded. All of it, with the event's claim, is one transaction.
 */
const applyChargeRefund = async (event: Stripe.Event, charge: Stripe.Charge): Promise<void> => {
  const paymentIntentId = idOf(charge.payment_intent);
  const customerId = idOf(charge.customer);
  let userId: string | undefined = charge.metadata?.user_id;
  if (!userId && customerId) {
    const customer = await (await stripe()).customers.retrieve(customerId);
    userId = customer.deleted ? undefined : customer.metadata?.user_id;
  }
  if (!userId || !paymentIntentId) {
    await applyEffect(event, {}, new Date());
    return;
  }
  const orderOfCharge = async () =>
    (await queryOrdersOfUser(userId)).find(
      (candidate) => candidate.payment_intent_id === paymentIntentId,
    );
  const first = await orderOfCharge();
  const full = first !== undefined && charge.amount_refunded >= first.amount_total;
  const ended =
    full && first.amount_refunded < charge.amount_refunded ? await endRefundedPeriod(first) : null;
  await applyWithRetry(event, async (now) => {
    const nowIso = now.toISOString();
    const order = await orderOfCharge();
    const delta = order ? charge.amount_refunded - order.amount_refunded : 0;
    if (!order || delta <= 0) return {};
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
        order.kind === 'one_time_sale' && charge.amount_refunded >= order.amount_total
          ? await licenseRefundedWrite(userId, order.id, nowIso)
          : null,
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
};

/** `account.updated`: whether the seller's Connect account can receive payouts. */
const applyAccountUpdate = async (event: Stripe.Event, account: Stripe.Account): Promise<void> => {
  const userId = account.metadata?.user_id;
  const now = new Date();
  if (!userId) {
    await applyEffect(event, {}, now);
    return;
  }
  const outcome = await applyEffect(
    event,
    {
      account: connectStatusWrite({
        id: userId,
        accountId: account.id,
        payoutsEnabled: account.payouts_enabled ?? false,
        detailsSubmitted: account.details_submitted ?? false,
        eventCreated: event.created,
        now: now.toISOString(),
      }),
    },
    now,
  );
  // Older than what was applied, or not this profile's account: record the event, change nothing.
  if (typeof outcome === 'object') await applyEffect(event, {}, now);
};

/** Applies one verified event. */
export const applyStripeEvent = async (event: Stripe.Event): Promise<void> => {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'payment') return applyOneTimeOrder(event, session);
      const subscriptionId = idOf(session.subscription);
      if (!subscriptionId) return void (await applyEffect(event, {}, new Date()));
      await applySubscription(await retrieveSubscription(subscriptionId), event.created, event);
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
    case 'account.updated':
      return applyAccountUpdate(event, event.data.object);
    case 'transfer.created':
    case 'transfer.reversed':
    case 'transfer.updated':
      await recordTransferEvent(event.data.object, event.created);
      await applyEffect(event, {}, new Date());
      return;
    default:
      logger.info('Stripe event ignored', { type: event.type });
  }
};

/**
 * The route's rule: verify, then apply. A bad or missing signature is a 400 and nothing is read
 * or written; an error while applying is a 500, so Stripe retries the delivery.
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
    throw new ValidationError(INVALID_SIGNATURE_MESSAGE);
  }
  logger.info('Stripe event received', { id: event.id, type: event.type });
  await applyStripeEvent(event);
  // A receipt, licence or refund notice of this event is e-mailed now rather than next minute.
  await sendQueuedEmails();
};
