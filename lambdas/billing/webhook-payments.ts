/**
 * The Stripe webhook's money-in rules: a paid subscription invoice (the order, the revenue
 * counters, a new period's quota reset, the receipt) and a completed one-time checkout (the order,
 * its licence, the receipt). Each is one transaction with the event's claim (webhook.ts).
 */
import { businessMetrics } from '../../contract/design/metrics';
import { countFact } from '../shared/business-metrics';
import { stripe, type Stripe } from '../shared/adapters/stripe';
import type { PlanType } from '../../contract/plans';
import { logger } from '../shared/observability';
import { licenseWrite, licenseeNameOf } from '../licenses/service';
import { getBillingProfile } from '../profiles/billing-fields';
import { entitlementResetWrite, getEntitlement } from '../downloads/entitlement';
import { paymentReceiptWrites, purchaseLicenseWrites } from './notices';
import { quotaOfPlan } from './plans';
import { getOrder, orderCreateWrite, type OrderItem } from '../ledger/service';
import { applyEffect } from './repo';
import { retrieveSubscription, subscriptionUserId, toSubscriptionItem } from './subscription-sync';
import { applyWithRetry, idOf, iso, revenueWrites } from './webhook-effect';

/** `invoice.paid`: the order (money in), the revenue counters and, for a new period, the reset. */
export const applyPaidInvoice = async (
  event: Stripe.Event,
  invoice: Stripe.Invoice,
): Promise<void> => {
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
    const [existing, entitlement] = await Promise.all([
      getOrder(invoice.id!),
      getEntitlement(userId),
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
      entitlement?.lastQuotaResetAt != null && entitlement.lastQuotaResetAt >= periodStart;
    return {
      order: record ? orderCreateWrite(order) : null,
      ...(record ? revenueWrites(full.amount_paid, paidAt, nowIso, true) : {}),
      quota:
        resets && entitlement && !alreadyReset
          ? entitlementResetWrite(entitlement, {
              quota: quotaOfPlan(plan),
              periodStart,
              now: nowIso,
            })
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
export const applyOneTimeOrder = async (event: Stripe.Event, session: Stripe.Checkout.Session) => {
  const metadata = session.metadata ?? {};
  const userId = session.client_reference_id ?? metadata.user_id;
  const templateId = metadata.mvp_id;
  if (!userId || !templateId || !metadata.seller_id || session.payment_status !== 'paid') {
    logger.warn('Checkout session without a paid template order', { sessionId: session.id });
    await applyEffect(event, {}, new Date());
    return;
  }
  const paidAt = iso(session.created);
  // Whether the committed attempt wrote the order (a replay of a recorded order writes nothing).
  let ordered = false;
  const outcome = await applyWithRetry(event, async (now) => {
    const nowIso = now.toISOString();
    const [existing, profile] = await Promise.all([
      getOrder(session.id),
      getBillingProfile(userId),
    ]);
    ordered = !existing;
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
        licenseId: license.id,
        title: metadata.mvp_title ?? 'Template',
        amount,
        currency: session.currency ?? 'gbp',
        now: nowIso,
      }),
    };
  });
  if (outcome === 'applied' && ordered) countFact(businessMetrics.checkoutsCompleted);
};
