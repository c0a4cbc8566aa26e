/**
 * Newsletter issues: the admin composes an issue for a type and sends it; every
 * message carries a signed one-click unsubscribe link; anonymous sign-ups confirm first (double
 * opt-in). Schemas and texts shared by the admin panel, the public pages and the API.
 */
import * as z from 'zod';
import { text } from './text';

export const NEWSLETTER_ISSUE_MISSING_MESSAGE = 'Newsletter issue not found.';
export const NEWSLETTER_ISSUE_NOT_DRAFT_MESSAGE =
  'This issue has been sent already (or is being sent).';
export const NEWSLETTER_ISSUE_TYPE_MISSING_MESSAGE = 'Choose an active newsletter type.';
export const NEWSLETTER_ISSUE_NOTHING_TO_RESEND_MESSAGE =
  'Everyone this issue was for has it already: there is no one left to send it to.';
export const UNSUBSCRIBE_INVALID_MESSAGE = 'This unsubscribe link is invalid or has expired.';
export const CONFIRM_INVALID_MESSAGE = 'This confirmation link is invalid or has expired.';
export const CONFIRM_SUCCESS_MESSAGE = 'Your subscription is confirmed. Thank you!';

export const unsubscribedMessage = (newsletterName: string) =>
  `You have been unsubscribed from ${newsletterName}.`;

export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent', 'failed'] as const;
export type NewsletterIssueStatusName = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/** One issue as the admin panel shows it. */
export interface AdminNewsletterIssue {
  id: string;
  newsletter_type_id: string;
  /** The type's name now; null when the type was deleted since. */
  newsletter_type_name: string | null;
  subject: string;
  body: string;
  status: NewsletterIssueStatusName;
  /** The snapshot's size once sending started; null for a draft. */
  recipients: number | null;
  sent: number;
  failed: number;
  created_at: string;
  sending_started_at: string | null;
  sent_at: string | null;
}

/**
 * An issue that did not reach everyone (failed, or sent with some not delivered: an e-mail
 * service outage) can be sent again, to the addresses it did not reach only: those who have it
 * never get it twice.
 */
export const canResendIssue = (issue: Pick<AdminNewsletterIssue, 'status' | 'failed'>): boolean =>
  issue.status === 'failed' || (issue.status === 'sent' && issue.failed > 0);

/**
 * `GET /api/admin/newsletter-issues/{id}`: for a draft, also how many addresses it would reach;
 * for an issue that can be sent again, how many it did not reach.
 */
export interface AdminNewsletterIssueDetail extends AdminNewsletterIssue {
  /**
   * Recipients a send would reach now: a draft's audience, or the addresses an issue that can be
   * sent again did not reach; null otherwise.
   */
  audience: number | null;
}

export interface AdminNewsletterIssueList {
  items: AdminNewsletterIssue[];
}

export const NEWSLETTER_ISSUE_SUBJECT_MAX = 200;
export const NEWSLETTER_ISSUE_BODY_MAX = 50_000;

/** `POST /api/admin/newsletter-issues`: a draft. */
export const newsletterIssueCreateSchema = z.object({
  newsletter_type_id: z
    .string({ message: NEWSLETTER_ISSUE_TYPE_MISSING_MESSAGE })
    .trim()
    .min(1, NEWSLETTER_ISSUE_TYPE_MISSING_MESSAGE)
    .max(64, NEWSLETTER_ISSUE_TYPE_MISSING_MESSAGE),
  subject: text({ label: 'The subject', error: 'Subject is required.' })
    .min(1, 'Subject is required.')
    .max(
      NEWSLETTER_ISSUE_SUBJECT_MAX,
      `Subject must be at most ${NEWSLETTER_ISSUE_SUBJECT_MAX} characters.`,
    ),
  body: text({ label: 'The body', multiline: true, error: 'Body is required.' })
    .min(1, 'Body is required.')
    .max(
      NEWSLETTER_ISSUE_BODY_MAX,
      `Body must be at most ${NEWSLETTER_ISSUE_BODY_MAX} characters.`,
    ),
});
export type NewsletterIssueCreate = z.output<typeof newsletterIssueCreateSchema>;

/** `/api/admin/newsletter-issues/{id}`. */
export const newsletterIssuePathSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, NEWSLETTER_ISSUE_MISSING_MESSAGE)
    .max(64, NEWSLETTER_ISSUE_MISSING_MESSAGE),
});

const tokenSchema = (message: string) =>
  z.string({ message }).trim().min(1, message).max(2048, message);

/** `POST /api/newsletter/unsubscribe`: the token in the body or (one-click, RFC 8058) the query. */
export const unsubscribeRequestSchema = z.object({
  token: tokenSchema(UNSUBSCRIBE_INVALID_MESSAGE),
});
export type UnsubscribeRequest = z.output<typeof unsubscribeRequestSchema>;

export interface UnsubscribeResult {
  newsletter_type_id: string;
  newsletter_type_name: string;
  message: string;
}

/** `POST /api/newsletter/confirm`. */
export const confirmRequestSchema = z.object({ token: tokenSchema(CONFIRM_INVALID_MESSAGE) });
export type ConfirmRequest = z.output<typeof confirmRequestSchema>;

export interface ConfirmResult {
  message: string;
}
