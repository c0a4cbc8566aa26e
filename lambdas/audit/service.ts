/**
 * The admin audit log: every admin action is recorded by the domain that performs it,
 * as one more item (`audit`) of the action's own transaction (`auditWrite`), so the log and the
 * change commit together or not at all. Admins read it newest first.
 */
import type { AuditEntry, AuditLogPage } from '../../contract/audit';
import { AUDIT_PAGE_SIZE } from '../../contract/audit';
import { openCursor, sealCursor } from '../shared/http/cursor';
import { auditEntryCreate, queryAuditEntries, type AuditEntryItem } from './repo';

export interface AuditInput {
  actor: { userId: string; email: string };
  action: string;
  /**
   * What the action was on; `name` is how a person knows it (a template's title, a user's name
   * and e-mail, a payout's seller and month), kept as it was at the time of the action.
   */
  target: { type: string; id: string; name?: string };
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** ISO; the change's own time. */
  now: string;
}

/** How the log names a person: `Ada Lovelace (ada@example.com)`, or the e-mail alone. */
export const auditPersonName = (person: { display_name?: string | null; email: string }): string =>
  person.display_name ? `${person.display_name} (${person.email})` : person.email;

/** The audit item for another domain's transaction (name it `audit`). */
export const auditWrite = (input: AuditInput) =>
  auditEntryCreate({
    actor_id: input.actor.userId,
    actor_email: input.actor.email,
    action: input.action,
    target_type: input.target.type,
    target_id: input.target.id,
    ...(input.target.name && { target_name: input.target.name }),
    ...(input.before && { before: input.before }),
    ...(input.after && { after: input.after }),
    at: input.now,
  });

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
