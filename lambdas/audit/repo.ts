/** Audit log data access (AuditEntry): the write lent to other domains' transactions, the list. */
import { ulid } from 'ulid';
import { AuditEntryEntity, type AuditEntryItem } from '../shared/db/entities/audit-entry';

export type { AuditEntryItem };

/** A1 (transaction item): one entry, created once. */
export const auditEntryCreate = (item: Omit<AuditEntryItem, 'id'>) =>
  AuditEntryEntity.create({ ...item, id: ulid(Date.parse(item.at)) });

/** A2: the log, newest first, a page at a time. */
export const queryAuditEntries = async (options: { limit: number; cursor: string | null }) => {
  const { data, cursor } = await AuditEntryEntity.query
    .byTime({})
    .go({ order: 'desc', limit: options.limit, cursor: options.cursor });
  return { items: data, cursor };
};
