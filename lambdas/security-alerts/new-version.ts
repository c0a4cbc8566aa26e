/**
 * Telling the people who hold a template of its new live version (processing's Publish, an admin's
 * approval): first the security fixes it brings (fixes.ts), then the plain "is out" notice to the
 * deployers that notice did not reach, so that nobody gets two notifications for one version, one
 * naming "Open security upgrade pull request" and the other "Open upgrade pull request"; last, the
 * holders of the live version number (one uploaded again, say) who were never told of its known
 * advisories (known-findings.ts). Best
 * effort: the version is live either way, and a failure is logged (the daily re-check catches up).
 */
import { notifyUpgradeAvailable } from '../deployments/upgrade-notice';
import { logger } from '../shared/observability';
import { notifySecurityFixes, type LiveVersion } from './fixes';
import { tellTemplateHoldersOfKnownFindings } from './known-findings';

export const tellHoldersOfNewVersion = async (live: LiveVersion): Promise<void> => {
  let securityTold: ReadonlySet<string> = new Set();
  try {
    const fixes = await notifySecurityFixes(live);
    securityTold = fixes.deployers;
    if (fixes.written > 0)
      logger.info('Buyers told of security fixes', { mvpId: live.id, told: fixes.written });
  } catch (error) {
    logger.warn('Buyers could not be told of security fixes', { mvpId: live.id, error });
  }
  try {
    const told = await notifyUpgradeAvailable(live, securityTold);
    if (told > 0) logger.info('Deployers told of the new version', { mvpId: live.id, told });
  } catch (error) {
    logger.warn('Deployers could not be told of the new version', { mvpId: live.id, error });
  }
  try {
    const told = await tellTemplateHoldersOfKnownFindings(live, {
      version: live.version_number,
    });
    if (told > 0) logger.info('Holders told of known advisories', { mvpId: live.id, told });
  } catch (error) {
    logger.warn('Holders could not be told of known advisories', { mvpId: live.id, error });
  }
};
