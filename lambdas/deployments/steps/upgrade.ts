/**
 * buyer-deploy, phase `upgrade`: the template's latest approved version as a
 * branch `marketplace/upgrade-<version>` on top of the buyer's default branch: one commit that
 * writes the new version's files over the buyer's tree and removes the files the template dropped
 * since the deployed version (files the buyer added stay), and a pull request with the changelogs between the deployed version and it. Safe to run again:
 * a branch left by an interrupted attempt is moved to the new commit, and an open pull request
 * from it is reused. Records `upgrade_status` `opened` (or `failed` with the reason).
 */
import { getApprovedTemplateItem, versionHistoryOf } from '../../catalog/service';
import { githubErrorStatus } from '../../shared/adapters/github';
import { DEPLOY_MESSAGES } from '../../../contract/deployments';
import { logger } from '../../shared/observability';
import { BundleReadError } from '../bundle-read-error';
import { branchHead, commitFiles } from '../git-writer';
import { getDeployment, recordDeploymentFields } from '../repo';
import { compareVersions } from '../versions';
import { SEVERITY_LABELS, type SecurityFinding } from '../../../contract/security';
import { findingsFixedBetween } from '../../security/stored-reports';
import { now, throwIfRateLimited, transientOr, type StepInput, type StepResult } from './common';
import { githubOfBuyer } from './github-client';
import { clearWriteProgress, writeProgressOf } from './write-progress';

/**
 * The bundle's files. The archive readers (yauzl, tar-stream) load with the first bundle read, not
 * at start: the start stays small, and the call that reads a bundle pays for them once
 * (docs/architecture.md, "Cold starts").
 */
const readBundleFiles = async (fileKey: string) =>
  (await import('../bundle-files')).readBundleFiles(fileKey);

const upgradeBranchOf = (version: string) => `marketplace/upgrade-${version}`;

/**
 * The advisories the upgrade fixes (known vulnerabilities of the deployed version's dependencies
 * that the new version no longer has), as a section of the body; none when nothing is fixed.
 */
const securityFixesSection = (fixes: readonly SecurityFinding[]): string[] =>
  fixes.length === 0
    ? []
    : [
        '## Security fixes',
        '',
        'This upgrade fixes these known vulnerabilities of the version you deployed:',
        '',
        ...fixes.map(
          (finding) =>
            `- [${finding.advisory_id}](${finding.url}) (${SEVERITY_LABELS[finding.severity]}): ${finding.package} ${finding.version}${finding.fixed_version ? ` → ${finding.fixed_version}` : ''}. ${finding.summary}`,
        ),
        '',
      ];

/** The pull request's body: what changed, version by version (newest first). */
export const upgradeBody = async (templateId: string, from: string, to: string, title: string) => {
  const versions = (await versionHistoryOf(templateId)).filter(
    (version) =>
      compareVersions(version.version_number, from) > 0 &&
      compareVersions(version.version_number, to) <= 0,
  );
  const sections = versions.map(
    (version) =>
      `### ${version.version_number}\n\n${version.changelog?.trim() || '_No changelog given._'}`,
  );
  const fixes = await findingsFixedBetween(templateId, from, to);
  return [
    `This pull request upgrades **${title}** from ${from} to ${to}, as published on the marketplace.`,
    '',
    "It writes the new version's files over yours and removes the files the template dropped; files you added are left as they are. Review the changes against your own edits before merging.",
    '',
    ...securityFixesSection(fixes),
    '## Changelog',
    '',
    ...(sections.length > 0 ? sections : ['_No changelog given._']),
  ].join('\n');
};

/**
 * The files of the deployed version that the new one no longer has: the upgrade removes them.
 * Unknown when the deployed version's bundle is gone (then nothing is removed).
 */
const droppedSince = async (
  templateId: string,
  deployedVersion: string,
  files: readonly { path: string }[],
): Promise<string[]> => {
  const deployed = (await versionHistoryOf(templateId)).find(
    (version) => version.version_number === deployedVersion,
  );
  if (!deployed) return [];
  const kept = new Set(files.map((file) => file.path));
  try {
    return (await readBundleFiles(deployed.file_key))
      .map((file) => file.path)
      .filter((path) => !kept.has(path));
  } catch (error) {
    if (error instanceof BundleReadError) return [];
    throw error;
  }
};

const failUpgrade = async (id: string, message: string): Promise<StepResult> => {
  await recordDeploymentFields(id, { upgrade_status: 'failed', upgrade_error: message }, now());
  logger.warn('Upgrade pull request failed', { deploymentId: id, reason: message });
  return { ok: false };
};

type Octokit = Awaited<ReturnType<typeof githubOfBuyer>>;
type RepoRef = { owner: string; repo: string };

/** The upgrade branch at `sha`: created, or moved there when an earlier attempt made it. */
const pointBranch = async (octokit: Octokit, repo: RepoRef, branch: string, sha: string) => {
  try {
    await octokit.rest.git.createRef({ ...repo, ref: `refs/heads/${branch}`, sha });
  } catch (error) {
    if (githubErrorStatus(error) !== 422) throw error;
    await octokit.rest.git.updateRef({ ...repo, ref: `heads/${branch}`, sha, force: true });
  }
};

/** The pull request of the upgrade branch: opened, or the one an earlier attempt left open. */
const openOrFindPull = async (
  octokit: Octokit,
  repo: RepoRef,
  request: { head: string; base: string; title: string; body: string },
): Promise<{ html_url: string; number: number }> => {
  try {
    return (await octokit.rest.pulls.create({ ...repo, ...request })).data;
  } catch (error) {
    if (githubErrorStatus(error) !== 422) throw error;
    const { data: open } = await octokit.rest.pulls.list({
      ...repo,
      head: `${repo.owner}:${request.head}`,
      state: 'open',
    });
    if (!open[0]) throw error;
    return open[0];
  }
};

export const openUpgrade = async ({ deploymentId }: StepInput): Promise<StepResult> => {
  const item = await getDeployment(deploymentId);
  if (!item || item.upgrade_status !== 'opening' || !item.github_owner || !item.version_number) {
    return { ok: false };
  }
  const template = await getApprovedTemplateItem(item.mvp_id);
  if (!template.file_key) return failUpgrade(item.id, DEPLOY_MESSAGES.bundleUnreadable);
  const octokit = await githubOfBuyer(item.user_id);
  const repo = { owner: item.github_owner, repo: item.repo_name };
  const base = item.default_branch ?? 'main';
  const branch = upgradeBranchOf(template.version_number);
  try {
    const files = await readBundleFiles(template.file_key);
    const dropped = await droppedSince(item.mvp_id, item.version_number, files);
    const parentSha = await branchHead(octokit, { ...repo, branch: base });
    const commitSha = await commitFiles(octokit, {
      ...repo,
      parentSha,
      files,
      onParentTree: { remove: dropped },
      message: `Upgrade ${template.title} to ${template.version_number}`,
      progress: writeProgressOf(item, {
        step: 'upgrade',
        version: template.version_number,
        parent_sha: parentSha,
      }),
    });
    await pointBranch(octokit, repo, branch, commitSha);
    await clearWriteProgress(item);
    const pull = await openOrFindPull(octokit, repo, {
      head: branch,
      base,
      title: `Upgrade ${template.title} to ${template.version_number}`,
      body: await upgradeBody(
        item.mvp_id,
        item.version_number,
        template.version_number,
        template.title,
      ),
    });
    await recordDeploymentFields(
      item.id,
      {
        upgrade_status: 'opened',
        upgrade_requested_version: template.version_number,
        upgrade_version: template.version_number,
        upgrade_pr_url: pull.html_url,
        upgrade_pr_number: pull.number,
      },
      now(),
    );
    logger.info('Upgrade pull request opened', { deploymentId: item.id, number: pull.number });
    return { ok: true };
  } catch (error) {
    throwIfRateLimited(error);
    if (error instanceof BundleReadError) return failUpgrade(item.id, error.message);
    const status = githubErrorStatus(error);
    if (status === 401) return failUpgrade(item.id, DEPLOY_MESSAGES.githubTokenRevoked);
    if (status === 403 || status === 404) {
      return failUpgrade(
        item.id,
        'The repository is no longer there, or GitHub no longer lets us write to it.',
      );
    }
    return transientOr(error, status);
  }
};
