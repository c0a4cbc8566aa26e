/**
 * Payout (docs/data-model.md, section 3.12): what one seller earned in one month. The natural key (seller,
 * month) is the primary key, so a seller has at most one payout per month by construction and a
 * month run twice creates nothing twice.
 *
 * - bySeller (table): pk `seller_id`, sk `month_year` → the seller's payouts, newest first
 * - byStatus (gsi2):  pk `status`, sk `month_year`    → pending payouts (admin, later runs)
 */
import type { PAYOUT_STATUSES } from '../../../../contract/payouts';
import { defineEntity } from '../entity';

export interface PayoutItem {
  seller_id: string;
  month_year: string;
  /** ULID, shown in the UI and used as the transfer's idempotency key. */
  id: string;
  total_downloads: number;
  /** The seller's share of the month's subscription pool (minor units). */
  pool_share_amount: number;
  /** 70% of the seller's one-time sales in the month (minor units). */
  sales_share_amount: number;
  /** Gross revenue the payout was computed from (the pool share's base plus the sales). */
  gross_amount: number;
  /** What the seller is paid (= pool share + sales share), minor units. */
  commission_amount: number;
  /** What the platform kept of the seller's part of the revenue, minor units. */
  platform_fee_deducted: number;
  currency: string;
  status: (typeof PAYOUT_STATUSES)[number];
  created_at: string;
  updated_at: string;
  processed_at?: string;
  stripe_transfer_id?: string;
  failure_reason?: string;
  /** Snapshot of the seller at creation, for the admin view. */
  seller_email: string;
  seller_username?: string;
  seller_display_name?: string;
  stripe_account_id?: string;
  /**
   * How many times an admin sent a failed payout again (absent: never). Each attempt has its own
   * idempotency key at Stripe, which would otherwise answer the first attempt's refusal again.
   */
  transfer_attempt?: number;
}

export const PayoutEntity = defineEntity<PayoutItem>()({
  entity: 'payout',
  version: '1',
  indexes: {
    bySeller: { pk: ['seller_id'], sk: ['month_year'] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['month_year'] },
  },
});
