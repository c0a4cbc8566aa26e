/**
 * Starting the github-sync state machine (state-machines/github-sync.asl.json): the owner's Sync
 * button and GitHub's push webhook. The signature of each push is checked against the linked
 * template's own webhook secret (sealed in the token vault) before anything else is read or written.
 */
import { businessMetrics } from '../../contract/design/metrics';
import { countFact } from '../shared/business-metrics';
import { ulid } from 'ulid';
import { githubAppInstallationOf } from '../profiles/service';
import {
  githubErrorStatus,
  githubInstallation,
  verifyGithubSignature,
} from '../shared/adapters/github';
import { tokenVault } from '../shared/adapters/token-vault';
import { startWorkflow } from '../shared/adapters/workflow';
import { GITHUB_MESSAGES, type GithubSyncResult } from '../../contract/github';
import type { UserProfile } from '../../contract/profile';
import { DependencyFailedError, NotFoundError } from '../shared/errors';
import { throwIfThirdPartyUnavailable } from '../shared/adapters/unavailable';
import { logger } from '../shared/observability';
import { getRepoLink, loadOwnedTemplate } from '../templates/github-sync';
import { getTemplate } from '../templates/sync-lookup';
import { claimDelivery, releaseDelivery } from './repo';
import { installationOf, vaultContext } from './service';

/** Starts one github-sync execution for a commit of a linked template. */
const startSync = (input: {
  mvpId: string;
  sha: string;
  installationId: number;
  owner: string;
  name: string;
  executionName: string;
}) =>
  startWorkflow(
    'github-sync',
    {
      mvpId: input.mvpId,
      sha: input.sha,
      installationId: input.installationId,
      owner: input.owner,
      name: input.name,
      bump: 'patch',
    },
    input.executionName,
  );

/**
 * `POST /api/my/mvps/{id}/github/sync`: the head of the default branch, as a push would. Nothing
 * starts when that commit is already synced.
 */
export const syncTemplate = async (
  profile: UserProfile,
  templateId: string,
): Promise<GithubSyncResult> => {
  const template = await loadOwnedTemplate(profile, templateId);
  const { github_repo_owner: owner, github_repo_name: name } = template;
  if (!owner || !name) throw new NotFoundError(GITHUB_MESSAGES.notLinked);
  const installationId = await installationOf(profile);
  let sha: string;
  try {
    const octokit = await githubInstallation(installationId);
    const { data: repository } = await octokit.rest.repos.get({ owner, repo: name });
    const { data: ref } = await octokit.rest.git.getRef({
      owner,
      repo: name,
      ref: `heads/${repository.default_branch}`,
    });
    sha = ref.object.sha;
  } catch (error) {
    throwIfThirdPartyUnavailable(error);
    logger.error('GitHub head lookup failed', { status: githubErrorStatus(error) });
    throw new DependencyFailedError(GITHUB_MESSAGES.syncFailed);
  }
  if (sha === template.last_synced_github_commit_sha) {
    return { message: GITHUB_MESSAGES.alreadySynced, started: false };
  }
  await startSync({
    mvpId: template.id,
    sha,
    installationId,
    owner,
    name,
    executionName: `sync-${template.id}-${ulid()}`,
  });
  return { message: GITHUB_MESSAGES.syncStarted, started: true };
};

/** What the webhook route answers: a status and a small body, never anything secret. */
export interface WebhookOutcome {
  status: 200 | 202 | 204 | 401 | 400;
  body?: { message: string };
}

interface PushPayload {
  ref?: unknown;
  after?: unknown;
  deleted?: unknown;
  repository?: {
    name?: unknown;
    owner?: { login?: unknown; name?: unknown };
    default_branch?: unknown;
  };
}

/** A push refused as unverifiable (malformed, unknown repository, bad signature): counted. */
const unauthorized = (): WebhookOutcome => {
  countFact(businessMetrics.webhookEventsRejected);
  return { status: 401, body: { message: 'Invalid signature.' } };
};

/**
 * `POST /api/webhooks/github`. `ping` → 204. `push`: the linked template by repository, the
 * signature checked in constant time against that template's secret before anything else is
 * used or written (bad → 401), the delivery claimed once (`X-GitHub-Delivery`), only the default
 * branch, then the sync. Other events are acknowledged and ignored.
 */
export const receiveGithubWebhook = async (input: {
  rawBody: string;
  event: string | undefined;
  deliveryId: string | undefined;
  signature: string | undefined;
}): Promise<WebhookOutcome> => {
  if (input.event === 'ping') return { status: 204 };
  if (input.event !== 'push') return { status: 204 };
  let payload: PushPayload;
  try {
    payload = JSON.parse(input.rawBody) as PushPayload;
  } catch {
    return unauthorized();
  }
  const repository = payload.repository;
  const owner = repository?.owner?.login ?? repository?.owner?.name;
  const name = repository?.name;
  if (typeof owner !== 'string' || typeof name !== 'string') return unauthorized();
  const link = await getRepoLink(owner, name);
  const template = link && (await getTemplate(link.mvp_id));
  if (!link || !template?.github_webhook_secret) return unauthorized();
  let secret: string;
  try {
    secret = await tokenVault().open(template.github_webhook_secret, vaultContext(template.id));
  } catch (error) {
    logger.error('Webhook secret did not open', error as Error);
    return unauthorized();
  }
  if (!verifyGithubSignature(input.rawBody, input.signature, secret)) return unauthorized();

  // Verified: from here on the payload is GitHub's.
  if (!input.deliveryId || input.deliveryId.length > 100) {
    countFact(businessMetrics.webhookEventsRejected);
    return { status: 400, body: { message: 'Missing X-GitHub-Delivery.' } };
  }
  const sha = payload.after;
  const defaultBranch = repository?.default_branch;
  if (
    payload.deleted === true ||
    typeof sha !== 'string' ||
    !/^[0-9a-f]{40}$/.test(sha) ||
    /^0+$/.test(sha) ||
    typeof defaultBranch !== 'string' ||
    payload.ref !== `refs/heads/${defaultBranch}`
  ) {
    return { status: 202, body: { message: 'Ignored: not a push to the default branch.' } };
  }
  if (!(await claimDelivery(input.deliveryId, 'push'))) {
    return { status: 200, body: { message: 'Already received.' } };
  }
  if (sha === template.last_synced_github_commit_sha || template.status === 'archived') {
    return { status: 202, body: { message: 'Nothing to sync.' } };
  }
  const installationId = await githubAppInstallationOf(template.seller_id);
  if (!installationId) return { status: 202, body: { message: 'The App is not installed.' } };
  try {
    await startSync({
      mvpId: template.id,
      sha,
      installationId,
      owner: template.github_repo_owner ?? owner,
      name: template.github_repo_name ?? name,
      executionName: `push-${input.deliveryId.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 80),
    });
  } catch (error) {
    // Unclaimed again, so a redelivery from GitHub's UI applies it.
    await releaseDelivery(input.deliveryId);
    throw error;
  }
  return { status: 202, body: { message: 'Sync started.' } };
};
