/**
 * The live version's worst known vulnerability on the template item, which the card's badge on
 * `/mvps` is made from (docs/operations.md, "Security reports"). The security domain keeps the
 * reports; the templates domain owns the item, so every caller (processing's Publish, an admin's
 * approval, the daily re-check) goes through here. The item's write is security-severity-repo.ts.
 */
import type { Severity } from '../../contract/security';
import { bumpCatalogVersion, getTemplateById, getVersion } from './repo';
import { setLiveSecuritySeverity } from './security-severity-repo';

export type LiveSeverityOutcome = 'recorded' | 'unchanged' | 'not_live';

/**
 * Records `severity` (null: no finding, or not checked) as the template's live security severity,
 * only when `versionId` is its live version: the template is approved and serves that version's
 * file. A report of a version in review or superseded changes nothing. Conditioned on the file
 * read, so a version switch between the read and the write is not overwritten with a stale value.
 * A change moves `updated_at` and the catalog version, as any change of a card does, so every
 * browse cache shows the badge at its next read.
 */
export const recordLiveSecuritySeverity = async (
  templateId: string,
  versionId: string,
  severity: Severity | null,
  now = new Date().toISOString(),
): Promise<LiveSeverityOutcome> => {
  const [template, version] = await Promise.all([
    getTemplateById(templateId),
    getVersion(templateId, versionId),
  ]);
  if (
    !template ||
    !version ||
    template.status !== 'approved' ||
    template.file_key === undefined ||
    template.file_key !== version.file_key
  ) {
    return 'not_live';
  }
  if ((template.security_severity ?? null) === severity) return 'unchanged';
  if (!(await setLiveSecuritySeverity(templateId, template.file_key, severity, now))) {
    return 'not_live';
  }
  await bumpCatalogVersion(0, now);
  return 'recorded';
};
