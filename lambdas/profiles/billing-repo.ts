/**
 * A profile's billing fields, one function per access pattern (docs/data-model.md, "profiles"):
 * the download quota (spent, reset, changed), the Stripe customer and the Connect account. Most are
 * transaction items the profiles service lends to billing and downloads.
 */
import { ProfileEntity } from '../shared/db/entities/profile';
import { isConditionFailure } from '../shared/db/entity';

/** P14: the quota item of a download transaction (see profiles/service `spendDownloadWrite`). */
export const spendDownload = (
  userId: string,
  today: string,
  sameDay: boolean,
  dailyLimit: number | null,
  now: string,
) =>
  ProfileEntity.patch({ id: userId })
    .add(sameDay ? { downloads_remaining: -1, downloads_today: 1 } : { downloads_remaining: -1 })
    .set({ last_download_date: today, updated_at: now, ...(sameDay ? {} : { downloads_today: 1 }) })
    .where(
      (
        { downloads_remaining, downloads_today, last_download_date },
        { eq, gt, lt, ne, notExists },
      ) =>
        [
          gt(downloads_remaining, 0),
          sameDay
            ? eq(last_download_date, today)
            : `(${ne(last_download_date, today)} OR ${notExists(last_download_date)})`,
          ...(sameDay && dailyLimit !== null ? [lt(downloads_today, dailyLimit)] : []),
        ].join(' AND '),
    );

/**
 * P14b: the day counter of a download that spends no quota (a free template): the daily limit
 * holds exactly as in P14, and `downloads_remaining` is neither read nor moved.
 */
export const countFreeDownload = (
  userId: string,
  today: string,
  sameDay: boolean,
  dailyLimit: number | null,
  now: string,
) => {
  const patch = ProfileEntity.patch({ id: userId });
  const counted = sameDay
    ? patch.add({ downloads_today: 1 }).set({ last_download_date: today, updated_at: now })
    : patch.set({ last_download_date: today, updated_at: now, downloads_today: 1 });
  // The builder wraps the condition in parentheses itself: DynamoDB refuses a redundant pair.
  return counted.where(({ downloads_today, last_download_date }, { eq, lt, ne, notExists }) =>
    sameDay
      ? [
          eq(last_download_date, today),
          ...(dailyLimit !== null ? [lt(downloads_today, dailyLimit)] : []),
        ].join(' AND ')
      : `${ne(last_download_date, today)} OR ${notExists(last_download_date)}`,
  );
};

/** P20: the Stripe customer of the profile, set once (a lost race keeps the first one). */
export const setStripeCustomerIfAbsent = async (
  id: string,
  customerId: string,
  now: string,
): Promise<boolean> => {
  try {
    await ProfileEntity.patch({ id })
      .set({ stripe_customer_id: customerId, updated_at: now })
      .where(({ stripe_customer_id }, { notExists }) => notExists(stripe_customer_id))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** P21: the Connect account of the profile, set once (a lost race keeps the first one). */
export const setStripeAccountIfAbsent = async (
  id: string,
  accountId: string,
  now: string,
): Promise<boolean> => {
  try {
    await ProfileEntity.patch({ id })
      .set({ stripe_account_id: accountId, updated_at: now })
      .where(({ stripe_account_id }, { notExists }) => notExists(stripe_account_id))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/**
 * P22 (transaction item): the Connect account's status from an `account.updated` event, unless a
 * newer event was applied already (out-of-order delivery changes nothing).
 */
export const connectStatusWrite = (input: {
  id: string;
  accountId: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  eventCreated: number;
  now: string;
}) =>
  ProfileEntity.patch({ id: input.id })
    .set({
      stripe_payouts_enabled: input.payoutsEnabled,
      stripe_details_submitted: input.detailsSubmitted,
      stripe_account_event_created: input.eventCreated,
      updated_at: input.now,
    })
    .where(
      ({ stripe_account_id, stripe_account_event_created }, { eq, notExists, lte }) =>
        `${eq(stripe_account_id, input.accountId)} AND (${notExists(stripe_account_event_created)} OR ${lte(stripe_account_event_created, input.eventCreated)})`,
    );

/**
 * P15 (transaction item): the monthly quota reset of one user for the period starting at
 * `periodStart`, at most once per period (the condition makes a second reset of the same period
 * fail, so the caller leaves the item out when its pre-read shows the reset done).
 */
export const quotaResetWrite = (input: {
  id: string;
  quota: number;
  periodStart: string;
  now: string;
}) =>
  ProfileEntity.patch({ id: input.id })
    .set({
      downloads_remaining: input.quota,
      download_quota: input.quota,
      last_quota_reset_at: input.periodStart,
      updated_at: input.now,
    })
    .where(
      ({ last_quota_reset_at }, { notExists, lt }) =>
        `${notExists(last_quota_reset_at)} OR ${lt(last_quota_reset_at, input.periodStart)}`,
    );

/**
 * P23 (transaction item): the quota after a change that is not a reset (a plan switch, or the end
 * of the subscription), conditioned on the remaining count the caller read, so a concurrent
 * download is never lost: the caller re-reads and retries.
 */
export const quotaChangeWrite = (input: {
  id: string;
  readRemaining: number;
  remaining: number;
  quota: number;
  now: string;
}) =>
  ProfileEntity.patch({ id: input.id })
    .set({
      downloads_remaining: input.remaining,
      download_quota: input.quota,
      updated_at: input.now,
    })
    .where(({ downloads_remaining }, { eq }) => eq(downloads_remaining, input.readRemaining));
