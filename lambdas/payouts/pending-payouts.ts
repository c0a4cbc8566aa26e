/**
 * Pending payouts for the admin overview: the oldest few, with the seller snapshot
 * each payout carries (Q3), so no profile is read.
 */
import type { OverviewPayout } from '../../contract/admin-overview';
import { monthOf } from './months';
import { listPayoutsByStatus } from './repo';
import { toPayout } from './service';

/** The `limit` oldest payouts still pending, oldest month first. */
export const listOldestPendingPayouts = async (
  limit: number,
  now = new Date(),
): Promise<OverviewPayout[]> => {
  const items = await listPayoutsByStatus('pending', monthOf(now));
  return items.slice(0, limit).map((item) => ({
    ...toPayout(item),
    seller_email: item.seller_email,
    seller_username: item.seller_username ?? null,
    seller_display_name: item.seller_display_name ?? null,
  }));
};
