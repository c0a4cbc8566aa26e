/**
 * A download, the one way a buyer takes a template's files: `downloadMvp` (the route) and
 * `spendDownload` (also what a buyer deploy costs). Every rule is here: entitlement, quota, daily
 * limit, licence, "download again" free within the quota period; the writes go in one transaction
 * (docs/data-model.md, section 4.1), retried when a concurrent click moved the quota.
 */
import { businessMetrics } from '../../contract/design/metrics';
import { countFact } from '../shared/business-metrics';
import { ulid } from 'ulid';
import { getSubscriptionView, ownedTemplateOrder } from '../ledger/service';
import {
  TEMPLATE_NOT_FOUND_MESSAGE,
  getHeldTemplateItem,
  type TemplateItem,
} from '../catalog/template-items';
import {
  licenseIdOfOrder,
  licenseWrite,
  licenseeNameOf,
  type LicenseWriteInput,
} from '../licenses/service';
import { countDayWrite, spendWrite } from './entitlement-repo';
import { getProfileWithEntitlement } from './entitlement';
import type { downloadCostOf } from './cost';
import { INITIAL_QUOTA_PERIOD, loadTemplateAccess } from './access';
import { tellOfKnownAdvisories } from './download-advisories';
import { assertFileServable } from './file-check';
import { config } from '../shared/config';
import {
  DOWNLOAD_MESSAGES,
  dailyLimitMessage,
  revokedDownloadMessage,
  type DownloadResult,
} from '../../contract/downloads';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
} from '../shared/errors';
import type { TransactionResult } from '../shared/db/transaction';
import { logger } from '../shared/observability';
import { CONFLICT_DELAY_MS, RETRY, retry } from '../shared/retry';
import { PRESIGNED_URL_SECONDS, presignGetObject } from '../shared/storage/s3';
import { getDownloadGrant, recordDownload } from './repo';
import { tallyDownloadSoon } from './tally';

/**
 * `TransactionConflict` retries (docs/data-model.md, section 4): up to 3, after a jittered pause
 * bounded by `CONFLICT_DELAY_MS`.
 */
export const MAX_CONFLICT_RETRIES = 3;

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'template';

/** `saas-starter-kit-1.2.0.zip`: readable, versioned, with the uploaded file's extension. */
export const bundleFileName = (template: {
  title: string;
  version_number: string;
  file_key?: string;
  original_file_name?: string;
}): string => {
  const source = template.original_file_name ?? template.file_key ?? '';
  const extension = /\.(zip|tar\.gz|tgz|rar)$/i.exec(source)?.[0]?.toLowerCase() ?? '.zip';
  return `${slugify(template.title)}-${template.version_number}${extension}`;
};

/**
 * What grants a download, for its licence: the caller's order of a bought template, a free
 * template, or else the subscription (its plan when one is active; none for beta or leftover
 * quota).
 */
export const licenseGrantOf = async (
  userId: string,
  template: Pick<TemplateItem, 'access_tier'>,
  order: { orderId: string } | null,
): Promise<Pick<LicenseWriteInput, 'source' | 'planType' | 'orderId'>> => {
  if (order) return { source: 'order', orderId: order.orderId };
  if (template.access_tier === 'free') return { source: 'free' };
  const view = await getSubscriptionView(userId);
  return {
    source: 'subscription',
    planType: view.subscription_status === 'active' ? (view.plan_type ?? undefined) : undefined,
  };
};

export { INITIAL_QUOTA_PERIOD } from './access';

/** The answer of a download: a short-lived URL of the template's file and what it cost. */
const fileResult = async (
  template: TemplateItem,
  licenseId: string,
  quotaSpent: boolean,
): Promise<DownloadResult> => {
  const fileName = bundleFileName(template);
  const url = await presignGetObject({
    bucket: config().MVP_FILES_BUCKET,
    key: template.file_key!,
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
 * caller's quota unless they bought the template or it is free (docs/data-model.md, section 4.1). What it
 * costs is decided once, by `downloadCostOf` (cost.ts), which the download status also answers.
 *
 * 1. Pre-read the profile ('User profile not found.') with the entitlement, and the template
 *    (approved, has a file, not the caller's own); a one-time-sale template needs the caller's
 *    completed order (B3), and then spends no quota; a free template spends no quota but counts
 *    against the daily limit.
 * 2. Refuse early when the quota is already spent (no transaction needed to say no).
 * 3. One transaction: the entitlement's quota (and daily limit; the daily limit only for a free
 *    template; nothing for a bought one), never the profile, download row, the licence, the period's grant and the download's tally.
 *    Its conditions decide under concurrency, not the pre-read. Then the tally's counts
 *    (download_count, counters) and the seller's notification, applied once (tally.ts).
 * 4. On a rejection, find the cause from a fresh read of the entitlement; a lost race on the day
 *    counter or a TransactionConflict is retried from step 1.
 * 5. Presign the file's GET; the file never passes through the Lambda.
 *
 * Downloading again: a template the buyer already spent quota on in the current
 * quota period (since the entitlement's `last_quota_reset_at`) is served again without spending
 * anything: no quota, no count, no new row or licence (the first download's licence is handed
 * back). The first download of a period creates the period's grant in its own transaction (D7),
 * so two concurrent first downloads cannot both spend: the loser's transaction is refused on the
 * grant, and its retry finds the grant and is served free.
 */
export const downloadTemplate = async (
  userId: string,
  templateId: string,
): Promise<DownloadResult> => {
  const spent = await spendDownload(userId, templateId);
  const result = await fileResult(spent.mvp, spent.licenseId, spent.quotaSpent);
  // Counted once the download is recorded and its link issued (a deploy's spend is not a download).
  countFact(businessMetrics.downloads);
  // A version with known advisories: its buyer is told once (never slowing or failing this).
  await tellOfKnownAdvisories(userId, spent.mvp);
  return result;
};

/** What a spent download gives: the template as approved, its licence, and whether quota went. */
export interface SpentDownload {
  mvp: TemplateItem;
  licenseId: string;
  quotaSpent: boolean;
}

/**
 * Step 1 of a download: what it costs this buyer now, as the access rule decides it (access.ts)
 * from the profile, the template (listed, or archived and held), the order that bought it, this
 * period's grant and the buyer's licences. Refuses what is never allowed (one's own template, an
 * unbought one, one whose payment was refunded or disputed, one not listed and not held, one without its file).
 */
const downloadTermsOf = async (userId: string, templateId: string) => {
  const { profile, entitlement } = await getProfileWithEntitlement(userId);
  if (!profile) throw new NotFoundError(DOWNLOAD_MESSAGES.profileNotFound);
  const template = await getHeldTemplateItem(templateId);
  const access = await loadTemplateAccess(
    { userId, profile, lastQuotaResetAt: entitlement.lastQuotaResetAt },
    template,
    { costOnly: true },
  );
  const { cost, periodGrant } = access;
  if (cost === null) throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
  if (cost === 'own_template') throw new ForbiddenError(DOWNLOAD_MESSAGES.ownTemplate);
  const revoked = revokedDownloadMessage(access, template.access_tier === 'one_time_sale');
  if (revoked && (cost === 'refunded' || cost === 'disputed' || cost === 'purchase_required')) {
    throw new ForbiddenError(revoked);
  }
  if (cost === 'purchase_required') throw new ForbiddenError(DOWNLOAD_MESSAGES.oneTimePurchase);
  if (!template.file_key) throw new ConflictError(DOWNLOAD_MESSAGES.fileMissing);
  // Nothing is spent or recorded unless the file can be served now (file-check.ts); a download
  // the quota refuses anyway is refused without asking storage.
  if (!(cost === 'quota' && entitlement.downloadsRemaining <= 0)) {
    await assertFileServable(template);
  }
  // A bought template's order (its licence is handed back); none is needed for anything else.
  const order = cost === 'owned' ? await ownedTemplateOrder(userId, template.id) : null;
  const period = entitlement.lastQuotaResetAt ?? INITIAL_QUOTA_PERIOD;
  return { profile, entitlement, mvp: template, order, period, periodGrant, cost, access };
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
  if (result.failed('row') === 'ConditionalCheckFailed') {
    throw new ConflictError(DOWNLOAD_MESSAGES.recordFailed);
  }
  if (result.failed('quota') === 'ConditionalCheckFailed') {
    const { entitlement: fresh } = await getProfileWithEntitlement(userId);
    if (!fresh) throw new NotFoundError(DOWNLOAD_MESSAGES.profileNotFound);
    if (cost === 'quota' && fresh.downloadsRemaining <= 0) {
      throw new ForbiddenError(DOWNLOAD_MESSAGES.quotaReached);
    }
    const limit = fresh.dailyDownloadLimit;
    if (limit !== null && sameDay && fresh.lastDownloadDate === today) {
      throw new TooManyRequestsError(dailyLimitMessage(limit));
    }
    // Otherwise the day moved under us (midnight, a concurrent first download today, or the
    // entitlement's first write by another request).
  } else if (!conflicted) {
    logger.error('Download transaction cancelled', { mvpId, codes: result.codes });
    throw new ConflictError(DOWNLOAD_MESSAGES.failed);
  }
};

/**
 * The grant of an order's licence, in the grant table beside the quota periods' (DownloadGrant):
 * the first download of an order recorded without a licence issues it and creates this grant in
 * the same transaction, so of two such downloads at once one issues the licence and the other,
 * refused on the grant, hands that licence back. One licence per purchase, also under a race.
 */
const orderGrantPeriod = (orderId: string): string => `order#${orderId}`;

/** The order's licence: the one its first download issued (read consistently), or its own. */
const licenseOfOrder = async (
  userId: string,
  templateId: string,
  orderId: string,
): Promise<string | null> =>
  (await getDownloadGrant(userId, templateId, orderGrantPeriod(orderId)))?.license_id ??
  (await licenseIdOfOrder(userId, orderId));

type DownloadTerms = Awaited<ReturnType<typeof downloadTermsOf>>;

/**
 * Step 3 of a download: its one transaction, from the terms step 1 read. `grantOf`: what grants a
 * new licence (read once per download, not on each retry). Returns the transaction's outcome and
 * the licence the download hands out when it commits.
 */
const recordSpend = async (
  userId: string,
  terms: DownloadTerms,
  day: { now: Date; today: string; sameDay: boolean },
  grantOf: () => Promise<Awaited<ReturnType<typeof licenseGrantOf>>>,
) => {
  const { profile, entitlement, mvp, order, period, cost } = terms;
  const { now, today, sameDay } = day;
  const downloadId = ulid(now.getTime());
  // A bought template's licence is its order's: the download hands that one back.
  const orderLicenseId = order ? await licenseOfOrder(userId, mvp.id, order.orderId) : null;
  const license = orderLicenseId
    ? null
    : licenseWrite({
        userId,
        licenseeName: licenseeNameOf(profile),
        mvp,
        ...(await grantOf()),
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
      // The buyer's entitlement, never their profile: a download and a profile edit do not meet.
      quota:
        cost === 'owned'
          ? null
          : (cost === 'free_tier' || cost === 'security_fix' ? countDayWrite : spendWrite)(
              entitlement.read,
              {
                today,
                sameDay,
                dailyLimit: entitlement.dailyDownloadLimit,
                now: now.toISOString(),
              },
            ),
      license: license?.write ?? null,
    },
    ...(license && {
      grant: { period: order ? orderGrantPeriod(order.orderId) : period, licenseId: license.id },
    }),
  });
  return { outcome, licenseId: orderLicenseId ?? license!.id };
};

/**
 * The download itself, without the file's URL: every rule and write of {@link downloadTemplate}. A buyer
 * deploy (lambdas/deployments) spends through this, so it costs exactly what Download costs, with
 * the same entitlement, quota, daily limit, licence and "download again" rules.
 */
export const spendDownload = async (userId: string, templateId: string): Promise<SpentDownload> => {
  // What grants the licence is read once, not again on each retry of a lost race.
  let grant: Promise<Awaited<ReturnType<typeof licenseGrantOf>>> | undefined;
  // The last refusal names the message when the attempts run out.
  let lastRefusal: TransactionResult | undefined;
  return retry<SpentDownload>(
    async () => {
      const terms = await downloadTermsOf(userId, templateId);
      const { entitlement, mvp, order, periodGrant, cost } = terms;
      // Served again for nothing: this period's grant, or a held template off the catalog (whose
      // download the transaction, counting listed templates only, could not record anyway).
      if ((cost === 'free_again' && periodGrant) || cost === 'licence_held') {
        logger.info('Download again (no quota spent)', { mvpId: mvp.id, cost });
        const licenseId =
          cost === 'licence_held' ? terms.access.heldLicenseId : periodGrant?.license_id;
        return { mvp, licenseId: licenseId!, quotaSpent: false };
      }
      if (cost === 'quota' && entitlement.downloadsRemaining <= 0) {
        throw new ForbiddenError(DOWNLOAD_MESSAGES.quotaReached);
      }

      const now = new Date();
      const today = now.toISOString().slice(0, 10);
      const sameDay = entitlement.lastDownloadDate === today;
      // A day at its limit is refused before the transaction too: a user's first entitlement item
      // is created by it, and a creation has no daily condition to hold it.
      const limit = entitlement.dailyDownloadLimit;
      if (cost !== 'owned' && limit !== null && sameDay && entitlement.downloadsToday >= limit) {
        throw new TooManyRequestsError(dailyLimitMessage(limit));
      }
      const { outcome, licenseId } = await recordSpend(
        userId,
        terms,
        { now, today, sameDay },
        () => (grant ??= licenseGrantOf(userId, mvp, order)),
      );

      const { result } = outcome;
      if (!result.canceled) {
        logger.info('Download recorded', { mvpId: templateId, downloadId: outcome.downloadId });
        // The counts and the seller's notification, at once; the schedule applies them otherwise.
        await tallyDownloadSoon(outcome.tally);
        return { mvp, licenseId, quotaSpent: cost === 'quota' };
      }
      lastRefusal = result;
      // Another first download of this period (or of this order) won the grant: the retry is
      // served free (or hands back the licence that download issued).
      if (result.failed('grant') === 'ConditionalCheckFailed') return RETRY;

      // A conflict, or the day moved under us: tried again from step 1 after a short pause.
      await throwUnlessRetryable(result, { userId, mvpId: templateId, cost, sameDay, today });
      return RETRY;
    },
    {
      attempts: 1 + MAX_CONFLICT_RETRIES,
      baseDelayMs: CONFLICT_DELAY_MS,
      exhausted: () =>
        new ConflictError(
          lastRefusal?.failed('quota') === 'TransactionConflict'
            ? DOWNLOAD_MESSAGES.quotaUpdateFailed
            : DOWNLOAD_MESSAGES.failed,
        ),
    },
  );
};
