/**
 * Netlify's object shapes, as the OpenAPI description (`@netlify/open-api`, definitions `site`,
 * `deploy`, `build`, `user`, `repoInfo`) declares them: every declared field is present, null where
 * a local site has no value (custom domains, screenshots, previews). Undeclared fields that the real
 * API also returns are kept few: `site_id` on a site, `build_settings.base`, and `commit_message`,
 * `deploy_time`, `summary` and `links` on a deploy.
 *
 * URLs point at this server: a site is served at `<endpoint>/sites/<name>/`, a deploy's permalink at
 * `<endpoint>/deploys/<id>/`, the admin page at `<endpoint>/app/sites/<name>`. No TLS locally, so
 * `ssl_url` is the same `http://` URL.
 */
import type { Account, NetlifyState, StoredDeploy, StoredSite } from './store';

export interface ObjectContext {
  state: NetlifyState;
  /** `http://localhost:<port>`. */
  endpoint: string;
}

const FUNCTIONS_REGION = 'us-east-2';

export const siteUrl = (ctx: ObjectContext, name: string) =>
  `${ctx.endpoint}/sites/${encodeURIComponent(name)}/`;
export const adminUrl = (ctx: ObjectContext, name: string) =>
  `${ctx.endpoint}/app/sites/${encodeURIComponent(name)}`;
export const deployUrl = (ctx: ObjectContext, deployId: string) =>
  `${ctx.endpoint}/deploys/${deployId}/`;

/** GitHub's commit page for a repository URL; null for a local path or another host's URL shape. */
const commitUrl = (repoUrl: string | undefined, sha: string | null): string | null => {
  if (!repoUrl || !sha || !/^https?:\/\//.test(repoUrl)) return null;
  return `${repoUrl.replace(/\.git$/, '').replace(/\/\/[^/@]+@/, '//')}/commit/${sha}`;
};

export const deployObject = (ctx: ObjectContext, deploy: StoredDeploy) => {
  const site = ctx.state.sites[deploy.site_id];
  const name = site?.name ?? '';
  const url = siteUrl(ctx, name);
  const permalink = deployUrl(ctx, deploy.id);
  return {
    id: deploy.id,
    site_id: deploy.site_id,
    user_id: deploy.user_id,
    build_id: deploy.build_id,
    state: deploy.state,
    name,
    url,
    ssl_url: url,
    admin_url: adminUrl(ctx, name),
    deploy_url: permalink,
    deploy_ssl_url: permalink,
    screenshot_url: null,
    review_id: null,
    draft: false,
    required: [],
    required_functions: [],
    required_edge_functions: [],
    required_server: [],
    error_message: deploy.error_message,
    branch: deploy.branch,
    commit_ref: deploy.commit_ref,
    commit_url: commitUrl(site?.repo?.repo_url, deploy.commit_ref),
    skipped: null,
    created_at: deploy.created_at,
    updated_at: deploy.updated_at,
    published_at: deploy.published_at,
    title: deploy.commit_message,
    context: 'production',
    locked: null,
    review_url: null,
    framework: null,
    skew_protection_token: null,
    function_schedules: [],
    functions_region: FUNCTIONS_REGION,
    functions_region_overrides: [],
    // Not in the OpenAPI description, returned by the real API all the same.
    commit_message: deploy.commit_message,
    deploy_time: deploy.deploy_time,
    summary: {
      status: deploy.state === 'ready' ? 'ready' : deploy.state === 'error' ? 'error' : 'pending',
      messages: deploy.summary,
    },
    links: { permalink, alias: permalink },
  };
};

export type DeployObject = ReturnType<typeof deployObject>;

export const siteObject = (ctx: ObjectContext, site: StoredSite) => {
  const account = ctx.state.accounts[site.accountId];
  const published = site.published_deploy_id
    ? ctx.state.deploys[site.published_deploy_id]
    : undefined;
  const url = siteUrl(ctx, site.name);
  const repo = site.repo;
  return {
    id: site.id,
    site_id: site.id,
    state: 'current',
    plan: 'nf_team_dev',
    name: site.name,
    custom_domain: null,
    domain_aliases: [],
    branch_deploy_custom_domain: null,
    deploy_preview_custom_domain: null,
    password: null,
    notification_email: null,
    url,
    ssl_url: url,
    admin_url: adminUrl(ctx, site.name),
    screenshot_url: null,
    created_at: site.created_at,
    updated_at: site.updated_at,
    user_id: site.accountId,
    session_id: null,
    ssl: false,
    force_ssl: null,
    managed_dns: true,
    deploy_url: published ? deployUrl(ctx, published.id) : url,
    published_deploy: published ? deployObject(ctx, published) : null,
    account_id: site.accountId,
    account_name: account?.full_name ?? null,
    account_slug: account?.slug ?? null,
    git_provider: repo?.provider ?? null,
    deploy_hook: null,
    capabilities: {},
    processing_settings: { html: { pretty_urls: true } },
    build_settings: repo
      ? {
          id: repo.id,
          provider: repo.provider,
          deploy_key_id: null,
          repo_path: repo.repo_path,
          repo_branch: repo.repo_branch,
          dir: repo.dir,
          functions_dir: null,
          cmd: repo.cmd,
          allowed_branches: repo.repo_branch ? [repo.repo_branch] : [],
          public_repo: repo.public_repo,
          private_logs: false,
          repo_url: repo.repo_url,
          env: {},
          installation_id: repo.installation_id,
          stop_builds: false,
          base: repo.base,
        }
      : {},
    id_domain: null,
    // The real API returns the site's default hooks token here; a local site has none to give.
    default_hooks_data: null,
    build_image: 'noble',
    prerender: null,
    functions_region: FUNCTIONS_REGION,
    prevent_non_git_prod_deploys: false,
  };
};

export type SiteObject = ReturnType<typeof siteObject>;

/** `createSiteBuild`'s answer (definition `build`). */
export const buildObject = (deploy: StoredDeploy) => ({
  id: deploy.build_id,
  deploy_id: deploy.id,
  sha: deploy.commit_ref,
  done: deploy.state === 'ready' || deploy.state === 'error',
  error: deploy.error_message,
  created_at: deploy.created_at,
});

export const userObject = (ctx: ObjectContext, account: Account) => ({
  id: account.id,
  uid: null,
  full_name: account.full_name,
  avatar_url: null,
  email: account.email,
  affiliate_id: null,
  site_count: Object.values(ctx.state.sites).filter((site) => site.accountId === account.id).length,
  created_at: account.created_at,
  last_login: account.created_at,
  login_providers: ['email'],
  onboarding_progress: { slides: 'completed' },
});

export type UserObject = ReturnType<typeof userObject>;
