/**
 * A download's counts, applied after its transaction (docs/data-model.md, section 4.1): the
 * template's `download_count`, the seller's month counter, the site's `downloads` counters and
 * the seller's "downloaded" notification. They are items every download of a template or seller
 * shares, so they stay out of the download's own transaction (quota, row, licence, grant), which
 * then never conflicts with another buyer's. The download's tally item, written in that
 * transaction, is deleted by the transaction that applies them, so each download is counted once,
 * and none is lost:
 *
 * 1. right after the download, the request applies its own tally (`applyTally`), trying again a
 *    few times after a conflict with another tally of the same template;
 * 2. what is still pending after that (a lost race, a crash) is applied by the `downloadTally`
 *    schedule every minute (`tallyPendingDownloads`), and before a month's payouts are counted.
 */
import { countDownloadWrite } from '../catalog/template-items';
import { notificationWrites } from '../notifications/service';
import { logger } from '../shared/observability';
import { CONFLICT_DELAY_MS, RETRY, retry } from '../shared/retry';
import {
  DOWNLOAD_TALLY_SHARDS,
  applyDownloadTally,
  listPendingTallies,
  type DownloadTallyItem,
} from './repo';

/** Tries of one tally by the request that downloaded, before leaving it to the schedule. */
export const REQUEST_TALLY_ATTEMPTS = 3;
/** Tries of one tally by the schedule in one run (a conflict there is rare: few appliers). */
const SCHEDULE_TALLY_ATTEMPTS = 5;
/** Pending tallies read per shard and page by the schedule. */
const TALLY_PAGE = 100;

export type TallyOutcome = 'applied' | 'already' | 'conflict' | 'failed';

/** The attempts ran out, each meeting another tally's transaction: the tally stays pending. */
class TallyStillConflicting extends Error {}

/**
 * Applies one tally (see the module comment): `applied`, `already` (another applier did), or
 * `conflict` after `attempts` tries that met another tally's transaction (it stays pending).
 * A template no longer listed is not counted on (as a download of it could not be, before).
 */
export const applyTally = async (
  tally: DownloadTallyItem,
  attempts = REQUEST_TALLY_ATTEMPTS,
): Promise<TallyOutcome> => {
  let countOnTemplate = true;
  try {
    return await retry<TallyOutcome>(
      async () => {
        const now = new Date();
        const result = await applyDownloadTally(tally, now, {
          mvp: countOnTemplate ? countDownloadWrite(tally.mvp_id) : null,
          notification: notificationWrites(
            {
              userId: tally.seller_id,
              type: 'new_download',
              message: `Your MVP "${tally.mvp_title}" was downloaded.`,
              link: `/mvp/${tally.mvp_id}`,
            },
            now.toISOString(),
          ),
        });
        if (!result.canceled) return 'applied';
        if (result.failed('tally') === 'ConditionalCheckFailed') return 'already';
        if (result.failed('mvp') === 'ConditionalCheckFailed') {
          // The template is no longer listed: the next attempt counts the rest without it.
          countOnTemplate = false;
          return RETRY;
        }
        if (!result.any('TransactionConflict')) {
          logger.error('Download tally cancelled', {
            downloadId: tally.download_id,
            codes: result.codes,
          });
          return 'failed';
        }
        return RETRY;
      },
      {
        attempts,
        baseDelayMs: CONFLICT_DELAY_MS,
        exhausted: () => new TallyStillConflicting(),
      },
    );
  } catch (error) {
    if (error instanceof TallyStillConflicting) return 'conflict';
    throw error;
  }
};

/**
 * The request's own tally, best effort: a download is never failed by its counts, which the
 * schedule applies otherwise.
 */
export const tallyDownloadSoon = async (tally: DownloadTallyItem): Promise<TallyOutcome> => {
  try {
    return await applyTally(tally);
  } catch (error) {
    logger.warn('Download tally left to the schedule', {
      downloadId: tally.download_id,
      error: error instanceof Error ? error.name : String(error),
    });
    return 'failed';
  }
};

export interface TallyReport {
  applied: number;
  /** Still pending after this run (conflicts, failures): the next run tries them again. */
  pending: number;
}

/**
 * Applies every pending tally, the shards one after the other (one applier: no conflicts among
 * its own), each shard page by page, oldest first. `before`: only tallies of downloads before
 * that ISO time (a month's payout counts those of the month). `budgetMs`: no tally is started
 * after that long (the schedule's run ends well inside its timeout; the next run goes on).
 */
export const tallyPendingDownloads = async (
  options: { before?: string; budgetMs?: number } = {},
): Promise<TallyReport> => {
  const report: TallyReport = { applied: 0, pending: 0 };
  const deadline = options.budgetMs === undefined ? Infinity : Date.now() + options.budgetMs;
  for (let shard = 0; shard < DOWNLOAD_TALLY_SHARDS && Date.now() < deadline; shard += 1) {
    let cursor: string | null = null;
    do {
      const page = await listPendingTallies(shard, { limit: TALLY_PAGE, cursor });
      const due = page.items.filter(
        (tally) => options.before === undefined || tally.downloaded_at < options.before,
      );
      for (const tally of due) {
        if (Date.now() >= deadline) break;
        const outcome = await applyTally(tally, SCHEDULE_TALLY_ATTEMPTS).catch((error: unknown) => {
          // One tally that throws (throttled, timed out) does not hold up the others.
          logger.warn('Download tally left for the next run', {
            downloadId: tally.download_id,
            error: error instanceof Error ? error.name : String(error),
          });
          return 'failed' as const;
        });
        if (outcome === 'applied') report.applied += 1;
        else if (outcome === 'conflict' || outcome === 'failed') report.pending += 1;
      }
      // Oldest first: past `before`, the rest of the shard is later still.
      cursor = due.length < page.items.length || Date.now() >= deadline ? null : page.cursor;
    } while (cursor);
  }
  if (report.applied > 0 || report.pending > 0)
    logger.info('Download tallies applied', { ...report });
  return report;
};
