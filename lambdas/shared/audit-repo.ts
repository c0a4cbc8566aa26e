/**
 * The audit log's one write, shared (audit.ts builds the entry): an item another domain's
 * transaction carries, created once (A1).
 */
import { AuditEntryEntity, type AuditEntryItem } from './db/entities/audit-entry';
import type { TransactionWrite } from './db/transaction';

/** The create of `entry`, for another domain's transaction (name it `audit`). */
export const auditEntryWrite = (entry: AuditEntryItem): TransactionWrite =>
  AuditEntryEntity.create(entry);
