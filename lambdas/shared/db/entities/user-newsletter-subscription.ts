/**
 * UserNewsletterSubscription (docs/data-model.md, section 3.14): a signed-in user's choice per newsletter
 * type, in the user's item collection.
 *
 * - byUser (table):  pk `user_id`, sk `newsletter_type_id` → the settings toggle (L4)
 * - byType (gsi1):   pk `newsletter_type_id`, sk `last_modified_at` → admin list per type (L6)
 */
import { defineEntity } from '../entity';

export const NEWSLETTER_SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;

export interface UserNewsletterSubscriptionItem {
  user_id: string;
  newsletter_type_id: string;
  /** Denormalised for the admin tab and the export. */
  email: string;
  status: (typeof NEWSLETTER_SUBSCRIPTION_STATUSES)[number];
  source: string;
  subscribed_at: string;
  last_modified_at: string;
}

export const UserNewsletterSubscriptionEntity = defineEntity<UserNewsletterSubscriptionItem>()({
  entity: 'userNewsletterSubscription',
  version: '1',
  indexes: {
    byUser: { pk: ['user_id'], sk: ['newsletter_type_id'] },
    byType: { index: 'gsi1', pk: ['newsletter_type_id'], sk: ['last_modified_at'] },
  },
});
