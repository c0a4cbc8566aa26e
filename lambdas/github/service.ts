/**
 * The seller's GitHub integration: the App installation
 * round trip, validating, linking and unlinking a template's repository, the push webhook and the
 * owner's Sync button. Both the webhook and Sync start the github-sync state machine
 * (state-machines/github-sync.asl.json); the template writes stay in the templates domain.
 *
 * Secrets: each linked template has its own webhook secret, sealed in the token vault (purpose
 * `github-webhook-secret`, owner = the template id) and never returned. Installation tokens stay
 * inside the GitHub adapter.
 */
import { randomBytes } from 'node:crypto';
import { consumeOAuthState, issueOAuthState } from '../shared/auth/oauth-state';
import {
  asThirdPartyUnavailable,
  throwIfThirdPartyUnavailable,
} from '../shared/adapters/unavailable';
import { githubAppInstallationOf, recordGithubAppInstallation } from '../profiles/service';
import {
  githubApp,
  installationsOfInstallingUser,
  githubAppInstallUrl,
  githubErrorStatus,
  githubInstallation,
} from '../shared/adapters/github';
import { tokenVault } from '../shared/adapters/token-vault';
import { config } from '../shared/config';
import {
  GITHUB_MESSAGES,
  GITHUB_WEBHOOK_PATH,
  type GithubInstallUrl,
  type GithubLinkResult,
  type GithubMessage,
  type GithubRepositoryCheck,
} from '../../contract/github';
import type { UserProfile } from '../../contract/profile';
import { TEMPLATE_MESSAGES } from '../../contract/templates';
import {
  ConflictError,
  DependencyFailedError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import { logger } from '../shared/observability';
import {
  getRepoLink,
  linkRepository,
  loadOwnedTemplate,
  TransactionRefusedError,
  unlinkRepository,
} from '../templates/github-sync';

export const WEBHOOK_SECRET_PURPOSE = 'github-webhook-secret';

export const vaultContext = (templateId: string) => ({
  purpose: WEBHOOK_SECRET_PURPOSE,
  owner: templateId,
});

/** `GET /api/github/app/install-url`: the App's installation page with a signed, single-use state. */
export const installUrl = async (profile: UserProfile): Promise<GithubInstallUrl> => ({
  url: githubAppInstallUrl(await issueOAuthState({ userId: profile.id, provider: 'github-app' })),
});

/**
 * `POST /api/github/app/installations`: the callback's parameters. The state must be this user's,
 * unused and fresh; the installation must be one the installing GitHub user may reach, proved by
 * exchanging the callback's `code` for their token and listing their installations (an
 * installation id alone could be anyone's); and it must exist for the App (app JWT).
 */
export const completeInstallation = async (
  profile: UserProfile,
  body: { installation_id: number; state: string; code: string },
): Promise<GithubMessage> => {
  const { giveBack } = await consumeOAuthState({
    state: body.state,
    userId: profile.id,
    provider: 'github-app',
  });
  // GitHub did not answer: the same callback works again once it does.
  const unavailable = async (error: unknown) => {
    if (!asThirdPartyUnavailable(error)) return;
    await giveBack();
    throwIfThirdPartyUnavailable(error);
  };
  let reachable: number[];
  try {
    reachable = await installationsOfInstallingUser(body.code);
  } catch (error) {
    await unavailable(error);
    const status = githubErrorStatus(error);
    // A used, expired or made-up code (GitHub answers it with a 400-like error).
    if (status === 400 || status === 401 || status === 404) {
      throw new ValidationError(GITHUB_MESSAGES.installFailed);
    }
    logger.error('GitHub installation code exchange failed', { status });
    throw new DependencyFailedError(GITHUB_MESSAGES.installFailed);
  }
  if (!reachable.includes(body.installation_id)) {
    logger.warn('GitHub installation not reachable by the installing user', {
      userId: profile.id,
    });
    throw new ValidationError(GITHUB_MESSAGES.installFailed);
  }
  try {
    const app = await githubApp();
    await app.rest.apps.getInstallation({ installation_id: body.installation_id });
  } catch (error) {
    await unavailable(error);
    const status = githubErrorStatus(error);
    if (status === 404) throw new ValidationError(GITHUB_MESSAGES.installFailed);
    logger.error('GitHub installation check failed', { status });
    throw new DependencyFailedError(GITHUB_MESSAGES.installFailed);
  }
  await recordGithubAppInstallation(profile.id, body.installation_id);
  return { message: GITHUB_MESSAGES.installed };
};

export const installationOf = async (profile: UserProfile): Promise<number> => {
  const installationId = await githubAppInstallationOf(profile.id);
  if (!installationId) throw new ValidationError(GITHUB_MESSAGES.installFirst);
  return installationId;
};

/** GET /repos/{owner}/{repo} through the seller's installation; 404 → the product's error. */
const findRepository = async (
  installationId: number,
  owner: string,
  name: string,
  failure: string,
) => {
  try {
    const octokit = await githubInstallation(installationId);
    const { data } = await octokit.rest.repos.get({ owner, repo: name });
    return data;
  } catch (error) {
    throwIfThirdPartyUnavailable(error);
    const status = githubErrorStatus(error);
    if (status === 404 || status === 403) {
      throw new ValidationError(GITHUB_MESSAGES.repositoryNotFound, {
        name: GITHUB_MESSAGES.repositoryNotFound,
      });
    }
    logger.error('GitHub repository lookup failed', { status });
    throw new DependencyFailedError(failure);
  }
};

/**
 * The repository must be one the seller's installation covers, not merely one it can read: an
 * installation token reads any public repository, and linking someone else's would publish their
 * pushes as the seller's versions. `GET /installation/repositories` lists exactly what the
 * account granted the App.
 */
const requireInInstallation = async (
  installationId: number,
  repositoryId: number,
  failure: string,
) => {
  let covered: boolean;
  try {
    const octokit = await githubInstallation(installationId);
    const repositories = await octokit.paginate(
      octokit.rest.apps.listReposAccessibleToInstallation,
      { per_page: 100 },
    );
    covered = repositories.some((repository) => repository.id === repositoryId);
  } catch (error) {
    throwIfThirdPartyUnavailable(error);
    logger.error('GitHub installation repositories lookup failed', {
      status: githubErrorStatus(error),
    });
    throw new DependencyFailedError(failure);
  }
  if (!covered) {
    throw new ValidationError(GITHUB_MESSAGES.outsideInstallation, {
      name: GITHUB_MESSAGES.outsideInstallation,
    });
  }
};

/** `POST /api/my/mvps/{id}/github/validate`. */
export const validateRepository = async (
  profile: UserProfile,
  templateId: string,
  repository: { owner: string; name: string },
): Promise<GithubRepositoryCheck> => {
  await loadOwnedTemplate(profile, templateId);
  const installationId = await installationOf(profile);
  const found = await findRepository(
    installationId,
    repository.owner,
    repository.name,
    GITHUB_MESSAGES.validateFailed,
  );
  await requireInInstallation(installationId, found.id, GITHUB_MESSAGES.validateFailed);
  return {
    message: GITHUB_MESSAGES.repositoryFound,
    full_name: found.full_name,
    default_branch: found.default_branch,
  };
};

const webhookUrl = () => `${config().SITE_URL}${GITHUB_WEBHOOK_PATH}`;

/** The repository's hooks pointing at our webhook route, removed (best effort: already gone is fine). */
const removeOurHooks = async (installationId: number, owner: string, name: string) => {
  const octokit = await githubInstallation(installationId);
  const { data: hooks } = await octokit.rest.repos.listWebhooks({ owner, repo: name });
  for (const hook of hooks.filter((candidate) => candidate.config.url === webhookUrl())) {
    await octokit.rest.repos
      .deleteWebhook({ owner, repo: name, hook_id: hook.id })
      .catch((error: unknown) => {
        if (githubErrorStatus(error) !== 404) throw error;
      });
  }
};

/**
 * `PUT /api/my/mvps/{id}/github`: links the repository (owner only). The secret is generated
 * unless given, sealed in the vault, set on a new repository webhook (push events to
 * /api/webhooks/github), and never returned.
 */
export const linkTemplateRepository = async (
  profile: UserProfile,
  templateId: string,
  input: { owner: string; name: string; webhook_secret?: string | undefined },
): Promise<GithubLinkResult> => {
  const template = await loadOwnedTemplate(profile, templateId);
  const installationId = await installationOf(profile);
  const found = await findRepository(
    installationId,
    input.owner,
    input.name,
    GITHUB_MESSAGES.linkFailed,
  );
  await requireInInstallation(installationId, found.id, GITHUB_MESSAGES.linkFailed);
  const owner = found.owner.login;
  const name = found.name;
  const existing = await getRepoLink(owner, name);
  if (existing && existing.mvp_id !== template.id)
    throw new ConflictError(GITHUB_MESSAGES.alreadyLinked);

  const secret = input.webhook_secret ?? randomBytes(32).toString('hex');
  const sealed = await tokenVault().seal(secret, vaultContext(template.id));
  const octokit = await githubInstallation(installationId);
  try {
    await removeOurHooks(installationId, owner, name);
    await octokit.rest.repos.createWebhook({
      owner,
      repo: name,
      events: ['push'],
      active: true,
      config: { url: webhookUrl(), content_type: 'json', secret, insecure_ssl: '0' },
    });
  } catch (error) {
    // A webhook whose answer was lost may exist: the retry removes ours before adding one.
    throwIfThirdPartyUnavailable(error, { retrySafe: true });
    logger.error('GitHub webhook creation failed', { status: githubErrorStatus(error) });
    throw new DependencyFailedError(GITHUB_MESSAGES.linkFailed);
  }
  const previous =
    template.github_repo_owner && template.github_repo_name
      ? { owner: template.github_repo_owner, name: template.github_repo_name }
      : undefined;
  try {
    await linkRepository({
      mvpId: template.id,
      sellerId: profile.id,
      owner,
      name,
      sealedSecret: sealed,
      ...(previous ? { previous } : {}),
      now: new Date().toISOString(),
    });
  } catch (error) {
    await removeOurHooks(installationId, owner, name).catch(() => undefined);
    if (error instanceof TransactionRefusedError) {
      throw new ConflictError(
        error.item === 'link' ? GITHUB_MESSAGES.alreadyLinked : TEMPLATE_MESSAGES.changedMeanwhile,
      );
    }
    throw error;
  }
  if (
    previous &&
    `${previous.owner}/${previous.name}`.toLowerCase() !== `${owner}/${name}`.toLowerCase()
  ) {
    await removeOurHooks(installationId, previous.owner, previous.name).catch(() => undefined);
  }
  return {
    message: GITHUB_MESSAGES.linked,
    github: {
      owner,
      name,
      last_synced_sha: template.last_synced_github_commit_sha ?? null,
      sync_failure: template.github_sync_failure ?? null,
    },
  };
};

/** `DELETE /api/my/mvps/{id}/github`: removes our webhook and the link (owner only). */
export const unlinkTemplateRepository = async (
  profile: UserProfile,
  templateId: string,
): Promise<GithubLinkResult> => {
  const template = await loadOwnedTemplate(profile, templateId);
  if (!template.github_repo_owner || !template.github_repo_name) {
    throw new NotFoundError(GITHUB_MESSAGES.notLinked);
  }
  const installationId = await githubAppInstallationOf(profile.id);
  if (installationId) {
    await removeOurHooks(
      installationId,
      template.github_repo_owner,
      template.github_repo_name,
    ).catch((error: unknown) => {
      // The repository may be gone or the App uninstalled: unlinking must still work.
      logger.warn('GitHub webhook removal failed', { status: githubErrorStatus(error) });
    });
  }
  try {
    await unlinkRepository({
      mvpId: template.id,
      owner: template.github_repo_owner,
      name: template.github_repo_name,
      now: new Date().toISOString(),
    });
  } catch (error) {
    if (error instanceof TransactionRefusedError) {
      throw new ConflictError(GITHUB_MESSAGES.unlinkFailed);
    }
    throw error;
  }
  return { message: GITHUB_MESSAGES.unlinked, github: null };
};
