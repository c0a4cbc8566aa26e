/**
 * Demo subscriptions: an active Pro plan for the demo buyer and a Premium plan for the maker
 * account, imported through the billing domain in the shape the payment webhook writes, so the
 * dashboard and the refund form have something real to show locally. Idempotent (fixed ids); a
 * subscription whose period has ended is renewed to the current month, so a long-lived local
 * stack stays current.
 */
import { importSubscription } from '../../../lambdas/billing/import';
import type { PlanType } from '../../../lambdas/shared/contracts/plans';
import type { DemoAccountKey } from './accounts';

export { currentMonthPeriod } from '../../../lambdas/billing/import';

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

/** Writes (or renews) the demo subscriptions; `subs` maps account keys to Cognito subs. */
export const seedSubscriptions = async (
  subs: ReadonlyMap<DemoAccountKey, string>,
  now = new Date(),
): Promise<void> => {
  for (const definition of seedSubscriptionDefinitions) {
    const userId = subs.get(definition.account);
    if (!userId) continue;
    await importSubscription(
      {
        userId,
        id: definition.id,
        planType: definition.planType,
        priceId: `price_local_${definition.planType}`,
        stripeSubscriptionId: `sub_local_${definition.account}`,
        stripeCustomerId: `cus_local_${definition.account}`,
        // Stripe's test card, as the offline payments adapter reports it.
        paymentMethod: { brand: 'visa', last4: '4242' },
      },
      now,
    );
  }
};
