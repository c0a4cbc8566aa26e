/**
 * How an audit entry reads: the action as words (`Approved a template`), the target by its name
 * (`Template · Ship Fast`), and before → after as the fields that changed, each labelled and with
 * codes as words (`Status: Pending → Approved`), rather than ids and two JSON documents. A field
 * only one side has is shown against an empty side (`—`); one both sides hold unchanged is left
 * out.
 */
import {
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_TARGET_LABELS,
  AUDIT_VALUE_LABELS,
  humanizeCode,
  type AuditEntry,
} from '@contract/audit';

export interface AuditChange {
  /** The field's name in the data (a stable key). */
  field: string;
  /** How the field reads. */
  label: string;
  before: string;
  after: string;
}

const EMPTY = '—';

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return AUDIT_VALUE_LABELS[value] ?? value;
  return JSON.stringify(value);
};

/** The fields that differ between `before` and `after`, in the order they first appear. */
export const auditChanges = (entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] => {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .map((field) => ({
      field,
      label: AUDIT_FIELD_LABELS[field] ?? humanizeCode(field),
      before: show(before[field]),
      after: show(after[field]),
    }))
    .filter((change) => change.before !== change.after);
};

/** `payout.process` → `Processed a payout`; an action without a label reads as its words. */
export const auditActionLabel = (action: string): string =>
  AUDIT_ACTION_LABELS[action] ?? humanizeCode(action);

/**
 * The target as a person knows it: `Template · Ship Fast`. An entry written before names were
 * kept shows its kind and a short id (`Template 01JD3F…`), never a bare code.
 */
export const auditTargetLabel = (
  entry: Pick<AuditEntry, 'target_type' | 'target_id' | 'target_name'>,
): string => {
  const kind = AUDIT_TARGET_LABELS[entry.target_type] ?? humanizeCode(entry.target_type);
  if (entry.target_name) return `${kind} · ${entry.target_name}`;
  const id = entry.target_id.length > 10 ? `${entry.target_id.slice(0, 8)}…` : entry.target_id;
  return `${kind} ${id}`;
};
