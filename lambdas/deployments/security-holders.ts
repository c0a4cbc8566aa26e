/**
 * Reads for the security alerts (lambdas/security-alerts): which buyers have a deployment of which
 * version of a template. Kept apart from service.ts so the re-check task does not bundle the
 * GitHub and Netlify clients.
 */
import { isDeploymentFinished } from '../../contract/deployment-status';
import { getDeployment, listDeploymentsByTemplate, listDeploymentsByUser } from './repo';

export interface DeploymentHolding {
  userId: string;
  /** The version now in the buyer's repository (the first commit, or the last upgrade opened). */
  versionNumber: string;
  finished: boolean;
}

/** Every deployment of a template that has a version, finished or not. */
export const deploymentHoldingsOfTemplate = async (
  templateId: string,
): Promise<DeploymentHolding[]> =>
  (await listDeploymentsByTemplate(templateId)).flatMap((item) =>
    item.version_number === undefined
      ? []
      : [
          {
            userId: item.user_id,
            versionNumber: item.version_number,
            finished: isDeploymentFinished(item.status),
          },
        ],
  );

/** The templates a buyer deployed: id and title, each once. */
export const deployedTemplatesOf = async (
  userId: string,
): Promise<{ mvpId: string; title: string }[]> => {
  const seen = new Map<string, string>();
  for (const item of await listDeploymentsByUser(userId))
    if (!seen.has(item.mvp_id)) seen.set(item.mvp_id, item.mvp_title);
  return [...seen].map(([mvpId, title]) => ({ mvpId, title }));
};

/** One deployment's holding when it is finished (its buyer has the version), else null. */
export const finishedHoldingOf = async (
  deploymentId: string,
): Promise<(DeploymentHolding & { templateId: string }) | null> => {
  const item = await getDeployment(deploymentId);
  if (!item?.version_number || !isDeploymentFinished(item.status)) return null;
  return {
    userId: item.user_id,
    templateId: item.mvp_id,
    versionNumber: item.version_number,
    finished: true,
  };
};
