/**
 * The admin audit log, read side: admins read it newest first. Entries are written by the domain
 * that performs each admin action, inside that action's transaction (lambdas/shared/audit.ts).
 */
import type { AuditEntry, AuditLogPage } from '../../contract/audit';
import { AUDIT_PAGE_SIZE } from '../../contract/audit';
import { openCursor, sealCursor } from '../shared/http/cursor';
import { queryAuditEntries, type AuditEntryItem } from './repo';

const toAuditEntry = (item: AuditEntryItem): AuditEntry => ({
  id: item.id,
  actor_id: item.actor_id,
  actor_email: item.actor_email,
  action: item.action,
  target_type: item.target_type,
  target_id: item.target_id,
  target_name: item.target_name ?? null,
  before: item.before ?? null,
  after: item.after ?? null,
  at: item.at,
});

/** The log for an admin, newest first; the cursor is bound to the reader. */
export const listAuditLog = async (adminId: string, cursor?: string): Promise<AuditLogPage> => {
  const binding = `audit-log|${adminId}`;
  const page = await queryAuditEntries({
    limit: AUDIT_PAGE_SIZE,
    cursor: (await openCursor(cursor, binding)) ?? null,
  });
  return { items: page.items.map(toAuditEntry), cursor: await sealCursor(page.cursor, binding) };
};
