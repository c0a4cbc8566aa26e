/**
 * NewsletterSubscriber (docs/data-model.md, section 3.14): one item per e-mail address (trimmed and
 * lower-cased before writing), whether it came from settings or the launch page.
 *
 * - byEmail (table):      pk `email` → subscribe / unsubscribe (L7)
 * - bySubscribedAt (gsi1): pk (none), sk `subscribed_at` → admin view and export, newest first (L8)
 */
import { defineEntity } from '../entity';

export interface NewsletterSubscriberItem {
  email: string;
  source: string;
  subscribed_at: string;
  unsubscribed_at?: string;
  /**
   * Double opt-in of an anonymous sign-up (lead): only a confirmed, not unsubscribed address
   * receives site_updates issues as an anonymous subscriber. Signing up again after unsubscribing
   * clears it until the new confirmation.
   */
  confirmed_at?: string;
  last_modified_at: string;
}

export const NewsletterSubscriberEntity = defineEntity<NewsletterSubscriberItem>()({
  entity: 'newsletterSubscriber',
  version: '1',
  indexes: {
    byEmail: { pk: ['email'], sk: [] },
    bySubscribedAt: { index: 'gsi1', pk: [], sk: ['subscribed_at'] },
  },
});
