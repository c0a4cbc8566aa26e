/**
 * Entitlement data access, one function per access pattern (docs/data-model.md, section 3.28).
 * Every write takes what its caller read: an item that exists is changed on the condition that it
 * is still as read; a missing one (a user who has only the defaults) is created from the defaults
 * on the condition that it is still missing, so a concurrent first write makes the caller read
 * again.
 */
import {
  EntitlementEntity,
  defaultEntitlementOf,
  type EntitlementFields,
  type EntitlementItem,
} from '../shared/db/entities/entitlement';
import { writtenUnlessRefused } from '../shared/db/entity';
import {
  transactWrite,
  type TransactionResult,
  type TransactionWrite,
} from '../shared/db/transaction';

export type { EntitlementFields, EntitlementItem };

/** What a write was decided from: the stored item, or the defaults of a user without one. */
export interface EntitlementRead {
  userId: string;
  fields: EntitlementFields;
  /** The item exists (false: the defaults, which the first write stores). */
  stored: boolean;
}

/**
 * The read of a user without an item: the defaults of their profile (`defaultEntitlementOf`), or
 * what the profile still carries from before the item (`legacy`), which the first write stores.
 */
export const unstoredEntitlementRead = (
  profile: { id: string; created_at: string; beta_expires_at?: string | null },
  legacy: Partial<EntitlementFields> | null,
): EntitlementRead => ({
  userId: profile.id,
  stored: false,
  fields: defaultEntitlementOf(profile, legacy),
});

/** EN1: the user's item, read consistently (a download decides from it), or null. */
export const getEntitlementItem = async (userId: string): Promise<EntitlementItem | null> =>
  (await EntitlementEntity.get({ user_id: userId }).go({ consistent: true })).data;

/** The new item of a user who had the defaults, with `changes` on top. */
const createFromDefaults = (
  read: EntitlementRead,
  changes: Partial<EntitlementFields>,
  now: string,
): TransactionWrite =>
  EntitlementEntity.create({
    user_id: read.userId,
    ...read.fields,
    ...changes,
    created_at: now,
    updated_at: now,
  });

/** A download's day: today, whether the last download was today too, the daily limit, the time. */
interface DayCount {
  today: string;
  sameDay: boolean;
  dailyLimit: number | null;
  now: string;
}

/** The day's count after one more download: a new day starts again at 1. */
const dayCountAfter = (read: EntitlementRead, sameDay: boolean): number =>
  sameDay ? read.fields.downloads_today + 1 : 1;

/**
 * EN3 (transaction item `quota` of a download, section 4.1): one download less, counted against the
 * day, on the condition that a download is left (and the daily limit). `sameDay`: the last
 * download was today, so the day counter goes on; otherwise it starts again at 1.
 */
export const spendWrite = (read: EntitlementRead, input: DayCount): TransactionWrite => {
  const { today, sameDay, dailyLimit, now } = input;
  if (!read.stored) {
    // The caller refused a day at its limit already: a created item has no condition to hold it.
    return createFromDefaults(
      read,
      {
        downloads_remaining: read.fields.downloads_remaining - 1,
        downloads_today: dayCountAfter(read, sameDay),
        last_download_date: today,
      },
      now,
    );
  }
  return EntitlementEntity.patch({ user_id: read.userId })
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
};

/**
 * EN4: the day counter of a download that spends no quota (a free template): the daily limit
 * holds exactly as in EN3, and `downloads_remaining` is neither read nor moved.
 */
export const countDayWrite = (read: EntitlementRead, input: DayCount): TransactionWrite => {
  const { today, sameDay, dailyLimit, now } = input;
  if (!read.stored) {
    return createFromDefaults(
      read,
      { downloads_today: dayCountAfter(read, sameDay), last_download_date: today },
      now,
    );
  }
  const patch = EntitlementEntity.patch({ user_id: read.userId });
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

/**
 * EN5: the monthly reset for the period starting at `periodStart`, at most once per period (a
 * second reset of the same period fails its condition, so callers leave it out when their read
 * shows the reset done).
 */
export const resetWrite = (
  read: EntitlementRead,
  input: { quota: number; periodStart: string; now: string },
): TransactionWrite => {
  const changes = {
    downloads_remaining: input.quota,
    download_quota: input.quota,
    last_quota_reset_at: input.periodStart,
  };
  if (!read.stored) return createFromDefaults(read, changes, input.now);
  return EntitlementEntity.patch({ user_id: read.userId })
    .set({ ...changes, updated_at: input.now })
    .where(
      ({ last_quota_reset_at }, { notExists, lt }) =>
        `${notExists(last_quota_reset_at)} OR ${lt(last_quota_reset_at, input.periodStart)}`,
    );
};

/**
 * EN6: the quota after a change that is not a reset (a plan switch, an Enterprise change, the end
 * of the subscription), on the condition that the remaining count is still the one read, so a
 * concurrent download is never lost: the caller reads again and retries.
 */
export const changeWrite = (
  read: EntitlementRead,
  input: { remaining: number; quota: number; now: string },
): TransactionWrite => {
  const changes = { downloads_remaining: input.remaining, download_quota: input.quota };
  if (!read.stored) return createFromDefaults(read, changes, input.now);
  return EntitlementEntity.patch({ user_id: read.userId })
    .set({ ...changes, updated_at: input.now })
    .where(({ downloads_remaining }, { eq }) =>
      eq(downloads_remaining, read.fields.downloads_remaining),
    );
};

/**
 * EN7: a closed account's entitlement: nothing left to download, no daily counter. An upsert
 * (nothing is conditioned: a closed account has no downloads whatever it had), which creates the
 * item with `expiresAt` (a beta account's TTL) when the account never had one.
 */
export const endEntitlementItem = async (
  userId: string,
  now: string,
  expiresAt: number | null,
): Promise<void> => {
  await EntitlementEntity.update({ user_id: userId })
    .set({ downloads_remaining: 0, download_quota: 0, updated_at: now })
    .ifNotExists({
      downloads_today: 0,
      created_at: now,
      ...(expiresAt !== null && { expires_at: expiresAt }),
    })
    .remove(['daily_download_limit', 'last_download_date'])
    .go();
};

/** EN8: a demo account's entitlement, unless it has one; returns whether it was written. */
export const createEntitlementIfAbsent = async (item: EntitlementItem): Promise<boolean> => {
  return writtenUnlessRefused(EntitlementEntity.create(item));
};

/**
 * EN9: one profile's move, in one transaction: `entitlement`, the item created from the profile's
 * fields only while it is absent (null: it exists already, leave it), and `profile`, the removal
 * of those fields the profiles domain lends. A refusal names the item that failed.
 */
export const moveEntitlement = (
  item: EntitlementItem | null,
  profileRemoval: TransactionWrite,
): Promise<TransactionResult> =>
  transactWrite({
    entitlement: item && EntitlementEntity.create(item),
    profile: profileRemoval,
  });
