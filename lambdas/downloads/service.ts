/**
 * Download rules around the download itself (which is spend.ts): the buyer's download history,
 * what a download would cost now, the seller's recent downloads and monthly counts, and past
 * downloads imported with demo data (the bundle's file listing and code preview live in
 * code-preview.ts). Other domains ask `hasDownloaded` (verified-buyer flag, dispute eligibility).
 */
import {
  TEMPLATE_NOT_FOUND_MESSAGE,
  getApprovedTemplateItem,
  getHeldTemplateItem,
} from '../catalog/template-items';
import { licenseWrite, licenseeNameOf } from '../licenses/service';
import { ensureProfile, getProfile, type ProfileIdentity } from '../profiles/service';
import { loadTemplateAccess } from './access';
import { getEntitlementOf, getProfileWithEntitlement } from './entitlement';
import {
  CODE_PREVIEW_MESSAGES,
  DOWNLOAD_MESSAGES,
  revokedDownloadMessage,
  type DownloadStatus,
  type MyDownloadsPage,
  type SellerDownload,
} from '../../contract/downloads';
import { ForbiddenError, NotFoundError } from '../shared/errors';
import { openCursor, sealCursor } from '../shared/http/cursor';
import {
  findLatestDownload,
  listDownloadsBySeller,
  listDownloadsBySellerSince,
  listDownloadsByUser,
  putPastDownload,
} from './repo';
import { licenseGrantOf } from './spend';
import { toMyDownload } from './view';

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

// The payout run's counts live apart (seller-counts.ts), so that the payout steps do not load this
// service and the catalog's schemas behind it (docs/architecture.md, Cold starts).
export { countSellerDownloadsInMonth, countSellersDownloadsInMonth } from './seller-counts';

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
export const hasDownloaded = async (userId: string, templateId: string): Promise<boolean> =>
  (await findLatestDownload(userId, templateId)) !== null;

/**
 * The caller's standing for one approved template: downloaded before, downloads left, bought,
 * what Download or Deploy would cost now, and the repository when their licence covers it (all
 * from the access rule `spendDownload` applies, access.ts).
 */
export const getDownloadStatus = async (
  identity: ProfileIdentity,
  templateId: string,
): Promise<DownloadStatus> => {
  const [profile, mvp, latest] = await Promise.all([
    ensureProfile(identity),
    getApprovedTemplateItem(templateId),
    findLatestDownload(identity.userId, templateId),
  ]);
  const entitlement = await getEntitlementOf(profile);
  const access = await loadTemplateAccess(
    { userId: identity.userId, profile, lastQuotaResetAt: entitlement.lastQuotaResetAt },
    mvp,
  );
  // A listed template always has a cost (null is only for unlisted ones nobody holds).
  const cost = access.cost ?? 'purchase_required';
  return {
    free_again: cost === 'free_again',
    has_downloaded: latest !== null,
    last_downloaded_at: latest?.downloaded_at ?? null,
    downloads_remaining: entitlement.downloadsRemaining,
    download_quota: entitlement.downloadQuota,
    daily_download_limit: entitlement.dailyDownloadLimit,
    owned: cost === 'owned',
    cost,
    refunded_at: access.refundedAt,
    disputed_at: access.disputedAt,
    repository_url: access.repository ? (mvp.github_url ?? null) : null,
  };
};

/**
 * The access rule's verdict for one caller and template (listed, or archived and held), for the
 * domains that act on a template's files for a buyer (an upgrade pull request): 403 with the
 * reason when their licence no longer covers the files, 404 when they hold nothing of an unlisted
 * template.
 */
export const requireFileAccess = async (userId: string, templateId: string): Promise<void> => {
  const [{ profile, entitlement }, template] = await Promise.all([
    getProfileWithEntitlement(userId),
    getHeldTemplateItem(templateId),
  ]);
  const access = await loadTemplateAccess(
    { userId, profile, lastQuotaResetAt: entitlement?.lastQuotaResetAt ?? null },
    template,
  );
  if (access.cost === null) throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
  if (access.readFiles) return;
  throw new ForbiddenError(
    revokedDownloadMessage(access, template.access_tier === 'one_time_sale') ??
      CODE_PREVIEW_MESSAGES.notEntitled,
  );
};

/**
 * A download that happened before (the local demo data): the history row and its licence,
 * written together when absent. The template's past downloads are already in its count and the
 * quota of that month is long reset, so no statistics counter and no quota moves; the seller's
 * month counter does (D12), so that the payout run counts the download.
 */
export const importPastDownload = async (input: {
  id: string;
  userId: string;
  mvpId: string;
  downloadedAt: string;
}): Promise<boolean> => {
  const [mvp, profile] = await Promise.all([
    getApprovedTemplateItem(input.mvpId),
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
