/**
 * NewsletterRecipient (docs/data-model.md, section 3.14): one address of an issue's recipient snapshot,
 * and what happened to its message. One item per issue and address (the key), so an address is
 * never in two batches; its status moves pending → sending → sent | failed with conditional
 * writes, so a retried batch never sends a message twice (a message whose send was cut off stays
 * `sending` and is never sent again). `skipped`: unsubscribed between the snapshot and its turn.
 *
 * - byIssue (table):   pk `issue_id`, sk `email` → one recipient, counts at the end (L14)
 * - byBatch (gsi1):    pk `issue_id` + `batch`, sk `email` → the addresses of one batch (L15)
 */
import { defineEntity } from '../entity';

export const NEWSLETTER_RECIPIENT_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
] as const;
export type NewsletterRecipientStatus = (typeof NEWSLETTER_RECIPIENT_STATUSES)[number];

export interface NewsletterRecipientItem {
  issue_id: string;
  email: string;
  batch: number;
  status: NewsletterRecipientStatus;
  /** The subscriber's user, when the address came from a signed-in user's subscription. */
  user_id?: string;
  message_id?: string;
  /** The error's name (never its message: it may quote the address). */
  error?: string;
  updated_at: string;
}

export const NewsletterRecipientEntity = defineEntity<NewsletterRecipientItem>()({
  entity: 'newsletterRecipient',
  version: '1',
  indexes: {
    byIssue: { pk: ['issue_id'], sk: ['email'] },
    byBatch: { index: 'gsi1', pk: ['issue_id', 'batch'], sk: ['email'] },
  },
});
