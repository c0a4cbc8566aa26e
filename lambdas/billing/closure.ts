/**
 * Billing's part of an account's closure: a running subscription is set to end with the period
 * already paid, so the closed account is never charged again. Stripe's `customer.subscription.
 * updated` then records the change through the webhook, as for any cancellation. Its own module,
 * so the account function does not carry checkout.
 */
import { stripe } from '../shared/adapters/stripe';
import { isActiveSubscriptionStatus } from '../../contract/subscriptions';
import { getNewestSubscriptionOfUser } from '../ledger/service';

/** Whether a subscription was set to end (false: none running, or already ending). */
export const endSubscriptionWithPeriod = async (userId: string): Promise<boolean> => {
  const current = await getNewestSubscriptionOfUser(userId);
  if (!current || !isActiveSubscriptionStatus(current.status) || current.cancel_at_period_end) {
    return false;
  }
  const client = await stripe();
  await client.subscriptions.update(current.stripe_subscription_id, {
    cancel_at_period_end: true,
  });
  return true;
};
