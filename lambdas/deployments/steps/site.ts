/**
 * buyer-deploy, phase `site` (in `processing`): Netlify's documented path for a private
 * repository: a Netlify deploy key, added read-only to the buyer's repository on GitHub, a site
 * linked to the repository with it and with the template's build settings (planned-settings.ts: the
 * build command `cmd`, the publish folder `dir` and the base folder `base`, so Netlify builds the
 * template and publishes only what the build produced, never the repository's root), and the
 * repository's push hook to Netlify, so later pushes (a merged upgrade pull request) rebuild the
 * site. Netlify then builds and check.ts polls it. A template that turns out to be no website
 * completes as a repository only, without a site.
 */
import { githubErrorStatus } from '../../shared/adapters/github';
import { netlifyErrorStatus, netlifyGithubHookUrl } from '../../shared/adapters/netlify';
import { DEPLOY_MESSAGES } from '../../../contract/deployments';
import { ConflictError } from '../../shared/errors';
import { logger } from '../../shared/observability';
import { completeDeployment, getDeployment, recordDeploymentFields } from '../repo';
import { githubOfBuyer } from './github-client';
import { netlifyOfBuyer } from './netlify-client';
import { fail, now, transientOr, type StepInput, type StepResult } from './common';
import { plannedSiteSettings } from './planned-settings';
import type { SiteSettings } from '../../../contract/site-settings';
import { businessMetrics } from '../../../contract/design/metrics';
import { countFact } from '../../shared/business-metrics';

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

/**
 * Netlify's build settings of a site (`repoInfo`: `cmd`, `dir`; `base`, which Netlify's API and
 * CLI take beside them). Unknown settings (a version processed before detection, whose bundle the
 * plan could not read) send none: Netlify then follows the repository's netlify.toml, and the
 * check refuses a site that publishes the repository's files.
 */
const buildSettingsOf = (settings: SiteSettings | null) =>
  settings?.hostable
    ? {
        ...(settings.build_command && { cmd: settings.build_command }),
        ...(settings.publish_dir && { dir: settings.publish_dir }),
        ...(settings.base_dir && { base: settings.base_dir }),
      }
    : {};

/** No website to host: the deployment completes with its repository only. */
const completeRepositoryOnly = async (
  item: NonNullable<Awaited<ReturnType<typeof getDeployment>>>,
  settings: SiteSettings,
): Promise<StepResult> => {
  const completed = await completeDeployment(
    item.id,
    'processing',
    { site_settings: settings, repository_only: true },
    now(),
  );
  if (completed) countFact(businessMetrics.deploysSucceeded);
  logger.info('Deployment completed as a repository only', { deploymentId: item.id });
  // `ok: false` ends the phase (no build to wait for); the deployment is completed, not failed.
  return { ok: false };
};

export const createSite = async ({ deploymentId }: StepInput): Promise<StepResult> => {
  const item = await getDeployment(deploymentId);
  if (!item || item.status !== 'processing') return { ok: false };
  if (item.netlify_site_id) return { ok: true };
  try {
    const { settings } = await plannedSiteSettings(item);
    if (settings && !settings.hostable) return await completeRepositoryOnly(item, settings);
    const netlify = await netlifyOfBuyer(item.user_id);
    if (!netlify) return fail(item, ['processing'], DEPLOY_MESSAGES.netlifyFailed);
    const octokit = await githubOfBuyer(item.user_id, 'site-step');
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
      // The field of Netlify's OpenAPI (repoInfo) for a private repository, and `private`, the
      // one Netlify's own CLI sends.
      public_repo: false,
      private: true,
      deploy_key_id: key.id,
      ...buildSettingsOf(settings),
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
    // Continuous deployment: pushes to the repository (a merged upgrade pull request) rebuild the
    // site. GitHub answers 422 when the hook exists already (a retried step).
    await octokit.rest.repos
      .createWebhook({
        owner,
        repo: item.repo_name,
        config: { url: netlifyGithubHookUrl(), content_type: 'json' },
        events: ['push'],
      })
      .catch((error: unknown) => {
        if (githubErrorStatus(error) !== 422) throw error;
      });
    await recordDeploymentFields(
      item.id,
      {
        netlify_site_id: site.id,
        netlify_site_name: site.name,
        netlify_site_url: site.ssl_url || site.url || '',
        polls: 0,
        ...(settings && { site_settings: settings }),
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
