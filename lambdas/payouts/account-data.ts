/**
 * The payouts' part of a user's own data (lambdas/account), reading only the repository, so the
 * account function does not carry the payout run.
 */
import type { Payout } from '../../contract/payouts';
import { listPayoutsOfSeller, pseudonymisePayoutsOfSeller } from './repo';

/** The seller's payouts, newest month first, as their payouts page shows them (data export). */
export const listPayoutsForExport = async (sellerId: string): Promise<Payout[]> =>
  (await listPayoutsOfSeller(sellerId)).map((item) => ({
    id: item.id,
    seller_id: item.seller_id,
    month_year: item.month_year,
    total_downloads: item.total_downloads,
    gross_amount: item.gross_amount,
    commission_amount: item.commission_amount,
    platform_fee_deducted: item.platform_fee_deducted,
    currency: item.currency,
    status: item.status,
    created_at: item.created_at,
    processed_at: item.processed_at ?? null,
    failure_reason: item.failure_reason ?? null,
  }));

/** A closed seller's payouts: kept (money owed is still paid), without their address or names. */
export const pseudonymisePayoutsOf = (sellerId: string, pseudonym: string): Promise<number> =>
  pseudonymisePayoutsOfSeller(sellerId, pseudonym, new Date().toISOString());
