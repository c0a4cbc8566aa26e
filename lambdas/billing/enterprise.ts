/**
 * Enterprise plans: sold by the sales team ("Contact Sales"), not through Checkout, so an admin
 * puts the user on the plan with the downloads a month that were agreed. The plan is a
 * subscription item like any other (the dashboard, the download rules and the quota repair read
 * it the same way) with no Stripe subscription behind it: `price_id` is `manual_enterprise` and
 * its `custom_quota` is the agreed quota. Its month rolls over in the daily quota repair.
 */
import { auditWrite } from '../shared/audit';
import {
  ENTERPRISE_MESSAGES,
  MANUAL_ENTERPRISE_PRICE,
  type EnterprisePlanInput,
  type EnterprisePlanResult,
} from '../../contract/billing';
import { UNLIMITED_DOWNLOADS } from '../../contract/plans';
import { blocksNewSubscription } from '../../contract/subscriptions';
import { ConflictError, NotFoundError } from '../shared/errors';
import { RETRY, retry } from '../shared/retry';
import { getBillingProfile } from '../profiles/billing-fields';
import { stripeCustomerOf } from './stripe-customer';
import {
  entitlementChangeWrite,
  entitlementResetWrite,
  getEntitlement,
} from '../downloads/entitlement';
import {
  querySubscriptionsOfUser,
  subscriptionStateWrite,
  type SubscriptionItem,
} from '../ledger/service';
import { commitWrites } from './repo';
import { subscriptionItemId } from './subscription-sync';

/** Whether a subscription is an admin-made Enterprise plan (nothing to change in Stripe). */
export const isManualSubscription = (item: Pick<SubscriptionItem, 'price_id'>): boolean =>
  item.price_id === MANUAL_ENTERPRISE_PRICE;

const MAX_ATTEMPTS = 4;

/** `iso` plus `months` calendar months (the 31st falls back to the month's last day). */
export const addMonthsIso = (iso: string, months: number): string => {
  const date = new Date(iso);
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.toISOString();
};

export interface EnterpriseAdmin {
  userId: string;
  email: string;
}

/** A new manual Enterprise subscription, active for a month from `now`. */
const newManualSubscription = (
  userId: string,
  quota: number,
  stripeCustomerId: string | null | undefined,
  now: Date,
): SubscriptionItem => {
  const nowIso = now.toISOString();
  return {
    user_id: userId,
    id: subscriptionItemId(
      `${MANUAL_ENTERPRISE_PRICE}_${userId}`,
      Math.floor(now.getTime() / 1000),
    ),
    plan_type: 'enterprise',
    price_id: MANUAL_ENTERPRISE_PRICE,
    stripe_subscription_id: `${MANUAL_ENTERPRISE_PRICE}_${userId}_${now.getTime()}`,
    stripe_customer_id: stripeCustomerId ?? '',
    status: 'active',
    current_period_start: nowIso,
    current_period_end: addMonthsIso(nowIso, 1),
    cancel_at_period_end: false,
    custom_quota: quota,
    last_event_created: Math.floor(now.getTime() / 1000),
    created_at: nowIso,
    updated_at: nowIso,
  };
};

/**
 * Puts `userId` on Enterprise with `downloads_per_month` (null: unlimited), or changes the quota
 * of the Enterprise plan they have; audited in the same transaction.
 *
 * 1. The user must exist (404) and pay for no plan by card (409: that subscription ends first, so
 *    no one is charged by Stripe for a plan they no longer have).
 * 2. New plan: the subscription item (active, this month) and the quota reset to the agreed one.
 *    Existing plan: the quota moves by the difference, as a plan switch does (never below zero).
 * 3. The audit entry names the quota before and after.
 */
export const assignEnterprisePlan = async (
  admin: EnterpriseAdmin,
  userId: string,
  input: EnterprisePlanInput,
): Promise<EnterprisePlanResult> => {
  const quota = input.downloads_per_month ?? UNLIMITED_DOWNLOADS;
  return retry(
    async () => {
      const [profile, entitlement, customerId] = await Promise.all([
        getBillingProfile(userId),
        getEntitlement(userId),
        stripeCustomerOf(userId),
      ]);
      if (!profile || !entitlement) throw new NotFoundError(ENTERPRISE_MESSAGES.userNotFound);
      const subscriptions = await querySubscriptionsOfUser(userId);
      if (
        subscriptions.some(
          (item) => !isManualSubscription(item) && blocksNewSubscription(item.status),
        )
      ) {
        throw new ConflictError(ENTERPRISE_MESSAGES.paysByCard);
      }
      const now = new Date();
      const nowIso = now.toISOString();
      const current = subscriptions.find(
        (item) => isManualSubscription(item) && item.status === 'active',
      );
      const item: SubscriptionItem = current
        ? { ...current, custom_quota: quota, updated_at: nowIso }
        : newManualSubscription(userId, quota, customerId, now);
      const remaining = current
        ? Math.max(0, entitlement.downloadsRemaining + quota - entitlement.downloadQuota)
        : quota;
      const result = await commitWrites({
        subscription: subscriptionStateWrite(item),
        quota: current
          ? entitlementChangeWrite(entitlement, { remaining, quota, now: nowIso })
          : entitlementResetWrite(entitlement, {
              quota,
              periodStart: item.current_period_start,
              now: nowIso,
            }),
        audit: auditWrite({
          actor: admin,
          action: 'user.enterprise_plan',
          target: { type: 'user', id: userId },
          before: {
            plan: current ? 'enterprise' : (subscriptions[0]?.plan_type ?? null),
            download_quota: entitlement.downloadQuota,
          },
          after: { plan: 'enterprise', download_quota: quota },
          now: nowIso,
        }),
      });
      if (!result.canceled) {
        return {
          user_id: userId,
          plan_type: 'enterprise',
          download_quota: quota,
          downloads_remaining: remaining,
          current_period_end: item.current_period_end,
        };
      }
      // A download moved the quota meanwhile (or a reset happened): read again.
      return RETRY;
    },
    {
      attempts: MAX_ATTEMPTS,
      baseDelayMs: 0,
      exhausted: `Enterprise plan of ${userId} kept conflicting`,
    },
  );
};
