/**
 * NotificationPreference (docs/data-model.md, section 3.7): one item per user who changed an e-mail
 * switch in Settings → Notifications or through an unsubscribe link. A user without one gets each
 * type's default. Only the exceptions are stored (`email_off` / `email_on`), so a type added later
 * starts at its default for everyone.
 *
 * - byUser (table): pk `user_id`, sk (none) → read at send time and by the settings page.
 */
import { defineEntity } from '../entity';

export interface NotificationPreferenceItem {
  user_id: string;
  /** Types the user turned off (optional types only). */
  email_off: string[];
  /** Types the user turned on that are off by default. */
  email_on: string[];
  updated_at: string;
}

export const NotificationPreferenceEntity = defineEntity<NotificationPreferenceItem>()({
  entity: 'notificationPreference',
  version: '1',
  indexes: {
    byUser: { pk: ['user_id'], sk: [] },
  },
});
