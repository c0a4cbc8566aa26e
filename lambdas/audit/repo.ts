/**
 * Audit log data access (AuditEntry), read side: the list. The write lent to other domains'
 * transactions is lambdas/shared/audit.ts.
 */
import { AuditEntryEntity, type AuditEntryItem } from '../shared/db/entities/audit-entry';

export type { AuditEntryItem };

/** A2: the log, newest first, a page at a time. */
export const queryAuditEntries = async (options: { limit: number; cursor: string | null }) => {
  const { data, cursor } = await AuditEntryEntity.query
    .byTime({})
    .go({ order: 'desc', limit: options.limit, cursor: options.cursor });
  return { items: data, cursor };
};
