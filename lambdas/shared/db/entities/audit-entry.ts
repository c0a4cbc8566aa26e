/**
 * AuditEntry (our addition to the product): one item per admin action — who did what to which
 * target, the state before and after — written in the same transaction as the change itself, so
 * the log can never miss an action or record one that did not happen.
 *
 * - byTime (table): pk (none), sk `id` (ULID) → the log, newest first. Admin actions are few (a
 *   handful a minute at most), far below one partition's write capacity.
 */
import { defineEntity } from '../entity';

export interface AuditEntryItem {
  /** ULID: sorts by time. */
  id: string;
  actor_id: string;
  /** Denormalised for the log's reader (admins see admins' e-mails). */
  actor_email: string;
  /** `mvp.approve`, `user.role`, `refund.process`, `dispute.resolve`, … */
  action: string;
  target_type: string;
  target_id: string;
  /** The target as a person knows it, at the time of the action (entries before it have none). */
  target_name?: string;
  /** Small JSON-able snapshots of what changed (status, role, amounts), never secrets. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  at: string;
}

export const AuditEntryEntity = defineEntity<AuditEntryItem>()({
  entity: 'auditEntry',
  version: '1',
  indexes: {
    byTime: { pk: [], sk: ['id'] },
  },
});
