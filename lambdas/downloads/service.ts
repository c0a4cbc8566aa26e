/**
 * Download rules: spending quota on a template and handing out its file, the buyer's download
 * history (the bundle's file listing and code preview live in code-preview.ts). Other domains ask
 * `hasDownloaded` (verified-buyer flag, dispute eligibility).
 */
import { ulid } from 'ulid';
import { getSubscriptionView, ownedTemplateOrder } from '../ledger/service';
import {
  MVP_NOT_FOUND_MESSAGE,
  countDownloadWrite,
  getApprovedMvpItem,
  type MvpItem,
} from '../catalog/service';
import { licenseWrite, licenseeNameOf, type LicenseWriteInput } from '../licenses/service';
import { previewUrl } from '../../contract/catalog';
import { notificationWrites } from '../notifications/service';
import { ensureProfile, getProfile, type ProfileIdentity } from '../profiles/service';
import { freeDownloadWrite, spendDownloadWrite } from '../profiles/billing-fields';
import { downloadCostOf } from './cost';
import { config } from '../shared/config';
import {
  DOWNLOAD_MESSAGES,
  dailyLimitMessage,
  type DownloadResult,
  type DownloadStatus,
  type MyDownload,
  type MyDownloadsPage,
  type SellerDownload,
} from '../../contract/downloads';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
} from '../shared/errors';
import type { TransactionResult } from '../shared/db/transaction';
import { openCursor, sealCursor } from '../shared/http/cursor';
import { logger } from '../shared/observability';
import { PRESIGNED_URL_SECONDS, presignGetObject } from '../shared/storage/s3';
import {
  countDownloadsBySellerInMonth,
  findLatestDownload,
  getDownloadGrant,
  listDownloadsBySeller,
  listDownloadsBySellerSince,
  listDownloadsByUser,
  putPastDownload,
  recordDownload,
  type DownloadItem,
} from './repo';

/** `TransactionConflict` retries (docs/data-model.md §4): up to 3, jittered 50–200 ms. */
export const MAX_CONFLICT_RETRIES = 3;
const backoff = () =>
  new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(Math.random() * 150)));

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'template';

/** `saas-starter-kit-1.2.0.zip`: readable, versioned, with the uploaded file's extension. */
export const bundleFileName = (mvp: {
  title: string;
  version_number: string;
  file_key?: string;
  original_file_name?: string;
}): string => {
  const source = mvp.original_file_name ?? mvp.file_key ?? '';
  const extension = /\.(zip|tar\.gz|tgz|rar)$/i.exec(source)?.[0]?.toLowerCase() ?? '.zip';
  return `${slugify(mvp.title)}-${mvp.version_number}${extension}`;
};

/**
 * What grants a download, for its licence: the caller's order of a bought template, a free
 * template, or else the subscription (its plan when one is active; none for beta or leftover
 * quota).
 */
const licenseGrantOf = async (
  userId: string,
  mvp: Pick<MvpItem, 'access_tier'>,
  order: { orderId: string } | null,
): Promise<Pick<LicenseWriteInput, 'source' | 'planType' | 'orderId'>> => {
  if (order) return { source: 'order', orderId: order.orderId };
  if (mvp.access_tier === 'free') return { source: 'free' };
  const view = await getSubscriptionView(userId);
  return {
    source: 'subscription',
    planType: view.subscription_status === 'active' ? (view.plan_type ?? undefined) : undefined,
  };
};

/** The quota period of a profile that has never had a reset. */
const INITIAL_QUOTA_PERIOD = 'initial';

/** The answer of a download: a short-lived URL of the template's file and what it cost. */
const fileResult = async (
  mvp: MvpItem,
  licenseId: string,
  quotaSpent: boolean,
): Promise<DownloadResult> => {
  const fileName = bundleFileName(mvp);
  const url = await presignGetObject({
    bucket: config().MVP_FILES_BUCKET,
    key: mvp.file_key!,
    downloadFileName: fileName,
  });
  return {
    success: true,
    message: DOWNLOAD_MESSAGES.success,
    filePath: url,
    url,
    fileName,
    expiresIn: PRESIGNED_URL_SECONDS,
    licenseId,
    quotaSpent,
  };
};

/**
 * Hands out an approved template's file as a short-lived URL, spending one download of the
 * caller's quota unless they bought the template or it is free (docs/data-model.md §4.1). What it
 * costs is decided once, by `downloadCostOf` (cost.ts), which the download status also answers.
 *
 * 1. Pre-read the profile ('User profile not found.') and the template (approved, has a file,
 *    not the caller's own); a one-time-sale template needs the caller's completed order (B3),
 *    and then spends no quota; a free template spends no quota but counts against the daily limit.
 * 2. Refuse early when the quota is already spent (no transaction needed to say no).
 * 3. One transaction: quota (and daily limit; the daily limit only for a free template; nothing
 *    for a bought one), download row,
 *    download_count, the licence, counters, the seller's notification. Its conditions decide
 *    under concurrency, not the pre-read.
 * 4. On a rejection, find the cause from a fresh read of the profile; a lost race on the day
 *    counter or a TransactionConflict is retried from step 1.
 * 5. Presign the file's GET; the file never passes through the Lambda.
 *
 * Downloading again (issue 13 §9): a template the buyer already spent quota on in the current
 * quota period (since the profile's `last_quota_reset_at`) is served again without spending
 * anything: no quota, no count, no new row or licence (the first download's licence is handed
 * back). The first download of a period creates the period's grant in its own transaction (D7),
 * so two concurrent first downloads cannot both spend: the loser's transaction is refused on the
 * grant, and its retry finds the grant and is served free.
 */
export const downloadMvp = async (userId: string, mvpId: string): Promise<DownloadResult> => {
  const spent = await spendDownload(userId, mvpId);
  return fileResult(spent.mvp, spent.licenseId, spent.quotaSpent);
};

/** What a spent download gives: the template as approved, its licence, and whether quota went. */
export interface SpentDownload {
  mvp: MvpItem;
  licenseId: string;
  quotaSpent: boolean;
}

/**
 * Step 1 of a download: what it costs this buyer now. Reads the profile, the approved template,
 * the order that bought it (one-time sales) and this period's grant, and refuses what is never
 * allowed (one's own template, an unbought one, a template without its file).
 */
const downloadTermsOf = async (userId: string, mvpId: string) => {
  const profile = await getProfile(userId);
  if (!profile) throw new NotFoundError(DOWNLOAD_MESSAGES.profileNotFound);
  const mvp = await getApprovedMvpItem(mvpId);
  const ownTemplate = mvp.seller_id === userId;
  // A bought template is downloaded any number of times without quota; unbought, not at all.
  const order =
    mvp.access_tier === 'one_time_sale' && !ownTemplate
      ? await ownedTemplateOrder(userId, mvp.id)
      : null;
  const period = profile.last_quota_reset_at ?? INITIAL_QUOTA_PERIOD;
  const periodGrant =
    mvp.access_tier === 'one_time_sale' || ownTemplate
      ? null
      : await getDownloadGrant(userId, mvp.id, period);
  const cost = downloadCostOf({
    ownTemplate,
    accessTier: mvp.access_tier,
    owned: order !== null,
    grantedThisPeriod: periodGrant !== null,
  });
  if (cost === 'own_template') throw new ForbiddenError(DOWNLOAD_MESSAGES.ownTemplate);
  if (cost === 'purchase_required') throw new ForbiddenError(DOWNLOAD_MESSAGES.oneTimePurchase);
  if (!mvp.file_key) throw new ConflictError(DOWNLOAD_MESSAGES.fileMissing);
  return { profile, mvp, order, period, periodGrant, cost };
};

/**
 * Step 3 of a download whose transaction was refused: throws what the refusal means for the
 * buyer (the template gone, the quota spent, the daily limit reached), or returns when a fresh
 * attempt may succeed (a conflict, or the day moved under us).
 */
const throwUnlessRetryable = async (
  result: TransactionResult,
  context: {
    userId: string;
    mvpId: string;
    cost: ReturnType<typeof downloadCostOf>;
    sameDay: boolean;
    today: string;
  },
): Promise<void> => {
  const { userId, mvpId, cost, sameDay, today } = context;
  const conflicted = result.any('TransactionConflict');
  if (result.failed('mvp') === 'ConditionalCheckFailed') {
    throw new NotFoundError(MVP_NOT_FOUND_MESSAGE);
  }
  if (result.failed('row') === 'ConditionalCheckFailed') {
    throw new ConflictError(DOWNLOAD_MESSAGES.recordFailed);
  }
  if (result.failed('quota') === 'ConditionalCheckFailed') {
    const fresh = await getProfile(userId);
    if (!fresh) throw new NotFoundError(DOWNLOAD_MESSAGES.profileNotFound);
    if (cost === 'quota' && fresh.downloads_remaining <= 0) {
      throw new ForbiddenError(DOWNLOAD_MESSAGES.quotaReached);
    }
    const limit = fresh.daily_download_limit;
    if (limit !== null && sameDay && fresh.last_download_date === today) {
      throw new TooManyRequestsError(dailyLimitMessage(limit));
    }
    // Otherwise the day moved under us (midnight, or a concurrent first download today).
  } else if (!conflicted) {
    logger.error('Download transaction cancelled', { mvpId, codes: result.codes });
    throw new ConflictError(DOWNLOAD_MESSAGES.failed);
  }
};

/**
 * The download itself, without the file's URL: every rule and write of {@link downloadMvp}. A buyer
 * deploy (lambdas/deployments) spends through this, so it costs exactly what Download costs, with
 * the same entitlement, quota, daily limit, licence and "download again" rules.
 */
export const spendDownload = async (userId: string, mvpId: string): Promise<SpentDownload> => {
  // What grants the licence is read once, not again on each retry of a lost race.
  let grant: Awaited<ReturnType<typeof licenseGrantOf>> | undefined;
  for (let attempt = 0; ; attempt += 1) {
    const { profile, mvp, order, period, periodGrant, cost } = await downloadTermsOf(userId, mvpId);
    if (cost === 'free_again' && periodGrant) {
      logger.info('Download again (no quota spent)', { mvpId: mvp.id });
      return { mvp, licenseId: periodGrant.license_id, quotaSpent: false };
    }
    if (cost === 'quota' && profile.downloads_remaining <= 0) {
      throw new ForbiddenError(DOWNLOAD_MESSAGES.quotaReached);
    }

    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const sameDay = profile.last_download_date === today;
    const downloadId = ulid(now.getTime());
    const license = licenseWrite({
      userId,
      licenseeName: licenseeNameOf(profile),
      mvp,
      ...(grant ??= await licenseGrantOf(userId, mvp, order)),
      downloadId,
      now: now.toISOString(),
    });
    const outcome = await recordDownload({
      downloadId,
      userId,
      ...(order && { orderId: order.orderId }),
      mvp,
      now,
      with: {
        quota:
          cost === 'owned'
            ? null
            : (cost === 'free_tier' ? freeDownloadWrite : spendDownloadWrite)({
                userId,
                sameDay,
                dailyLimit: profile.daily_download_limit,
                now: now.toISOString(),
              }),
        mvp: countDownloadWrite(mvp.id),
        license: license.write,
        notification: notificationWrites(
          {
            userId: mvp.seller_id,
            type: 'new_download',
            message: `Your MVP "${mvp.title}" was downloaded.`,
            link: `/mvp/${mvp.id}`,
          },
          now.toISOString(),
        ),
      },
      ...(!order && { grant: { period, licenseId: license.id } }),
    });

    const { result } = outcome;
    if (!result.canceled) {
      logger.info('Download recorded', { mvpId, downloadId: outcome.downloadId });
      return { mvp, licenseId: license.id, quotaSpent: cost === 'quota' };
    }
    // Another first download of this period won the grant: the retry is served free.
    if (result.failed('grant') === 'ConditionalCheckFailed') continue;

    await throwUnlessRetryable(result, { userId, mvpId, cost, sameDay, today });
    if (attempt >= MAX_CONFLICT_RETRIES) {
      throw new ConflictError(
        result.failed('quota') === 'TransactionConflict'
          ? DOWNLOAD_MESSAGES.quotaUpdateFailed
          : DOWNLOAD_MESSAGES.failed,
      );
    }
    await backoff();
  }
};

const toMyDownload = (item: DownloadItem): MyDownload => ({
  id: item.id,
  mvp_id: item.mvp_id,
  month_year: item.month_year,
  downloaded_at: item.downloaded_at,
  mvp: {
    id: item.mvp_id,
    title: item.mvp_title,
    slug: item.mvp_slug,
    version_number: item.version_number,
    preview_images: item.mvp_preview_image_key ? [previewUrl(item.mvp_preview_image_key)] : [],
  },
});

/** The caller's downloads, newest first, a page at a time. */
export const listMyDownloads = async (
  userId: string,
  options: { limit: number; cursor?: string },
): Promise<MyDownloadsPage> => {
  // A cursor belongs to this caller's download list.
  const binding = `downloads|${userId}`;
  const page = await listDownloadsByUser(userId, {
    limit: options.limit,
    cursor: await openCursor(options.cursor, binding),
  });
  return { items: page.items.map(toMyDownload), cursor: await sealCursor(page.cursor, binding) };
};

/**
 * The latest downloads of the seller's templates (seller dashboard, D5). Who downloaded is left out
 * on purpose: buyers' identities are not the seller's to see.
 */
export const listSellerRecentDownloads = async (
  sellerId: string,
  limit: number,
): Promise<SellerDownload[]> =>
  (await listDownloadsBySeller(sellerId, limit)).map((item) => ({
    id: item.id,
    mvp_id: item.mvp_id,
    mvp_title: item.mvp_title,
    mvp_slug: item.mvp_slug,
    version_number: item.version_number,
    downloaded_at: item.downloaded_at,
  }));

/** Downloads of the seller's templates in a month (`YYYY-MM`, UTC): the payout run, "This Month". */
export const countSellerDownloadsInMonth = (sellerId: string, monthYear: string): Promise<number> =>
  countDownloadsBySellerInMonth(sellerId, monthYear);

/**
 * The downloads of the seller's templates from a month on, for the seller's analytics: which
 * template, when, and whether it was a bought template's (those share in no pool).
 */
export const listSellerDownloadsSince = async (
  sellerId: string,
  fromMonth: string,
): Promise<{ mvpId: string; downloadedAt: string; bought: boolean }[]> =>
  (await listDownloadsBySellerSince(sellerId, fromMonth)).map((item) => ({
    mvpId: item.mvp_id,
    downloadedAt: item.downloaded_at,
    bought: item.order_id !== undefined,
  }));

/** Whether the user has ever downloaded the template (verified buyer, dispute eligibility). */
export const hasDownloaded = async (userId: string, mvpId: string): Promise<boolean> =>
  (await findLatestDownload(userId, mvpId)) !== null;

/**
 * The caller's standing for one approved template: downloaded before, downloads left, bought,
 * and what Download or Deploy would cost now (the rule `spendDownload` applies, cost.ts).
 */
export const getDownloadStatus = async (
  identity: ProfileIdentity,
  mvpId: string,
): Promise<DownloadStatus> => {
  const [profile, mvp, latest] = await Promise.all([
    ensureProfile(identity),
    getApprovedMvpItem(mvpId),
    findLatestDownload(identity.userId, mvpId),
  ]);
  const ownTemplate = mvp.seller_id === identity.userId;
  const [order, grant] = await Promise.all([
    mvp.access_tier === 'one_time_sale' && !ownTemplate
      ? ownedTemplateOrder(identity.userId, mvp.id)
      : null,
    getDownloadGrant(identity.userId, mvp.id, profile.last_quota_reset_at ?? INITIAL_QUOTA_PERIOD),
  ]);
  const cost = downloadCostOf({
    ownTemplate,
    accessTier: mvp.access_tier,
    owned: order !== null,
    grantedThisPeriod: grant !== null && mvp.access_tier !== 'one_time_sale',
  });
  return {
    free_again: cost === 'free_again',
    has_downloaded: latest !== null,
    last_downloaded_at: latest?.downloaded_at ?? null,
    downloads_remaining: profile.downloads_remaining,
    download_quota: profile.download_quota,
    daily_download_limit: profile.daily_download_limit,
    owned: order !== null,
    cost,
  };
};

/**
 * A download that happened before (the local demo data): the history row and its licence,
 * written together when absent. The template's past downloads are already in its count and the
 * quota of that month is long reset, so no counter and no quota moves.
 */
export const importPastDownload = async (input: {
  id: string;
  userId: string;
  mvpId: string;
  downloadedAt: string;
}): Promise<boolean> => {
  const [mvp, profile] = await Promise.all([
    getApprovedMvpItem(input.mvpId),
    getProfile(input.userId),
  ]);
  if (!profile) throw new NotFoundError(DOWNLOAD_MESSAGES.profileNotFound);
  // A past download came with its licence, as every download does: the two are written together.
  const license = licenseWrite({
    userId: input.userId,
    licenseeName: licenseeNameOf(profile),
    mvp,
    ...(await licenseGrantOf(input.userId, mvp, null)),
    downloadId: input.id,
    now: input.downloadedAt,
  });
  return putPastDownload(
    {
      id: input.id,
      user_id: input.userId,
      mvp_id: mvp.id,
      seller_id: mvp.seller_id,
      month_year: input.downloadedAt.slice(0, 7),
      downloaded_at: input.downloadedAt,
      version_number: mvp.version_number,
      mvp_title: mvp.title,
      mvp_slug: mvp.slug,
      mvp_preview_image_key: mvp.preview_image_keys[0],
    },
    license.write,
  );
};
