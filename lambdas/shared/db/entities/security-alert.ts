/**
 * SecurityAlert: that one user was told about one advisory of one template, once (docs/data-model.md,
 * "Security alerts"). Created with `attribute_not_exists` in the same transaction as the
 * notification it stands for, so a re-check that is retried, or two runs at once, tell nobody twice:
 * the second transaction is refused on this item and writes nothing.
 *
 * `kind` keeps the two messages apart: `finding` (a new advisory affects the version the user has)
 * and `fix` (a new live version no longer has it).
 *
 * - byUser (table): pk `user_id`, sk `mvp_id`,`kind`,`advisory_id` → was this user told?
 */
import { defineEntity } from '../entity';

export interface SecurityAlertItem {
  user_id: string;
  mvp_id: string;
  kind: 'finding' | 'fix';
  advisory_id: string;
  /** The version the alert was about (the affected one, or the fixed one). */
  version_number: string;
  created_at: string;
}

export const SecurityAlertEntity = defineEntity<SecurityAlertItem>()({
  entity: 'securityAlert',
  version: '1',
  indexes: {
    byUser: { pk: ['user_id'], sk: ['mvp_id', 'kind', 'advisory_id'] },
  },
});
