/**
 * Security report data access (docs/data-model.md, "Security reports"): the report item per
 * version, and the version's dependency list as a JSON object in the private files bucket
 * (`security/packages/<template>/<version>.json`), which a re-check reads instead of the bundle.
 */
import { config } from '../shared/config';
import {
  SecurityReportEntity,
  type SecurityReportItem,
} from '../shared/db/entities/security-report';
import { putObject, readObject } from '../shared/storage/s3';
import type { Ecosystem } from '../../contract/security';
import { storageDesign } from '../../contract/design/storage-design';

export type { SecurityReportItem };

/** One pinned dependency of a version, as its lock file names it. */
export interface PinnedPackage {
  ecosystem: Ecosystem;
  name: string;
  version: string;
  /** Named in the template's own manifest. */
  direct: boolean;
}

export const packagesKeyOf = (templateId: string, versionId: string) =>
  `${storageDesign.securityPackagesPrefix}${templateId}/${versionId}.json`;

/** S1: one version's report. */
export const getSecurityReport = async (
  templateId: string,
  versionId: string,
): Promise<SecurityReportItem | null> => {
  const { data } = await SecurityReportEntity.get({
    mvp_id: templateId,
    version_id: versionId,
  }).go();
  return data;
};

/** S2: every report of a template (one per audited version). */
export const listSecurityReports = async (templateId: string): Promise<SecurityReportItem[]> => {
  const { data } = await SecurityReportEntity.query
    .byMvp({ mvp_id: templateId })
    .go({ pages: 'all' });
  return data;
};

/** Writes (or replaces) a version's report: a re-run of the audit writes the same item again. */
export const putSecurityReport = async (report: SecurityReportItem): Promise<void> => {
  await SecurityReportEntity.put(report).go();
};

export const writePackages = async (key: string, packages: readonly PinnedPackage[]) =>
  putObject({
    bucket: config().MVP_FILES_BUCKET,
    key,
    body: JSON.stringify({ packages }),
    contentType: 'application/json',
  });

/** The stored dependency list, or null when there is none. */
export const readPackages = async (key: string): Promise<PinnedPackage[] | null> => {
  const bytes = await readObject(config().MVP_FILES_BUCKET, key);
  if (!bytes) return null;
  return (JSON.parse(Buffer.from(bytes).toString('utf8')) as { packages: PinnedPackage[] })
    .packages;
};
