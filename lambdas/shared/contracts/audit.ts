/** The admin audit log (issue 11): what the API answers for `GET /api/admin/audit-log`. */
import * as z from 'zod';

export interface AuditEntry {
  id: string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
}

export interface AuditLogPage {
  items: AuditEntry[];
  /** The next page's cursor, or `null` on the last page. */
  cursor: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

export const auditLogQuerySchema = z.object({
  cursor: z.string().max(2_048).optional(),
});
