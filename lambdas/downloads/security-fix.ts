/**
 * "Download again" of a version that fixes a vulnerability spends no quota (docs/operations.md,
 * "Security re-check"): when the live version no longer has an advisory that the version of this
 * template the buyer downloaded last had. Only ever about the one template and the buyer's own
 * earlier download of it, so it cannot make another template free; once the buyer has downloaded
 * the fixed version, their last download is that version and the rule no longer applies.
 */
import { findingsFixedBetween } from '../security/stored-reports';

export const fixesDownloadedVersion = async (
  template: { id: string; version_number: string },
  lastDownloadedVersion: string | null,
): Promise<boolean> => {
  if (lastDownloadedVersion === null || lastDownloadedVersion === template.version_number)
    return false;
  const fixed = await findingsFixedBetween(
    template.id,
    lastDownloadedVersion,
    template.version_number,
  );
  return fixed.length > 0;
};
