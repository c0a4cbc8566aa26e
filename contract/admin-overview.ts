/**
 * The admin dashboard's overview tab: what
 * `GET /api/admin/overview` answers. Every figure is read from counters that the writes changing
 * them keep exact (docs/data-model.md, section 3.17), never by reading the items they count.
 */
import type { PendingTemplate } from './admin-templates';
import type { Payout } from './payouts';
import type { Role } from './profile';

/** The overview's lists (pending lists show 3, newest users 5). */
export const OVERVIEW_PENDING_TEMPLATES = 3;
export const OVERVIEW_PENDING_PAYOUTS = 3;
export const OVERVIEW_NEWEST_USERS = 5;

/** The 8 stat cards. Money in minor units (pence). */
export interface OverviewStats {
  /** Every profile, all roles. */
  totalUsers: number;
  /** Roles seller and both. */
  totalSellers: number;
  /** Templates in any status but archived. */
  totalMVPs: number;
  /** pending_review, scan_failed and ipfs_pin_failed. */
  pendingMVPs: number;
  /** Every payment received, all time. */
  totalRevenue: number;
  /** Payments received from one month back (same day of the previous month, UTC) until now. */
  monthlyRevenue: number;
  totalDownloads: number;
  /** Over every review, rounded to 2 decimals; 0 without reviews. */
  averageRating: number;
}

/** A pending payout as the overview lists it: the payout and its seller's snapshot. */
export interface OverviewPayout extends Payout {
  seller_email: string;
  seller_username: string | null;
  seller_display_name: string | null;
}

export interface OverviewUser {
  id: string;
  email: string;
  username: string | null;
  display_name: string | null;
  role: Role;
  is_seller_approved: boolean;
  created_at: string;
}

/** `GET /api/admin/overview`. */
export interface AdminOverview {
  stats: OverviewStats;
  /** The oldest 3 pending templates (the MVP reviews tab has them all). */
  pendingMvps: PendingTemplate[];
  /** The oldest 3 pending payouts. */
  pendingPayouts: OverviewPayout[];
  /** The 5 newest users. */
  newestUsers: OverviewUser[];
}
