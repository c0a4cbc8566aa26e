/**
 * The steps of the buyer-deploy state machine (`state-machines/buyer-deploy.asl.json`), each a
 * task function (tasks/*.ts) and each safe to run again (Step Functions retries, a redelivered
 * start): a step reads the deployment first and does only what is not done yet.
 *
 * - createRepository (phase `repository`, `initializing → repo_created`): a private repository in
 *   the buyer's account (`auto_init`, since GitHub's Git Database API refuses an empty one), then
 *   the template's files as one commit on its default branch (git-writer.ts).
 * - createSite (phase `site`, in `processing`): Netlify's documented path for a private
 *   repository: a Netlify deploy key, added read-only to the repository, and a site linked to the
 *   repository with it; Netlify then builds (locally: publishes `netlify.toml`'s publish folder).
 * - checkSite: the site's latest deploy; `ready` → `completed` (counted once, Y6); `error` →
 *   `failed` with Netlify's reason; still building after MAX_POLLS → `failed`.
 * - markFailed: the state machine's catch-all, so no deployment is left pending.
 *
 * A failure the buyer can act on ends the step with `{ ok: false }` after marking the deployment
 * `failed` with a message; GitHub's and Netlify's 5xx, 429 and network errors are TransientError
 * (retried by the ASL), anything else reaches markFailed.
 */
import { getApprovedMvpItem } from '../catalog/service';
import { githubErrorStatus } from '../shared/adapters/github';
import { netlifyErrorStatus } from '../shared/adapters/netlify';
import { DEPLOY_MESSAGES } from '../shared/contracts/deployments';
import { ConflictError, NotFoundError } from '../shared/errors';
import { logger } from '../shared/observability';
import { TransientError } from '../processing/errors';
import { BundleReadError, readBundleFiles } from './bundle-files';
import { githubOfUser, netlifyOfUser } from './connections';
import { branchHead, commitFiles } from './git-writer';
import {
  completeDeployment,
  getDeployment,
  recordDeploymentFields,
  transitionDeployment,
  type DeploymentItem,
} from './repo';

export interface StepInput {
  deploymentId: string;
}

export interface StepResult {
  /** False: the deployment was marked failed (or is no longer this step's). */
  ok: boolean;
}

export interface CheckResult extends StepResult {
  /** True once the site is published (`completed`). */
  done: boolean;
}

/** Polls of one site build before it is given up: 10 minutes at the default 10 s. */
export const MAX_POLLS = 60;

const now = () => new Date().toISOString();

const fail = async (item: DeploymentItem, from: string[], message: string): Promise<StepResult> => {
  await transitionDeployment(item.id, from, { status: 'failed', error_message: message }, now());
  logger.warn('Deployment failed', { deploymentId: item.id, reason: message });
  return { ok: false };
};

/** Retries what GitHub or Netlify may answer better in a moment; rethrows the rest. */
const transientOr = (error: unknown, status: number | undefined): never => {
  if (status === undefined || status >= 500 || status === 429) {
    throw new TransientError('The provider did not answer; retrying.', { cause: error });
  }
  throw error;
};

const repositoryFailure = (error: unknown): string | null => {
  if (error instanceof BundleReadError) return `${DEPLOY_MESSAGES.repoFailed}: ${error.message}`;
  if (error instanceof ConflictError) return error.message;
  if (error instanceof NotFoundError) return `${DEPLOY_MESSAGES.repoFailed}: ${error.message}`;
  const status = githubErrorStatus(error);
  if (status === 401) return DEPLOY_MESSAGES.githubTokenRevoked;
  if (status === 403 || status === 404) {
    return `${DEPLOY_MESSAGES.repoFailed}: GitHub refused access to the repository.`;
  }
  if (status === 422) return `${DEPLOY_MESSAGES.repoFailed}: ${DEPLOY_MESSAGES.repoNameTaken}`;
  return null;
};

export const createRepository = async ({ deploymentId }: StepInput): Promise<StepResult> => {
  const item = await getDeployment(deploymentId);
  if (!item || item.status !== 'initializing') return { ok: item?.status === 'repo_created' };
  try {
    const octokit = await githubOfUser(item.user_id);
    let owner = item.github_owner;
    let branch = item.default_branch;
    if (!item.github_repo_url || !owner || !branch) {
      const { data: repo } = await octokit.rest.repos.createForAuthenticatedUser({
        name: item.repo_name,
        private: true,
        auto_init: true,
        description: `${item.mvp_title}, deployed from the MVP marketplace`,
      });
      owner = repo.owner.login;
      branch = repo.default_branch || 'main';
      // Recorded at once: a retry after this point reuses the repository instead of failing on its name.
      await recordDeploymentFields(
        item.id,
        { github_owner: owner, github_repo_url: repo.html_url, default_branch: branch },
        now(),
      );
    }
    const mvp = await getApprovedMvpItem(item.mvp_id);
    if (!mvp.file_key) throw new BundleReadError('The template file is missing.');
    const files = await readBundleFiles(mvp.file_key);
    const parentSha = await branchHead(octokit, { owner, repo: item.repo_name, branch });
    const commitSha = await commitFiles(octokit, {
      owner,
      repo: item.repo_name,
      parentSha,
      files,
      message: `${mvp.title} ${mvp.version_number} from the MVP marketplace`,
    });
    await octokit.rest.git.updateRef({
      owner,
      repo: item.repo_name,
      ref: `heads/${branch}`,
      sha: commitSha,
    });
    const moved = await transitionDeployment(
      item.id,
      ['initializing'],
      { status: 'repo_created', head_sha: commitSha, version_number: mvp.version_number },
      now(),
    );
    logger.info('Repository created', { deploymentId: item.id, files: files.length });
    return { ok: moved };
  } catch (error) {
    const message = repositoryFailure(error);
    if (message) return fail(item, ['initializing'], message);
    return transientOr(error, githubErrorStatus(error));
  }
};

const siteFailure = (error: unknown): string | null => {
  if (error instanceof ConflictError) return error.message;
  const github = githubErrorStatus(error);
  if (github === 401) return DEPLOY_MESSAGES.githubTokenRevoked;
  if (github === 404 || github === 403) {
    return `${DEPLOY_MESSAGES.siteFailed}: GitHub refused the deploy key for the repository.`;
  }
  const netlify = netlifyErrorStatus(error);
  if (netlify === 401) return DEPLOY_MESSAGES.netlifyTokenRevoked;
  if (netlify === 422) return `${DEPLOY_MESSAGES.siteFailed}: Netlify refused the site settings.`;
  return null;
};

/** A site name from the repository's, with a random suffix (Netlify's names are global). */
const siteNameFor = (repoName: string) =>
  `${
    repoName
      .replace(/[^a-z0-9-]/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'site'
  }-${Math.random().toString(36).slice(2, 8)}`;

interface NetlifySite {
  id: string;
  name: string;
  url?: string;
  ssl_url?: string;
}

export const createSite = async ({ deploymentId }: StepInput): Promise<StepResult> => {
  const item = await getDeployment(deploymentId);
  if (!item || item.status !== 'processing') return { ok: false };
  if (item.netlify_site_id) return { ok: true };
  try {
    const netlify = await netlifyOfUser(item.user_id);
    if (!netlify) return fail(item, ['processing'], DEPLOY_MESSAGES.netlifyFailed);
    const octokit = await githubOfUser(item.user_id);
    const owner = item.github_owner!;
    const { data: repo } = await octokit.rest.repos.get({ owner, repo: item.repo_name });
    const key = (await netlify.createDeployKey()) as { id: string; public_key: string };
    await octokit.rest.repos.createDeployKey({
      owner,
      repo: item.repo_name,
      title: 'Netlify (MVP marketplace deploy)',
      key: key.public_key,
      read_only: true,
    });
    const repoSettings = {
      provider: 'github',
      id: repo.id,
      repo_path: repo.full_name,
      repo_url: repo.clone_url,
      repo_branch: repo.default_branch,
      private: true,
      deploy_key_id: key.id,
    };
    let site: NetlifySite;
    try {
      site = (await netlify.createSite({
        body: { name: siteNameFor(item.repo_name), repo: repoSettings },
      } as never)) as NetlifySite;
    } catch (error) {
      // A taken name: let Netlify choose one.
      if (netlifyErrorStatus(error) !== 422) throw error;
      site = (await netlify.createSite({ body: { repo: repoSettings } } as never)) as NetlifySite;
    }
    await recordDeploymentFields(
      item.id,
      {
        netlify_site_id: site.id,
        netlify_site_name: site.name,
        netlify_site_url: site.ssl_url || site.url || '',
        polls: 0,
      },
      now(),
    );
    logger.info('Netlify site created', { deploymentId: item.id, site: site.name });
    return { ok: true };
  } catch (error) {
    const message = siteFailure(error);
    if (message) return fail(item, ['processing'], message);
    return transientOr(error, githubErrorStatus(error) ?? netlifyErrorStatus(error));
  }
};

interface NetlifyDeploy {
  id: string;
  state: string;
  error_message?: string | null;
}

export const checkSite = async ({ deploymentId }: StepInput): Promise<CheckResult> => {
  const item = await getDeployment(deploymentId);
  if (!item || item.status !== 'processing' || !item.netlify_site_id) {
    return { ok: false, done: item?.status === 'completed' };
  }
  const netlify = await netlifyOfUser(item.user_id);
  if (!netlify)
    return { ...(await fail(item, ['processing'], DEPLOY_MESSAGES.netlifyFailed)), done: false };
  let deploys: NetlifyDeploy[];
  try {
    deploys = (await netlify.listSiteDeploys({
      site_id: item.netlify_site_id,
      per_page: 1,
    } as never)) as NetlifyDeploy[];
  } catch (error) {
    const status = netlifyErrorStatus(error);
    if (status === 401) {
      return {
        ...(await fail(item, ['processing'], DEPLOY_MESSAGES.netlifyTokenRevoked)),
        done: false,
      };
    }
    if (status === 404) {
      return {
        ...(await fail(
          item,
          ['processing'],
          `${DEPLOY_MESSAGES.siteFailed}: the site was deleted.`,
        )),
        done: false,
      };
    }
    return transientOr(error, status);
  }
  const latest = deploys[0];
  if (latest?.state === 'ready') {
    const completed = await completeDeployment(
      item.id,
      'processing',
      { netlify_deploy_id: latest.id },
      now(),
    );
    logger.info('Deployment completed', { deploymentId: item.id });
    return { ok: completed, done: completed };
  }
  if (latest?.state === 'error') {
    const reason = latest.error_message?.trim();
    return {
      ...(await fail(
        item,
        ['processing'],
        reason ? `${DEPLOY_MESSAGES.siteFailed}: ${reason}` : DEPLOY_MESSAGES.siteFailed,
      )),
      done: false,
    };
  }
  const polls = (item.polls ?? 0) + 1;
  if (polls >= MAX_POLLS) {
    return { ...(await fail(item, ['processing'], DEPLOY_MESSAGES.siteTimedOut)), done: false };
  }
  await recordDeploymentFields(
    item.id,
    { polls, ...(latest && { netlify_deploy_id: latest.id }) },
    now(),
  );
  return { ok: true, done: false };
};

/** The catch-all of the state machine: what is still pending is marked failed with the step's message. */
export const markFailed = async (input: StepInput & { phase: string }): Promise<StepResult> => {
  const item = await getDeployment(input.deploymentId);
  if (!item) return { ok: false };
  const message =
    input.phase === 'repository' ? DEPLOY_MESSAGES.repoFailed : DEPLOY_MESSAGES.siteFailed;
  return fail(
    item,
    ['initializing', 'repo_created', 'processing'],
    `${message}. Please try again.`,
  );
};
