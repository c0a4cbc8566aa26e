/**
 * The deployments' part of a user's own data (lambdas/account): what the data export lists and
 * what an account's closure removes. Its own module, reading only the repository, so the account
 * function does not carry the deploy flow (workflows, OAuth, catalog and download rules).
 */
import type { ExportedDeployment } from '../../contract/account';
import { RETRY, retry } from '../shared/retry';
import {
  deleteTokensOfUser,
  getDeployment,
  hideStory,
  listConnections,
  listDeploymentsByUser,
} from './repo';
import { storyOf } from './view';

/** How many times hiding a story re-reads after a concurrent change of the deployment. */
const HIDE_ATTEMPTS = 3;

/** The user's deployments for their data export: what they deployed where; no token. */
export const listDeploymentsForExport = async (userId: string): Promise<ExportedDeployment[]> =>
  (await listDeploymentsByUser(userId)).map((item) => ({
    id: item.id,
    mvp_id: item.mvp_id,
    mvp_title: item.mvp_title,
    repo_name: item.repo_name,
    status: item.status,
    github_repo_url: item.github_repo_url ?? null,
    netlify_site_url: item.netlify_site_url ?? null,
    version: item.version_number ?? null,
    story: storyOf(item),
    created_at: item.created_at,
    updated_at: item.updated_at,
  }));

/** The user's connections (provider, account and when), never a token: their data export. */
export const listConnectionsForExport = (userId: string) => listConnections(userId);

/**
 * A closed account's deployments: the sealed GitHub and Netlify tokens are deleted and every site
 * shown in Success Stories is hidden. The deployments stay (the repositories and sites are the
 * buyer's own, outside the marketplace). Returns how many stories were hidden.
 */
export const forgetDeploymentAccess = async (userId: string): Promise<number> => {
  await deleteTokensOfUser(userId);
  let hidden = 0;
  for (const item of await listDeploymentsByUser(userId)) {
    const hid = await retry(
      async (attempt) => {
        // A concurrent change of the deployment: read it again.
        const current = attempt === 1 ? item : await getDeployment(item.id);
        if (!current?.story_shown_at) return false;
        // Hidden with its name and pitch removed: a closed account keeps no words of its own here.
        if (await hideStory(current, {}, new Date().toISOString())) return true;
        // A story that changed through every attempt stays as it is: the closure goes on with the
        // rest (running it again hides it).
        return attempt === HIDE_ATTEMPTS ? false : RETRY;
      },
      {
        attempts: HIDE_ATTEMPTS,
        baseDelayMs: 0,
        exhausted: `The story of deployment ${item.id} kept changing`,
      },
    );
    if (hid) hidden += 1;
  }
  return hidden;
};
