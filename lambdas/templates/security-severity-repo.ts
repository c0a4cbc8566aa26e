/**
 * The live version's security severity on the template item: the data access of
 * security-severity.ts. Small on purpose: processing's Publish and the daily re-check bundle it.
 */
import type { Severity } from '../../contract/security';
import { writtenUnlessRefused } from '../shared/db/model';
import { TemplateEntity } from '../shared/db/entities/template';

/**
 * Sets `severity` (null: the attribute removed) and `updated_at`, only while the template is
 * approved and serves `fileKey`; false when it no longer does (the write's condition).
 */
export const setLiveSecuritySeverity = async (
  templateId: string,
  fileKey: string,
  severity: Severity | null,
  now: string,
): Promise<boolean> => {
  const patch = TemplateEntity.patch({ id: templateId });
  const write = severity
    ? patch.set({ security_severity: severity, updated_at: now })
    : patch.set({ updated_at: now }).remove(['security_severity']);
  return writtenUnlessRefused(
    write.where(
      (attr, op) => `${op.eq(attr.status, 'approved')} AND ${op.eq(attr.file_key, fileKey)}`,
    ),
  );
};
