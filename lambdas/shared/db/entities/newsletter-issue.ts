/**
 * NewsletterIssue (docs/data-model.md, section 3.14): one e-mail an admin writes for a newsletter type and
 * sends to that type's recipients through the newsletter-send state machine. Its counters follow
 * the sending (each recipient's result adds one in the same transaction that records it).
 *
 * - byId (table):        pk `id` → read, send (draft → sending, conditional), progress (L11, L13)
 * - byCreatedAt (gsi1):  pk (none), sk `created_at` → admin list, newest first (L12)
 */
import { defineEntity } from '../entity';

export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent', 'failed'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

export interface NewsletterIssueItem {
  id: string;
  newsletter_type_id: string;
  subject: string;
  /** Plain text or limited Markdown (lambdas/newsletter/mail.ts). */
  body: string;
  status: NewsletterIssueStatus;
  /** Set by PrepareRecipients: how many addresses the snapshot holds, in how many batches. */
  recipients?: number;
  batch_count?: number;
  sent_count: number;
  failed_count: number;
  created_by: string;
  created_at: string;
  updated_at: string;
  sending_started_at?: string;
  sent_at?: string;
}

export const NewsletterIssueEntity = defineEntity<NewsletterIssueItem>()({
  entity: 'newsletterIssue',
  version: '1',
  defaults: { sent_count: 0, failed_count: 0 },
  indexes: {
    byId: { pk: ['id'], sk: [] },
    byCreatedAt: { index: 'gsi1', pk: [], sk: ['created_at'] },
  },
});
