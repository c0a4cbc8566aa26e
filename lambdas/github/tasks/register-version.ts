/**
 * Task 2 of github-sync: the changelog from the commit messages since the last synced commit
 * (compare; the commit's own message on a first sync), then the new version (its bump read from
 * those commits, Conventional Commits style)
 * with `last_synced_github_commit_sha` in the same transaction (templates/github-sync.ts), which
 * starts the processing pipeline. A commit synced meanwhile writes nothing and removes the stored
 * archive.
 */
import * as z from 'zod';
import { githubErrorStatus, githubInstallation } from '../../shared/adapters/github';
import { config } from '../../shared/config';
import { logger } from '../../shared/observability';
import { deleteObjectsQuietly } from '../../shared/storage/s3';
import { bumpFromCommits, largerBump, registerSyncedVersion } from '../../templates/github-sync';
import { getTemplate } from '../../templates/sync-lookup';
import { registerInputSchema } from '../sync-schema';
import { taskHandler } from '../../shared/task-handler';

type RegisterInput = z.infer<typeof registerInputSchema>;

/** At most this many commit subjects in a changelog; the rest are counted. */
const MAX_CHANGELOG_COMMITS = 20;
const MAX_CHANGELOG_LENGTH = 2000;

const subjectOf = (message: string) => message.split('\n')[0]!.trim();

export const changelogOf = (messages: readonly string[]): string | null => {
  const subjects = messages.map(subjectOf).filter(Boolean);
  if (subjects.length === 0) return null;
  const shown = subjects.slice(-MAX_CHANGELOG_COMMITS).reverse();
  const more = subjects.length - shown.length;
  const text = [
    ...shown.map((subject) => `- ${subject}`),
    ...(more > 0 ? [`- …and ${more} more`] : []),
  ].join('\n');
  return text.length > MAX_CHANGELOG_LENGTH ? `${text.slice(0, MAX_CHANGELOG_LENGTH - 1)}…` : text;
};

const commitMessages = async (
  input: RegisterInput,
  since: string | undefined,
): Promise<string[]> => {
  const octokit = await githubInstallation(input.installationId, 'task');
  try {
    if (since) {
      const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
        owner: input.owner,
        repo: input.name,
        basehead: `${since}...${input.sha}`,
      });
      return data.commits.map((commit) => commit.commit.message);
    }
  } catch (error) {
    // A force push can make the old commit unknown: fall back to the commit's own message.
    logger.warn('Compare failed; using the commit message', { status: githubErrorStatus(error) });
  }
  const { data } = await octokit.rest.repos.listCommits({
    owner: input.owner,
    repo: input.name,
    sha: input.sha,
    per_page: 1,
  });
  return data.map((commit) => commit.commit.message);
};

export const registerVersion = async (input: RegisterInput): Promise<{ registered: boolean }> => {
  const template = await getTemplate(input.mvpId);
  const messages = await commitMessages(input, template?.last_synced_github_commit_sha);
  const registered = await registerSyncedVersion({
    mvpId: input.mvpId,
    versionId: input.archive.versionId,
    sha: input.sha,
    fileKey: input.archive.fileKey,
    fileSize: input.archive.fileSize,
    fileName: input.archive.fileName,
    changelog: changelogOf(messages),
    // The commits decide (a breaking change a major, a feature a minor); the input is the least.
    bump: largerBump(input.bump, bumpFromCommits(messages)),
  });
  if (!registered) {
    await deleteObjectsQuietly(config().MVP_FILES_BUCKET, [input.archive.fileKey]);
  }
  logger.info('GitHub sync registered', { mvpId: input.mvpId, registered });
  return { registered };
};

const thisTask = async (event: unknown) => registerVersion(registerInputSchema.parse(event));

export const handler = taskHandler('github/register-version', thisTask);
