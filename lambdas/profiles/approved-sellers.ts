/**
 * The sellers the monthly payout run pays, apart from service.ts: the payout steps import only
 * this, not the service's profile-update and uploads contracts, whose schemas would be built at
 * each of their cold starts (docs/architecture.md, Cold starts).
 */
import { queryApprovedSellersOfRole, type SellerFields } from './repo';

/**
 * Every approved seller (roles seller and both; P16), for the monthly payout run: id, e-mail and
 * public names only. Closed and beta-access accounts are never paid.
 */
export const listApprovedSellers = async (): Promise<SellerFields[]> =>
  (
    await Promise.all([queryApprovedSellersOfRole('seller'), queryApprovedSellersOfRole('both')])
  ).flat();
