/**
 * Seller payouts: the
 * shapes the API answers and the split's constants. Money is integer minor units (pence)
 * everywhere; the page formats it in the currency charged (GBP).
 */
import * as z from 'zod';
export const PAYOUT_STATUSES = [
  'pending',
  'processing',
  'completed',
  'failed',
  'cancelled',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The filter of the payouts page (only these four). */
export const PAYOUT_FILTERS = ['all', 'pending', 'completed', 'failed'] as const;
export type PayoutFilter = (typeof PAYOUT_FILTERS)[number];

/** The seller's share, in basis points: 70% to the seller, 30% platform fee. */
export const SELLER_SHARE_BPS = 7_000;
export const BPS = 10_000;

export const PAYOUT_MESSAGES = {
  noPayouts: 'No Payouts Yet',
  info: 'Payouts are processed on the 1st of each month for the previous month. You receive 70% of the commission pool in proportion to your downloads, plus 70% of your one-time sales; the platform fee is 30%. Payments are made through Stripe.',
  connectPrompt: 'Connect your Stripe account to receive payouts.',
} as const;

export interface Payout {
  id: string;
  seller_id: string;
  month_year: string;
  total_downloads: number;
  /** Minor units. */
  commission_amount: number;
  platform_fee_deducted: number;
  gross_amount: number;
  currency: string;
  status: PayoutStatus;
  created_at: string;
  processed_at: string | null;
  failure_reason: string | null;
}

export interface PayoutSummary {
  /** Completed payouts, minor units. */
  total_earnings: number;
  /** Pending and processing payouts, minor units. */
  pending_payouts: number;
  /** Estimate for the current month from its downloads so far and last month's pool per download. */
  this_month_estimate: number;
  /** Downloads of the seller's templates, all time. */
  total_downloads: number;
  currency: string;
}

/** `GET /api/payouts?status=`. */
export interface SellerPayouts {
  summary: PayoutSummary;
  items: Payout[];
  /** The seller has a Stripe Connect account (else the page shows the Connect prompt). */
  connected: boolean;
}

// ---------------------------------------------------------------------------------------------
// Admin (pending payouts with Process)
// ---------------------------------------------------------------------------------------------

/** The admin's status filter (pending when absent). */
export const ADMIN_PAYOUT_FILTERS = ['pending', 'processing', 'completed', 'failed'] as const;
export type AdminPayoutFilter = (typeof ADMIN_PAYOUT_FILTERS)[number];

export const ADMIN_PAYOUT_MESSAGES = {
  /** The product's texts. */
  loadFailed: 'Failed to load pending payouts',
  processFailed: 'Failed to process payout',
  /** Our own texts where the product fixes none. */
  processed: 'Payout processed successfully.',
  notFound: 'Payout not found.',
  notConnected:
    'This seller has no Stripe account that can receive payouts yet: the payout stays pending until they connect one.',
  statusFilter: `status must be one of ${ADMIN_PAYOUT_FILTERS.join(', ')}.`,
} as const;

/** The error text of a payout that could not be paid, with the reason. */
export const payoutFailedText = (reason: string): string =>
  `${ADMIN_PAYOUT_MESSAGES.processFailed}: ${reason}`;

/** Why Process does not apply to a payout in its current status (409). */
export const payoutStatusConflictMessage = (status: PayoutStatus): string =>
  status === 'processing'
    ? 'This payout is being transferred already; the next monthly run finishes it if this attempt does not.'
    : `This payout is ${status} and cannot be processed.`;

/** A payout as admins see it: the seller's snapshot (taken when the payout was created). */
export interface AdminPayout extends Payout {
  seller: {
    id: string;
    email: string;
    username: string | null;
    display_name: string | null;
    /**
     * The seller's Connect account can receive payouts now: Process is offered only then (the
     * tab says why not otherwise).
     */
    payouts_enabled: boolean;
  };
  stripe_transfer_id: string | null;
}

/** `GET /api/admin/payouts?status=`: oldest month first. */
export interface AdminPayoutList {
  items: AdminPayout[];
}

/**
 * `POST /api/admin/payouts/{sellerId}/{monthYear}/process`: the payout after the attempt, and the
 * text the tab shows (`success` false with 'Failed to process payout: <Stripe's reason>' when
 * Stripe refused the transfer; the payout is then failed and can be processed again).
 */
export interface ProcessPayoutResult {
  success: boolean;
  message: string;
  payout: AdminPayout;
}

// ---------------------------------------------------------------------------------------------
// Monthly runs (admin): which recent months were paid, and running one that was missed
// ---------------------------------------------------------------------------------------------

/** A month's run: done, running now, or never run (missed). */
export const PAYOUT_RUN_STATES = ['completed', 'running', 'missed'] as const;
export type PayoutRunState = (typeof PAYOUT_RUN_STATES)[number];

/** One month of `GET /api/admin/payout-runs`. */
export interface PayoutRunMonth {
  month_year: string;
  state: PayoutRunState;
  started_at: string | null;
  completed_at: string | null;
  /** Payouts the run created (null while running or when missed). */
  payouts_created: number | null;
  /**
   * The month's payouts as they stand now, by status (every status present, 0 for none): a run
   * completes while sellers without a connected account keep pending payouts, and failed ones
   * wait for an admin, so "run" is not "paid".
   */
  payouts: Record<PayoutStatus, number>;
}

/** How a month's payouts stand, in words: its badge and the counts beside it. */
export interface PayoutMonthStanding {
  /** `paid`: every payout completed (or none owed); `partly`: some; `unpaid`: none yet. */
  standing: 'paid' | 'partly' | 'unpaid';
  label: string;
  /** "Paid 1 · Pending 1", the statuses that have payouts; "No payouts" when none. */
  counts: string;
}

const PAYOUT_COUNT_LABELS: Record<PayoutStatus, string> = {
  completed: 'Paid',
  pending: 'Pending',
  processing: 'Processing',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const PAYOUT_COUNT_ORDER: readonly PayoutStatus[] = [
  'completed',
  'pending',
  'processing',
  'failed',
  'cancelled',
];

/**
 * A run month's standing from its payouts: cancelled ones are owed nothing, so a month whose
 * payouts are all completed or cancelled is paid; one with none completed and some owed is
 * unpaid; anything between is partly paid.
 */
export const payoutMonthStanding = (payouts: Record<PayoutStatus, number>): PayoutMonthStanding => {
  const owed = payouts.pending + payouts.processing + payouts.failed;
  const parts = PAYOUT_COUNT_ORDER.filter((status) => payouts[status] > 0).map(
    (status) => `${PAYOUT_COUNT_LABELS[status]} ${payouts[status].toLocaleString('en-GB')}`,
  );
  const counts = parts.length === 0 ? 'No payouts' : parts.join(' · ');
  if (owed === 0) return { standing: 'paid', label: 'Paid', counts };
  if (payouts.completed === 0) return { standing: 'unpaid', label: 'Not paid yet', counts };
  return { standing: 'partly', label: 'Partly paid', counts };
};

/**
 * `GET /api/admin/payout-runs`: the months a run is owed for, newest first: from the oldest
 * recorded run within the last year (or last month when none) up to last month.
 */
export interface PayoutRunList {
  months: PayoutRunMonth[];
}

/** `POST /api/admin/payout-runs`: the run was started; it finishes in the background. */
export interface StartedPayoutRunResult {
  month_year: string;
  message: string;
}

export const PAYOUT_RUN_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const PAYOUT_RUN_MESSAGES = {
  monthFormat: 'Choose a month as YYYY-MM.',
  started: (month: string) =>
    `Payouts for ${month} are being run. Sellers with a connected Stripe account are paid; the others keep a pending payout.`,
  notEnded: (month: string) => `Payouts for ${month} can be run once the month has ended.`,
  alreadyRun: (month: string) =>
    `Payouts for ${month} have already been run, so nobody is paid twice.`,
  running: (month: string) => `Payouts for ${month} are being run right now.`,
} as const;

/** `POST /api/admin/payout-runs`. */
export const payoutRunInputSchema = z.object({
  month_year: z
    .string({ error: PAYOUT_RUN_MESSAGES.monthFormat })
    .trim()
    .regex(PAYOUT_RUN_MONTH_PATTERN, { message: PAYOUT_RUN_MESSAGES.monthFormat }),
});
