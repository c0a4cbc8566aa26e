/** The admin audit log: what the API answers for `GET /api/admin/audit-log`. */
import * as z from 'zod';

export interface AuditEntry {
  id: string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  /** The target as a person knows it, at the time (null on entries written before names were kept). */
  target_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
}

export interface AuditLogPage {
  items: AuditEntry[];
  /** The next page's cursor, or `null` on the last page. */
  cursor: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

export const auditLogQuerySchema = z.object({
  cursor: z.string().max(2_048).optional(),
});

/**
 * How each action reads in the log. An action missing here reads as its words (`a_b.c` →
 * `A b c`), so a new action is never hidden, only less polished until it has a row.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'mvp.approve': 'Approved a template',
  'mvp.reject': 'Rejected a template',
  'user.role': 'Changed a role',
  'user.seller_approve': 'Approved a seller',
  'user.seller_revoke': 'Revoked seller approval',
  'user.seller_reject': 'Declined a seller application',
  'user.enterprise_plan': 'Set an Enterprise plan',
  'user.mfa_reset': 'Reset an authenticator app',
  'account.close': 'Closed their account',
  'refund.approve': 'Approved a refund request',
  'refund.reject': 'Rejected a refund request',
  'refund.process': 'Refunded a payment',
  'chargeback.open': 'Card issuer disputed a payment',
  'chargeback.won': 'Card dispute won',
  'chargeback.lost': 'Card dispute lost',
  'dispute.start_review': 'Started a dispute review',
  'dispute.resolve': 'Resolved a dispute',
  'contact_message.handle': 'Handled a contact message',
  'payout.process': 'Processed a payout',
  'payout_run.start': 'Ran monthly payouts',
  'newsletter_type.create': 'Created a newsletter type',
  'newsletter_type.update': 'Updated a newsletter type',
  'newsletter_type.delete': 'Deleted a newsletter type',
  'newsletter_issue.create': 'Drafted a newsletter',
  'newsletter_issue.send': 'Sent a newsletter',
  'newsletter_subscribers.export': 'Exported newsletter subscribers',
};

/** What kind of thing a target is, in words. */
export const AUDIT_TARGET_LABELS: Readonly<Record<string, string>> = {
  mvp: 'Template',
  user: 'User',
  refund_request: 'Refund request',
  order: 'Payment',
  dispute: 'Dispute',
  contact_message: 'Contact message',
  payout: 'Payout',
  payout_run: 'Payout run',
  account: 'Account',
  newsletter_type: 'Newsletter type',
  newsletter_issue: 'Newsletter',
  newsletter_subscribers: 'Newsletter subscribers',
};

/** How a changed field reads (`is_seller_approved` → `Seller approved`). */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  status: 'Status',
  role: 'Role',
  is_seller_approved: 'Seller approved',
  stripe_account_id: 'Stripe account',
  stripe_refund_id: 'Stripe refund',
  refunds: 'Refunds',
  rejection_reason: 'Reason',
  resolution_details: 'Details',
  newsletter_type_id: 'Newsletter type',
  subject: 'Subject',
  count: 'Count',
  month: 'Month',
  name: 'Name',
  description: 'Description',
  is_active: 'Active',
  authenticator_app: 'Authenticator app',
  reason: 'Reason',
  dispute: 'Card dispute',
  amount: 'Amount',
};

/** Values that are codes in the data and words in the log (statuses, roles, resolutions). */
export const AUDIT_VALUE_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending',
  pending_review: 'In review',
  scan_failed: 'Scan failed',
  ipfs_pin_failed: 'Pinning failed',
  active: 'Active',
  cancelled: 'Cancelled',
  past_due: 'Payment overdue',
  approved: 'Approved',
  rejected: 'Rejected',
  processed: 'Processed',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  open: 'Open',
  in_review: 'In review',
  resolved_buyer: 'Resolved in favour of the buyer',
  resolved_seller: 'Resolved in favour of the seller',
  closed_no_action: 'Closed with no action',
  new: 'New',
  handled: 'Handled',
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
  buyer: 'Buyer',
  seller: 'Seller',
  both: 'Buyer and seller',
  admin: 'Admin',
  published: 'Published',
  archived: 'Archived',
  warning_needs_response: 'Inquiry, awaiting our response',
  warning_under_review: 'Inquiry under review',
  needs_response: 'Chargeback, awaiting our response',
  under_review: 'Chargeback under review',
  won: 'Won: the payment stands',
  lost: 'Lost: the payment was taken back',
};

/** `a_b.c` → `A b c`: the fallback for a code without a label. */
export const humanizeCode = (code: string): string => {
  const words = code.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
