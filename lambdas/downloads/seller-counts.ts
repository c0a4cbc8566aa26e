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

/**
 * Each seller's downloads in a month (`YYYY-MM`, UTC), for the payout run: what D6 counts, read
 * from the sellers' month counters (D13, one query for the whole month) instead of row by row.
 *
 * The counters began with the first download recorded by the code that writes them (D14), so that
 * month may be counted only in part, and earlier months not at all: those are counted from their
 * rows, seller by seller, as before. From the next month on every download path adds to the
 * counter in the row's own transaction, so a seller without a counter had no counted download
 * (no query per seller: most sellers of a large marketplace have none in a given month).
 */
export const countSellersDownloadsInMonth = async (
  sellerIds: readonly string[],
  monthYear: string,
): Promise<Map<string, number>> => {
  const firstCounted = await firstSellerCountedMonth();
  if (firstCounted !== null && monthYear > firstCounted) {
    const counters = await listSellerMonthCounts(monthYear);
    return new Map(sellerIds.map((sellerId) => [sellerId, counters.get(sellerId) ?? 0]));
  }
  const counts = await mapWithConcurrency(sellerIds, ROW_COUNT_CONCURRENCY, (sellerId) =>
    countDownloadsBySellerInMonth(sellerId, monthYear),
  );
  return new Map(sellerIds.map((sellerId, index) => [sellerId, counts[index]!]));
};
