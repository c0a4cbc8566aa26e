/**
 * The account's own data (Settings → Account): a download of everything the marketplace holds
 * about the caller (`GET /api/me/export`) and the account's closure, confirmed with the password
 * (`POST /api/me/close`). What closure removes and what it keeps is described in docs/account.md.
 */
import * as z from 'zod';
import type { Dispute } from './disputes';
import type { MyDownload } from './downloads';
import type { License } from './licenses';
import type { Notification } from './notifications';
import type { Payout } from './payouts';
import type { Profile } from './profile';
import type { RefundRequest } from './refunds';
import type { PublicReview } from './reviews';
import type { Subscription } from './subscriptions';

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Enter your password to confirm.',
  wrongPassword: 'The password is not correct.',
  closed: 'Your account has been closed. We are sorry to see you go.',
  changedMeanwhile: 'Your account changed meanwhile. Please try again.',
} as const;

/** `POST /api/me/close`: the current password, so a left-open session cannot close the account. */
export const closeAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(256, ACCOUNT_MESSAGES.wrongPassword),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

export interface AccountClosed {
  message: string;
}

/** One order as its buyer sees it. Amounts in minor units. */
export interface ExportedOrder {
  id: string;
  kind: 'one_time_sale' | 'subscription_invoice';
  status: string;
  amount_total: number;
  amount_refunded: number;
  currency: string;
  mvp_id: string | null;
  mvp_title: string | null;
  period_start: string | null;
  period_end: string | null;
  created_at: string;
}

/** One deployment as its buyer sees it: where it went, never a token. */
export interface ExportedDeployment {
  id: string;
  mvp_id: string;
  mvp_title: string;
  repo_name: string;
  status: string;
  github_repo_url: string | null;
  netlify_site_url: string | null;
  version: string | null;
  /** Shown on Success Stories, with the name and pitch given. */
  story: { title: string; description: string | null; shown_at: string } | null;
  created_at: string;
  updated_at: string;
}

/**
 * `GET /api/me/export`: the caller's own data, as a JSON file. Never a token or secret (the
 * GitHub and Netlify connections are listed by provider and account name only).
 */
export interface AccountExport {
  exported_at: string;
  profile: Profile | null;
  subscriptions: Subscription[];
  orders: ExportedOrder[];
  downloads: MyDownload[];
  licences: License[];
  reviews: PublicReview[];
  disputes: Dispute[];
  refund_requests: RefundRequest[];
  notifications: Notification[];
  deployments: ExportedDeployment[];
  connections: { provider: string; account_login?: string; updated_at: string }[];
  newsletters: { newsletter_type_id: string; status: string; last_modified_at: string }[];
  /** Sellers only: their payouts. */
  payouts: Payout[];
  /** The application to sell, as written and decided, or null. */
  seller_application: Record<string, unknown> | null;
}
