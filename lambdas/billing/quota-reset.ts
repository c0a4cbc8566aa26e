/**
 * The daily safety net of the monthly quota resets (schedule `quotaReset`): the webhook resets a
 * subscriber's quota on every paid invoice; this repairs a reset it missed (an active
 * subscription whose current period started after the entitlement's last reset) and zeroes the
 * quota of subscriptions that ended without a `customer.subscription.deleted` being applied. Both
 * writes are conditional (lambdas/downloads/entitlement.ts lends them), so running it twice, or
 * together with the webhook, changes nothing more.
 */
import { isActiveSubscriptionStatus } from '../../contract/subscriptions';
import { logger } from '../shared/observability';
import {
  entitlementChangeWrite,
  entitlementResetWrite,
  getEntitlement,
} from '../downloads/entitlement';
import { quotaOfPlan } from './plans';
import { addMonthsIso, isManualSubscription } from './enterprise';
import {
  querySubscriptionsByStatus,
  querySubscriptionsOfUser,
  renewSubscriptionPeriod,
} from '../ledger/service';
import { commitWrites } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back ended subscriptions are looked at: a month and a bit covers any missed day. */
const ENDED_LOOKBACK_DAYS = 40;
const FAR_FUTURE = '9999-12-31T00:00:00.000Z';

export interface QuotaResetSummary {
  reset: number;
  zeroed: number;
  checked: number;
}

/** Runs the repair at `now`. */
export const repairQuotas = async (now = new Date()): Promise<QuotaResetSummary> => {
  const nowIso = now.toISOString();
  const summary: QuotaResetSummary = { reset: 0, zeroed: 0, checked: 0 };

  // 0. Admin-made Enterprise plans have no Stripe to renew them: their month rolls over here,
  //    and step 1 then resets the quota for the new month.
  const lapsed = await querySubscriptionsByStatus('active', {
    from: new Date(now.getTime() - ENDED_LOOKBACK_DAYS * DAY_MS).toISOString(),
    to: nowIso,
  });
  for (const subscription of lapsed.filter(isManualSubscription)) {
    let start = subscription.current_period_start;
    let end = subscription.current_period_end;
    while (end <= nowIso) [start, end] = [end, addMonthsIso(end, 1)];
    await renewSubscriptionPeriod(subscription.user_id, subscription.id, { start, end }, nowIso);
  }

  // 1. Active subscriptions whose period is running: reset if the entitlement missed this period.
  for (const status of ['active', 'trialing'] as const) {
    const subscriptions = await querySubscriptionsByStatus(status, {
      from: nowIso,
      to: FAR_FUTURE,
    });
    for (const subscription of subscriptions) {
      summary.checked += 1;
      if (subscription.current_period_start > nowIso) continue;
      const entitlement = await getEntitlement(subscription.user_id);
      if (!entitlement) continue;
      const { lastQuotaResetAt } = entitlement;
      if (lastQuotaResetAt && lastQuotaResetAt >= subscription.current_period_start) continue;
      const result = await commitWrites({
        quota: entitlementResetWrite(entitlement, {
          quota: subscription.custom_quota ?? quotaOfPlan(subscription.plan_type),
          periodStart: subscription.current_period_start,
          now: nowIso,
        }),
      });
      if (!result.canceled) summary.reset += 1;
    }
  }

  // 2. Subscriptions that ended recently: no more downloads, unless the user has another active
  //    subscription. (An active one past its period end is left alone: Stripe may have renewed it
  //    and the event is still on its way; its `deleted` event or the next run settles it.)
  const since = new Date(now.getTime() - ENDED_LOOKBACK_DAYS * DAY_MS).toISOString();
  const ended = [
    ...(await querySubscriptionsByStatus('canceled', { from: since, to: FAR_FUTURE })),
    ...(await querySubscriptionsByStatus('incomplete_expired', { from: since, to: FAR_FUTURE })),
    ...(await querySubscriptionsByStatus('unpaid', { from: since, to: FAR_FUTURE })),
  ];
  for (const subscription of ended) {
    summary.checked += 1;
    const entitlement = await getEntitlement(subscription.user_id);
    if (!entitlement || (entitlement.downloadsRemaining === 0 && entitlement.downloadQuota === 0)) {
      continue;
    }
    const others = await querySubscriptionsOfUser(subscription.user_id);
    const stillActive = others.some(
      (other) => isActiveSubscriptionStatus(other.status) && other.current_period_end > nowIso,
    );
    if (stillActive) continue;
    const result = await commitWrites({
      quota: entitlementChangeWrite(entitlement, { remaining: 0, quota: 0, now: nowIso }),
    });
    if (!result.canceled) summary.zeroed += 1;
  }
  logger.info('Quota repair done', { ...summary });
  return summary;
};
