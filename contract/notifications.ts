/**
 * The notification contract, shared by the API and the notifications page. The bell's numbers
 * live in notification-bell.ts, without zod, because the header loads them on every first visit.
 */
import * as z from 'zod';

export const NOTIFICATION_TYPES = [
  'mvp_approved',
  'mvp_rejected',
  'new_review',
  'new_download',
  'payout_initiated',
  'payout_completed',
  'payout_failed',
  /** Beyond the first seven kinds: a dispute's buyer and seller are told of each admin transition. */
  'dispute_updated',
  /** Our addition: admins are told of a new message from the contact form. */
  'contact_message',
  /** Our addition: a template the buyer deployed has a new approved version. */
  'upgrade_available',
  /** Our addition: the applicant is told an admin approved or declined their seller application. */
  'seller_application_decided',
  /** A paid invoice or one-time order: the buyer's receipt. */
  'payment_succeeded',
  /** A subscription renewal that could not be charged. */
  'payment_failed',
  /** An admin approved or rejected the buyer's refund request. */
  'refund_decided',
  /** Stripe refunded (part of) an order: money on its way back. */
  'refund_processed',
  /** The buyer's card issuer disputed a payment (a chargeback), or decided such a dispute. */
  'payment_disputed',
  /** A buyer opened a dispute about one of the seller's templates. */
  'dispute_opened',
  /** A licence certificate was issued for a purchase. */
  'licence_issued',
  /** A daily re-check found a new advisory affecting a version the user sells, downloaded or deployed. */
  'security_finding',
  /** A new live version fixes an advisory that affected the version the buyer has. */
  'security_fix',
  /** The sign-in itself changed by someone else's hand: an admin turned off the authenticator app. */
  'account_security',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_MESSAGES = {
  loadFailed: 'Failed to load notifications',
  notFound: 'Notification not found.',
} as const;

export const NOTIFICATIONS_PAGE_SIZE = 50;

export interface Notification {
  id: string;
  type: NotificationType;
  message: string;
  link: string | null;
  read: boolean;
  created_at: string;
}

/** `GET /api/notifications[?unread=true][&cursor=…]`: newest first, pages of 50. */
export interface NotificationPage {
  items: Notification[];
  cursor: string | null;
}

/** `GET /api/notifications/unread-count`. */
export interface UnreadCount {
  unread_count: number;
}

/** `POST /api/notifications/read-all`. */
export interface MarkAllReadResult {
  marked: number;
}

export const notificationListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { message: 'unread must be true or false.' })
    .optional()
    .transform((value) => value === 'true'),
  cursor: z.string().max(2048, 'The cursor is malformed.').optional(),
});

/** Notification ids are ULIDs. */
export const notificationIdSchema = z
  .string()
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'The notification id is malformed.')
  .transform((id) => id.toUpperCase());

/** `POST /api/notifications/{id}/read`: idempotent, so always this. */
export interface NotificationReadResult {
  id: string;
  read: true;
}
