/**
 * buyer-deploy, phase `repository` (`initializing → repo_created`): a private repository in the
 * buyer's account (`auto_init`, since GitHub's Git Database API refuses an empty one), then the
 * template's files as one commit on its default branch (git-writer.ts). The repository is recorded
 * (its id too) as soon as it exists, so a retry or a Continue reuses it instead of failing on its
 * name; a name GitHub says is taken is this deployment's own repository when the run that created
 * it stopped before recording it (adopted), or an unrelated one (the buyer chooses another name).
 */
import { getHeldTemplateItem } from '../../catalog/service';
import { githubErrorStatus } from '../../shared/adapters/github';
import { DEPLOY_CONTINUE_MESSAGES, DEPLOY_MESSAGES } from '../../../contract/deployments';
import type { Octokit } from '../../shared/adapters/github';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { logger } from '../../shared/observability';
import { BundleReadError } from '../bundle-read-error';
import { branchHead, commitFiles } from '../git-writer';
import {
  getDeployment,
  recordDeploymentFields,
  transitionDeployment,
  type DeploymentItem,
} from '../repo';
import { githubOfBuyer } from './github-client';
import { clearWriteProgress, writeProgressOf } from './write-progress';
import {
  fail,
  now,
  throwIfRateLimited,
  transientOr,
  type StepInput,
  type StepResult,
} from './common';

/**
 * The bundle's files. The archive readers (yauzl, tar-stream) load with the first bundle read, not
 * at start: the start stays small, and the call that reads a bundle pays for them once
 * (docs/architecture.md, "Cold starts").
 */
const readBundleFiles = async (fileKey: string) =>
  (await import('../bundle-files')).readBundleFiles(fileKey);

/** The name is taken by a repository this deployment did not make. */
class RepositoryNameTakenError extends Error {
  constructor(readonly repo: string) {
    super(DEPLOY_CONTINUE_MESSAGES.nameTaken(repo));
    this.name = 'RepositoryNameTakenError';
  }
}

/** The description of the repositories we create; how one of ours is recognised. */
const descriptionOf = (item: DeploymentItem) =>
  `${item.mvp_title}, deployed from the MVP marketplace`;

type CreatedRepository = { id: number; owner: string; url: string; branch: string };

/**
 * The deployment's repository: created, or, when GitHub says the name exists, the one this
 * deployment created in a run that stopped before recording it: ours by its description and
 * created since this deployment started. Anything else is somebody else's repository.
 */
const createOrAdoptRepository = async (
  octokit: Octokit,
  item: DeploymentItem,
): Promise<CreatedRepository> => {
  try {
    const { data: repo } = await octokit.rest.repos.createForAuthenticatedUser({
      name: item.repo_name,
      private: true,
      auto_init: true,
      description: descriptionOf(item),
    });
    return {
      id: repo.id,
      owner: repo.owner.login,
      url: repo.html_url,
      branch: repo.default_branch || 'main',
    };
  } catch (error) {
    if (githubErrorStatus(error) !== 422 || !item.github_owner) throw error;
    const { data: existing } = await octokit.rest.repos.get({
      owner: item.github_owner,
      repo: item.repo_name,
    });
    const ours =
      existing.id === item.github_repo_id ||
      (existing.description === descriptionOf(item) &&
        existing.created_at !== null &&
        existing.created_at !== undefined &&
        Date.parse(existing.created_at) >= Date.parse(item.created_at) - 60_000);
    if (!ours) throw new RepositoryNameTakenError(item.repo_name);
    logger.info('Repository adopted', { deploymentId: item.id });
    return {
      id: existing.id,
      owner: existing.owner.login,
      url: existing.html_url,
      branch: existing.default_branch || 'main',
    };
  }
};

const repositoryFailure = (error: unknown): string | null => {
  if (error instanceof RepositoryNameTakenError) return error.message;
  if (error instanceof BundleReadError) return `${DEPLOY_MESSAGES.repoFailed}: ${error.message}`;
  if (error instanceof ConflictError) return error.message;
  if (error instanceof NotFoundError) return `${DEPLOY_MESSAGES.repoFailed}: ${error.message}`;
  const status = githubErrorStatus(error);
  if (status === 401) return DEPLOY_MESSAGES.githubTokenRevoked;
  if (status === 403 || status === 404) {
    return `${DEPLOY_MESSAGES.repoFailed}: GitHub refused access to the repository.`;
  }
  if (status === 422) return `${DEPLOY_MESSAGES.repoFailed}: GitHub refused the template's files.`;
  return null;
};

export const createRepository = async ({ deploymentId }: StepInput): Promise<StepResult> => {
  const item = await getDeployment(deploymentId);
  if (!item || item.status !== 'initializing') return { ok: item?.status === 'repo_created' };
  try {
    const octokit = await githubOfBuyer(item.user_id);
    let owner = item.github_owner;
    let branch = item.default_branch;
    if (!item.github_repo_url || !owner || !branch) {
      const repo = await createOrAdoptRepository(octokit, item);
      owner = repo.owner;
      branch = repo.branch;
      // Recorded at once: a retry after this point reuses the repository instead of failing on its name.
      await recordDeploymentFields(
        item.id,
        {
          github_owner: owner,
          github_repo_url: repo.url,
          github_repo_id: repo.id,
          default_branch: branch,
        },
        now(),
      );
    }
    // Listed or archived: Deploy spent through the access rule (lambdas/downloads/access.ts), so a
    // holder of an archived template, or of a closed seller's, gets its files like Download again.
    const template = await getHeldTemplateItem(item.mvp_id);
    if (!template.file_key) throw new BundleReadError('The template file is missing.');
    const files = await readBundleFiles(template.file_key);
    const parentSha = await branchHead(octokit, { owner, repo: item.repo_name, branch });
    const commitSha = await commitFiles(octokit, {
      owner,
      repo: item.repo_name,
      parentSha,
      files,
      message: `${template.title} ${template.version_number} from the MVP marketplace`,
      progress: writeProgressOf(item, {
        step: 'repository',
        version: template.version_number,
        parent_sha: parentSha,
      }),
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
      { status: 'repo_created', head_sha: commitSha, version_number: template.version_number },
      now(),
    );
    await clearWriteProgress(item);
    logger.info('Repository created', { deploymentId: item.id, files: files.length });
    return { ok: moved };
  } catch (error) {
    throwIfRateLimited(error);
    const message = repositoryFailure(error);
    if (message) return fail(item, ['initializing'], message);
    return transientOr(error, githubErrorStatus(error));
  }
};
