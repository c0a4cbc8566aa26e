/**
 * Demo subscriptions: an active Pro plan for the demo buyer and a Premium plan for the maker
 * account, in the shape the payment webhook writes, so the dashboard and the refund form have
 * something real to show locally.
 *
 * Idempotent: each has a fixed id. A subscription whose period has ended is renewed to the
 * current month (what the monthly invoice would do), so a long-lived local stack stays current.
 */
import { SubscriptionEntity } from '../../../lambdas/shared/db/entities/subscription';
import type { PlanType } from '../../../lambdas/shared/contracts/plans';
import type { DemoAccountKey } from './accounts';

interface SeedSubscription {
  account: DemoAccountKey;
  /** A fixed ULID-shaped id: older than any id the webhook will generate, so real ones sort first. */
  id: string;
  planType: PlanType;
}

export const seedSubscriptionDefinitions: readonly SeedSubscription[] = [
  { account: 'buyer', id: '01JQ00000000000000000SUB01', planType: 'pro' },
  { account: 'maker', id: '01JQ00000000000000000SUB02', planType: 'premium' },
];

/** The calendar month (UTC) around `now`: the current billing period of a monthly plan. */
export const currentMonthPeriod = (now: Date): { start: string; end: string } => {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start: start.toISOString(), end: end.toISOString() };
};

/** Writes (or renews) the demo subscriptions; `subs` maps account keys to Cognito subs. */
export const seedSubscriptions = async (
  subs: ReadonlyMap<DemoAccountKey, string>,
  now = new Date(),
): Promise<void> => {
  const period = currentMonthPeriod(now);
  const nowIso = now.toISOString();
  for (const definition of seedSubscriptionDefinitions) {
    const userId = subs.get(definition.account);
    if (!userId) continue;
    const existing = await SubscriptionEntity.get({ user_id: userId, id: definition.id }).go();
    if (existing.data) {
      if (Date.parse(existing.data.current_period_end) > now.getTime()) continue;
      await SubscriptionEntity.patch({ user_id: userId, id: definition.id })
        .set({
          current_period_start: period.start,
          current_period_end: period.end,
          updated_at: nowIso,
        })
        .go();
      continue;
    }
    await SubscriptionEntity.create({
      user_id: userId,
      id: definition.id,
      plan_type: definition.planType,
      price_id: `price_local_${definition.planType}`,
      stripe_subscription_id: `sub_local_${definition.account}`,
      stripe_customer_id: `cus_local_${definition.account}`,
      status: 'active',
      current_period_start: period.start,
      current_period_end: period.end,
      cancel_at_period_end: false,
      // Stripe's test card, as the offline payments adapter reports it.
      payment_method_brand: 'visa',
      payment_method_last4: '4242',
      last_event_created: Math.floor(now.getTime() / 1000),
      created_at: period.start,
      updated_at: nowIso,
    }).go();
  }
};
