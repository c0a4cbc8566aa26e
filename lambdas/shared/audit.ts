/**
 * The write half of the admin audit log, shared: every admin action is recorded by the domain that
 * performs it, as one more item (`audit`) of the action's own transaction, so the log and the
 * change commit together or not at all. The log is append-only and written by many domains, so
 * its writer lives here, below all of them; the audit domain (lambdas/audit) only reads it. The
 * item's create is audit-repo.ts.
 */
import { ulid } from 'ulid';
import { auditEntryWrite } from './audit-repo';

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

/** The audit item for another domain's transaction (name it `audit`); created once (A1). */
export const auditWrite = (input: AuditInput) =>
  auditEntryWrite({
    id: ulid(Date.parse(input.now)),
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
