/**
 * buyer-deploy, phase `repository` (`initializing → repo_created`): a private repository in the
 * buyer's account (`auto_init`, since GitHub's Git Database API refuses an empty one), then the
 * template's files as one commit on its default branch (git-writer.ts). The repository is recorded
 * as soon as it exists, so a retry reuses it instead of failing on its name.
 */
import { getApprovedTemplateItem } from '../../catalog/service';
import { githubErrorStatus } from '../../shared/adapters/github';
import { DEPLOY_MESSAGES } from '../../../contract/deployments';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { logger } from '../../shared/observability';
import { BundleReadError } from '../bundle-read-error';
import { branchHead, commitFiles } from '../git-writer';
import { getDeployment, recordDeploymentFields, transitionDeployment } from '../repo';
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
    const octokit = await githubOfBuyer(item.user_id);
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
    const template = await getApprovedTemplateItem(item.mvp_id);
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
