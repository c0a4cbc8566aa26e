/**
 * Security reports, the write side: the audit of one version (the processing pipeline's Audit
 * step), a re-check from the stored dependency list (no bundle read), and the audit of imported
 * demo versions. docs/architecture.md, "Security reports".
 */
import { basename } from 'node:path';
import type { AuditStatus, SecurityReport, UploadScanSummary } from '../../contract/security';
import { s3Source } from '../shared/archives/s3-source';
import { logger } from '../shared/observability';
import { auditPackages } from './audit';
import { readAuditedFiles } from './bundle-files';
import { bundleDependencies, countDependencies } from './lockfiles/index';
import { OsvUnavailableError, osvClient, type OsvClient } from './osv';
import {
  getSecurityReport,
  packagesKeyOf,
  putSecurityReport,
  readPackages,
  writePackages,
  type PinnedPackage,
  type SecurityReportItem,
} from './repo';
import { toSecurityReport } from './service';
import { getTemplateVersion } from './template-read-repo';

/** What the upload scan checks on every bundle (lambdas/processing/scanner/rules.ts). */
export const UPLOAD_SCAN_CHECKS = [
  'Secrets and keys (cloud, payment, chat and private keys)',
  'Executables and compiled libraries',
  'Archive safety (paths outside the folder, links, oversized or bomb entries)',
];

/** The findings of `packages`, or null when OSV did not answer (after its retries). */
const lookUp = async (client: OsvClient, packages: readonly PinnedPackage[]) => {
  try {
    return await auditPackages(client, packages);
  } catch (error) {
    if (!(error instanceof OsvUnavailableError)) throw error;
    logger.warn('OSV did not answer; the report is not checked yet', { error: error.message });
    return null;
  }
};

export interface AuditInput {
  mvpId: string;
  versionId: string;
  fileKey: string;
  /** Entries the upload scan read (its result), shown beside the report. */
  filesScanned?: number;
}

/** Reads the bundle's lock files, looks them up, stores and returns the report. */
export const auditVersion = async (
  input: AuditInput,
  client: OsvClient = osvClient(),
): Promise<SecurityReport> => {
  const version = await getTemplateVersion(input.mvpId, input.versionId, { consistent: true });
  const fileName = version?.original_file_name ?? basename(input.fileKey);
  const read = await readAuditedFiles(s3Source(input.fileKey), fileName);
  const deps = await bundleDependencies(read.files);
  const unreadable = [...read.skipped, ...deps.unreadable].sort((a, b) =>
    a.path.localeCompare(b.path),
  );
  const packagesKey = packagesKeyOf(input.mvpId, input.versionId);
  if (deps.packages.length > 0) await writePackages(packagesKey, deps.packages);
  const findings = deps.packages.length > 0 ? await lookUp(client, deps.packages) : [];
  let status: AuditStatus;
  if (read.unsupported || findings === null) status = 'not_checked';
  else if (deps.packages.length > 0) status = 'checked';
  // Lock files that pin nothing say there is nothing to check; unread ones that nothing is known.
  else if (deps.lockFiles.length > 0) status = 'no_dependencies';
  else if (unreadable.length > 0) status = 'unreadable';
  else status = deps.hasManifest ? 'not_pinned' : 'no_dependencies';
  const now = new Date().toISOString();
  const uploadScan: UploadScanSummary | undefined =
    input.filesScanned !== undefined
      ? { files_scanned: input.filesScanned, checks: UPLOAD_SCAN_CHECKS }
      : undefined;
  const counts = countDependencies(deps.packages);
  const item: SecurityReportItem = {
    mvp_id: input.mvpId,
    version_id: input.versionId,
    version_number: version?.version_number ?? '',
    status,
    ...(status === 'checked' ? { checked_at: now } : {}),
    lock_files: deps.lockFiles,
    ...(unreadable.length > 0 ? { unreadable_lock_files: unreadable } : {}),
    direct_count: counts.direct,
    transitive_count: counts.transitive,
    findings: findings ?? [],
    ...(deps.packages.length > 0 ? { packages_key: packagesKey } : {}),
    ...(uploadScan ? { upload_scan: uploadScan } : {}),
    ...(deps.unpinned > 0 ? { unpinned_count: deps.unpinned } : {}),
    created_at: now,
    updated_at: now,
  };
  await putSecurityReport(item);
  logger.info('Dependencies audited', {
    mvpId: input.mvpId,
    status,
    packages: deps.packages.length,
    findings: item.findings.length,
    unreadable: unreadable.length,
  });
  return toSecurityReport(item);
};

/**
 * The audit of a version that arrived approved without going through the pipeline (the local demo
 * data is imported whole), once: a version that has a report keeps it. Returns whether it audited.
 */
export const ensureSecurityReport = async (mvpId: string, versionId: string): Promise<boolean> => {
  if (await getSecurityReport(mvpId, versionId)) return false;
  const version = await getTemplateVersion(mvpId, versionId);
  if (!version?.file_key) return false;
  await auditVersion({ mvpId, versionId, fileKey: version.file_key });
  return true;
};

/**
 * Looks a stored report's dependencies up again (the daily re-check, a `not_checked` report):
 * the list kept at audit time, never the bundle. Returns the report as stored afterwards; when OSV
 * does not answer, the stored report is left as it was.
 */
export const recheckVersion = async (
  mvpId: string,
  versionId: string,
  client: OsvClient = osvClient(),
): Promise<{ report: SecurityReport | null; checked: boolean }> => {
  const item = await getSecurityReport(mvpId, versionId);
  if (!item?.packages_key) return { report: item ? toSecurityReport(item) : null, checked: false };
  const packages = (await readPackages(item.packages_key)) ?? [];
  const findings = await lookUp(client, packages);
  if (findings === null) return { report: toSecurityReport(item), checked: false };
  const now = new Date().toISOString();
  const next: SecurityReportItem = {
    ...item,
    status: 'checked',
    checked_at: now,
    findings,
    updated_at: now,
  };
  await putSecurityReport(next);
  return { report: toSecurityReport(next), checked: true };
};
