/**
 * An audit entry's before → after as the fields that changed, so a row reads
 * `status: pending → approved` rather than two JSON documents. A field only one side has is shown
 * against an empty side (`—`); one both sides hold unchanged is left out.
 */
import type { AuditEntry } from '@contracts/audit';

export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const EMPTY = '—';

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return EMPTY;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** The fields that differ between `before` and `after`, in the order they first appear. */
export const auditChanges = (entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] => {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }))
    .filter((change) => change.before !== change.after);
};

/** `refund_request.approve` → `Refund request approve`: the action as a sentence-case label. */
export const auditActionLabel = (action: string): string => {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
