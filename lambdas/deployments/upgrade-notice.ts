/**
 * Telling buyers of a template's new version: called where a version becomes
 * approved (the processing pipeline's Publish, an admin's approval). Kept apart from service.ts so
 * those functions do not bundle the GitHub and Netlify clients.
 */
import { notifyUser } from '../notifications/service';
import { isDeploymentFinished } from '../../contract/deployments';
import { listDeploymentsByTemplate } from './repo';
import { compareVersions } from './versions';

/**
 * A template's new version was approved: each buyer with a finished deployment of an older version
 * is told once (the notification links to their dashboard, where "Open upgrade pull request" is).
 * `except`: buyers told of this version otherwise (its security notice names the upgrade).
 */
export const notifyUpgradeAvailable = async (
  template: { id: string; title: string; version_number: string },
  except: ReadonlySet<string> = new Set(),
): Promise<number> => {
  const owners = new Set<string>();
  for (const item of await listDeploymentsByTemplate(template.id)) {
    if (
      !except.has(item.user_id) &&
      isDeploymentFinished(item.status) &&
      item.version_number !== undefined &&
      compareVersions(template.version_number, item.version_number) > 0
    ) {
      owners.add(item.user_id);
    }
  }
  for (const userId of owners) {
    await notifyUser({
      userId,
      type: 'upgrade_available',
      message: `${template.title} ${template.version_number} is out. Open an upgrade pull request from your dashboard.`,
      link: '/dashboard',
    });
  }
  return owners.size;
};
