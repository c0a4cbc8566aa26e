/**
 * One-off task: moves the download quota of profiles written before the Entitlement item into
 * their entitlement (docs/data-model.md, section 3.28, EN9), so the profile holds only who the user
 * is. `npm start`'s seed runs it on every start (a `.local/` with older profiles); in the cloud run
 * it once after the deploy that adds the item (docs/operations.md, "Entitlements"):
 * `npx tsx lambdas/downloads/tasks/backfill-entitlements.ts` with the downloads function's
 * environment. Until then a user without the item has what their profile carries, so nothing is
 * lost in between. Idempotent: a profile whose quota fields are gone is not read again.
 *
 * Per profile, one transaction: the entitlement created from the profile's fields (only while it
 * is absent) and the fields removed from the profile (only while each is as read). When a download
 * or billing created the entitlement first (from these same fields), the item wins and the fields
 * are only removed.
 */
import { pathToFileURL } from 'node:url';
import { logger } from '../../shared/observability';
import { RETRY, retry } from '../../shared/retry';
import {
  getLegacyQuota,
  legacyQuotaRemovalWrite,
  profilesWithLegacyQuota,
  type LegacyQuotaHolder,
  type LegacyProfileQuota,
} from '../../profiles/legacy-quota';
import { moveEntitlement, type EntitlementItem } from '../entitlement-repo';

export interface BackfillEntitlementsResult {
  /** Profiles that still carried quota fields. */
  profiles: number;
  /** Entitlements created from them. */
  moved: number;
  /** Profiles whose fields were only removed: their entitlement existed already. */
  cleared: number;
  /** Profiles left for the next run (changed three times while being moved). */
  skipped: number;
}

const ATTEMPTS = 3;

/** The entitlement a profile's legacy fields describe. */
const entitlementOf = (
  holder: Omit<LegacyQuotaHolder, 'quota'>,
  quota: LegacyProfileQuota,
  now: string,
): EntitlementItem => ({
  user_id: holder.id,
  downloads_remaining: quota.downloads_remaining ?? 0,
  download_quota: quota.download_quota ?? 0,
  ...(quota.daily_download_limit !== undefined && {
    daily_download_limit: quota.daily_download_limit,
  }),
  ...(quota.last_download_date !== undefined && { last_download_date: quota.last_download_date }),
  downloads_today: quota.downloads_today ?? 0,
  ...(quota.last_quota_reset_at !== undefined && {
    last_quota_reset_at: quota.last_quota_reset_at,
  }),
  ...(holder.expires_at !== undefined && { expires_at: holder.expires_at }),
  created_at: now,
  updated_at: now,
});

/** A profile that kept changing while being moved: it is left for the next run. */
class LeftForNextRun extends Error {}

/** One profile moved; what happened to it. */
const moveOne = async (holder: LegacyQuotaHolder): Promise<'moved' | 'cleared' | 'skipped'> => {
  let quota: LegacyProfileQuota = holder.quota;
  let itemExists = false;
  try {
    return await retry<'moved' | 'cleared'>(
      async () => {
        const now = new Date().toISOString();
        const result = await moveEntitlement(
          itemExists ? null : entitlementOf(holder, quota, now),
          legacyQuotaRemovalWrite(holder.id, quota),
        );
        if (!result.canceled) return itemExists ? 'cleared' : 'moved';
        if (result.failed('entitlement') === 'ConditionalCheckFailed') itemExists = true;
        // The profile changed since it was read: read its fields again.
        if (result.failed('profile') === 'ConditionalCheckFailed') {
          const fresh = await getLegacyQuota(holder.id);
          // Fields gone meanwhile: another run moved them, nothing is left here.
          if (!fresh) return 'cleared';
          quota = fresh;
        }
        return RETRY;
      },
      // A lost condition goes on from the fresh read at once: nothing to wait for.
      { attempts: ATTEMPTS, baseDelayMs: 0, exhausted: () => new LeftForNextRun() },
    );
  } catch (error) {
    if (!(error instanceof LeftForNextRun)) throw error;
    logger.warn('Entitlement backfill: profile left for the next run', { userId: holder.id });
    return 'skipped';
  }
};

export const backfillEntitlements = async (): Promise<BackfillEntitlementsResult> => {
  const result: BackfillEntitlementsResult = { profiles: 0, moved: 0, cleared: 0, skipped: 0 };
  for await (const page of profilesWithLegacyQuota()) {
    for (const holder of page) {
      result.profiles += 1;
      result[await moveOne(holder)] += 1;
    }
  }
  logger.info('Entitlements backfilled', { ...result });
  return result;
};

export const handler = (): Promise<BackfillEntitlementsResult> => backfillEntitlements();

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { profiles, moved, cleared, skipped } = await backfillEntitlements();
  console.log(
    `Profiles with quota fields: ${profiles}; entitlements created: ${moved}; fields only removed: ${cleared}; left: ${skipped}.`,
  );
}
