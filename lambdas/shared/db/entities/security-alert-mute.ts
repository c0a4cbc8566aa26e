/**
 * SecurityAlertMute: a buyer turned security alerts off for one template (Settings →
 * Notifications). Present means muted; turning alerts back on deletes it, so the default (alerts
 * on) needs no item. A muted template gets neither the in-app notification nor the e-mail of a
 * finding or a fix (docs/data-model.md, "Security alerts").
 *
 * - byUser (table): pk `user_id`, sk `mvp_id` → is this template muted; every muted template of a user
 */
import { defineEntity } from '../entity';

export interface SecurityAlertMuteItem {
  user_id: string;
  mvp_id: string;
  muted_at: string;
}

export const SecurityAlertMuteEntity = defineEntity<SecurityAlertMuteItem>()({
  entity: 'securityAlertMute',
  version: '1',
  indexes: {
    byUser: { pk: ['user_id'], sk: ['mvp_id'] },
  },
});
