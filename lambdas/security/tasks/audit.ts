/**
 * The Audit step of mvp-processing, between a clean scan and Pin: the bundle's lock files looked
 * up in OSV and the version's security report stored (service.ts). It never fails the version:
 * OSV not answering after its retries is a `not_checked` report, and the state machine catches
 * anything else and goes on to Pin (docs/operations.md, "Security reports").
 */
import * as z from 'zod';
import { taskHandler } from '../../shared/task-handler';
import { auditVersion } from '../audit-version';

const auditInputSchema = z.object({
  mvpId: z.string().min(1),
  versionId: z.string().min(1),
  fileKey: z.string().min(1),
  filesScanned: z.number().int().min(0).optional(),
});

export interface AuditResult {
  status: string;
  findings: number;
  dependencies: number;
}

export const runAudit = async (event: unknown): Promise<AuditResult> => {
  const report = await auditVersion(auditInputSchema.parse(event));
  return {
    status: report.status,
    findings: report.findings.length,
    dependencies: report.dependencies.direct + report.dependencies.transitive,
  };
};

export const handler = taskHandler('security/audit', runAudit);
