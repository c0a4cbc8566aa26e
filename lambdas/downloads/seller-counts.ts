/**
 * The downloads each seller's templates had in a month, for the payout run and the seller's
 * "This Month": apart from service.ts, which also serves the download routes and imports the
 * catalog, licences and profiles with their schemas, so that the payout steps import only this.
 */
import { mapWithConcurrency } from '../shared/concurrency';
import {
  countDownloadsBySellerInMonth,
  firstSellerCountedMonth,
  listSellerMonthCounts,
} from './repo';

/** Downloads of the seller's templates in a month (`YYYY-MM`, UTC): the payout run, "This Month". */
export const countSellerDownloadsInMonth = (sellerId: string, monthYear: string): Promise<number> =>
  countDownloadsBySellerInMonth(sellerId, monthYear);

/** Row counts (D6) in flight at once when a month is counted from its rows. */
const ROW_COUNT_CONCURRENCY = 16;

/** The first instant after a month (`YYYY-MM`), as an ISO time. */
const endOfMonth = (monthYear: string): string => {
  const [year, month] = monthYear.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString();
};

/**
 * Applies the counts of every download of the month still pending (tally.ts) before the month's
 * counters are read, so that no download is missing from them: the `downloadTally` schedule
 * applies them within a minute anyway, this does not wait for it. Throws when some stay pending
 * (a tally that keeps failing), for the payout run's retries: a month is never counted short.
 * tally.ts (and the catalog and notification writes it hands in) loads only here.
 */
const applyMonthTallies = async (monthYear: string): Promise<void> => {
  const before = endOfMonth(monthYear);
  const { tallyPendingDownloads } = await import('./tally');
  // Every pending tally of the month is read (consistently) and applied, or counted as pending.
  const { pending } = await tallyPendingDownloads({ before });
  if (pending > 0) {
    throw new Error(`Downloads of ${monthYear} are still being counted; try again shortly.`);
  }
};

/**
 * Each seller's downloads in a month (`YYYY-MM`, UTC), for the payout run: what D6 counts, read
 * from the sellers' month counters (D13, one query for the whole month) instead of row by row.
 *
 * The counters began with the first download recorded by the code that writes them (D14), so that
 * month may be counted only in part, and earlier months not at all: those are counted from their
 * rows, seller by seller, as before. From the next month on every download path adds to the
 * counter with the download's tally (the month's pending tallies are applied first), so a seller without a counter had no counted download
 * (no query per seller: most sellers of a large marketplace have none in a given month).
 */
export const countSellersDownloadsInMonth = async (
  sellerIds: readonly string[],
  monthYear: string,
): Promise<Map<string, number>> => {
  const firstCounted = await firstSellerCountedMonth();
  if (firstCounted !== null && monthYear > firstCounted) {
    // A download's counter add comes with its tally, just after its transaction.
    await applyMonthTallies(monthYear);
    const counters = await listSellerMonthCounts(monthYear);
    return new Map(sellerIds.map((sellerId) => [sellerId, counters.get(sellerId) ?? 0]));
  }
  const counts = await mapWithConcurrency(sellerIds, ROW_COUNT_CONCURRENCY, (sellerId) =>
    countDownloadsBySellerInMonth(sellerId, monthYear),
  );
  return new Map(sellerIds.map((sellerId, index) => [sellerId, counts[index]!]));
};
