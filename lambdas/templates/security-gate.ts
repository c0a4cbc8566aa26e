/**
 * The security side of an admin's approval (docs/operations.md, "Security reports"): in
 * PUBLISH_MODE=moderate a version whose report has a critical finding is published only with the
 * admin's reason, which the approval's own audit entry records; once live, its worst severity goes
 * on the template for the card's badge.
 */
import { SECURITY_MESSAGES, type Severity } from '../../contract/security';
import { config } from '../shared/config';
import { ConflictError } from '../shared/errors';
import { logger } from '../shared/observability';
import { worstFindingSeverity } from '../security/service';
import { recordLiveSecuritySeverity } from './security-severity';

export interface ApprovalSecurity {
  versionId: string | null;
  severity: Severity | null;
  /** What the approval's audit entry adds: the override and its reason, when one was needed. */
  audit: { security_override?: { severity: Severity; reason: string } };
}

/**
 * Reads the version's worst finding and refuses (409) to approve a critical one without a reason
 * in PUBLISH_MODE=moderate. A reason given for a version that needs none is not recorded.
 */
export const checkApprovalSecurity = async (
  templateId: string,
  versionId: string | null,
  overrideReason: string | undefined,
): Promise<ApprovalSecurity> => {
  const severity = versionId ? await worstFindingSeverity(templateId, versionId) : null;
  const gated = config().PUBLISH_MODE === 'moderate' && severity === 'critical';
  if (gated && !overrideReason) {
    throw new ConflictError(SECURITY_MESSAGES.overrideReasonRequired);
  }
  return {
    versionId,
    severity,
    audit:
      gated && overrideReason ? { security_override: { severity, reason: overrideReason } } : {},
  };
};

/**
 * After the approval: the now-live version's severity on the template (the card's badge). Best
 * effort: the version is published either way, and the daily re-check writes it again.
 */
export const recordApprovedSeverity = async (
  templateId: string,
  security: ApprovalSecurity,
): Promise<void> => {
  if (!security.versionId) return;
  await recordLiveSecuritySeverity(templateId, security.versionId, security.severity).catch(
    (error: unknown) =>
      logger.warn('The live security severity could not be recorded', { templateId, error }),
  );
};

/**
 * Processing's Publish, once a version went live without review: its worst finding (the audit
 * step ran before Publish) on the template. Best effort, as above.
 */
export const recordPublishedSeverity = async (
  templateId: string,
  versionId: string,
): Promise<void> => {
  try {
    const severity = await worstFindingSeverity(templateId, versionId);
    await recordLiveSecuritySeverity(templateId, versionId, severity);
  } catch (error) {
    logger.warn('The live security severity could not be recorded', { templateId, error });
  }
};
