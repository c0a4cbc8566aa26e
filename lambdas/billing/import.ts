/**
 * Subscriptions brought in from outside the payment webhook: the local demo's (lib/local/seed) and,
 * later, a migration. Each lands in the shape the webhook writes; importing again renews a
 * subscription whose period has ended to the current month (what the monthly invoice would do)
 * and otherwise changes nothing, so it is safe to run on every start.
 */
import type { PlanType } from '../shared/contracts/plans';
import {
  createSubscription,
  getSubscriptionOfUser,
  renewSubscriptionPeriod,
  type SubscriptionItem,
} from './repo';

export interface SubscriptionImport {
  userId: string;
  /** A fixed id keeps the import idempotent. */
  id: string;
  planType: PlanType;
  priceId: string;
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  paymentMethod?: { brand: string; last4: string };
}

/** The calendar month (UTC) around `now`: the current billing period of a monthly plan. */
export const currentMonthPeriod = (now: Date): { start: string; end: string } => {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start: start.toISOString(), end: end.toISOString() };
};

/** Creates an active monthly subscription, or renews it if its period has ended. */
export const importSubscription = async (
  input: SubscriptionImport,
  now = new Date(),
): Promise<'created' | 'renewed' | 'unchanged'> => {
  const period = currentMonthPeriod(now);
  const nowIso = now.toISOString();
  const existing = await getSubscriptionOfUser(input.userId, input.id);
  if (existing) {
    if (Date.parse(existing.current_period_end) > now.getTime()) return 'unchanged';
    await renewSubscriptionPeriod(input.userId, input.id, period, nowIso);
    return 'renewed';
  }
  const item: SubscriptionItem = {
    user_id: input.userId,
    id: input.id,
    plan_type: input.planType,
    price_id: input.priceId,
    stripe_subscription_id: input.stripeSubscriptionId,
    stripe_customer_id: input.stripeCustomerId,
    status: 'active',
    current_period_start: period.start,
    current_period_end: period.end,
    cancel_at_period_end: false,
    ...(input.paymentMethod && {
      payment_method_brand: input.paymentMethod.brand,
      payment_method_last4: input.paymentMethod.last4,
    }),
    last_event_created: Math.floor(now.getTime() / 1000),
    created_at: period.start,
    updated_at: nowIso,
  };
  await createSubscription(item);
  return 'created';
};
