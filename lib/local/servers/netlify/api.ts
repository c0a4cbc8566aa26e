/**
 * The `/api/v1` routes the product calls, with Netlify's behaviour (operation ids of the OpenAPI
 * description in brackets):
 *
 *   GET    /user                                  [getCurrentUser]
 *   GET    /sites?name&filter&page&per_page       [listSites]  the token owner's, newest first
 *   POST   /sites                                 [createSite] 201; starts a deploy when `repo` is given
 *   GET    /sites/{site_id}                       [getSite]    by id or by name
 *   DELETE /sites/{site_id}                       [deleteSite] 204; the published files go too
 *   GET    /sites/{site_id}/deploys?page&per_page [listSiteDeploys] newest first
 *   GET    /sites/{site_id}/deploys/{deploy_id}   [getSiteDeploy]
 *   POST   /sites/{site_id}/builds                [createSiteBuild] a new deploy of the branch
 *   GET    /deploys/{deploy_id}                   [getDeploy]
 *   POST   /deploy_keys                           [createDeployKey] an Ed25519 key; its private half stays here
 *   GET    /deploy_keys                           [listDeployKeys]
 *   GET    /deploy_keys/{key_id}                  [getDeployKey]
 *
 * Outside `/api/v1`, `POST /hooks/github` takes GitHub's push webhook as Netlify's does
 * (hooks.ts): a push to a linked site's branch starts a deploy (continuous deployment).
 *
 * Another account's site or deploy is a 404, as on Netlify. A taken or malformed site name is
 * Netlify's 422 `{ errors: { subdomain: [...] } }`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Builder } from './builds';
import { apiError, notFound, nowIso, objectId, validationFailed, type JsonObject } from './http';
import { buildObject, deployObject, siteObject, userObject, type ObjectContext } from './objects';
import { generateDeployKey } from '../deploy-key-proof';
import type {
  Account,
  RepoSettings,
  StoredDeploy,
  StoredDeployKey,
  StoredSite,
  Store,
} from './store';

export interface ApiContext extends ObjectContext {
  store: Store;
  builder: Builder;
  account: Account;
}

export interface ApiResult {
  status: number;
  body?: unknown;
}

const SITE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const ADJECTIVES = ['brave', 'calm', 'eager', 'gentle', 'jolly', 'lucid', 'quiet', 'vivid'];
const NOUNS = ['otter', 'falcon', 'maple', 'comet', 'harbor', 'meadow', 'pebble', 'willow'];

/** Netlify's generated name: two words and a short random suffix. */
const randomName = () => {
  const [a, b] = randomBytes(2);
  return `${ADJECTIVES[a! % ADJECTIVES.length]}-${NOUNS[b! % NOUNS.length]}-${randomBytes(3).toString('hex')}`;
};

const optionalString = (body: JsonObject, ...names: string[]): string | null => {
  for (const name of names) {
    const value = body[name];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') throw validationFailed(name, 'must be a string');
    return value;
  }
  return null;
};

const optionalInteger = (body: JsonObject, name: string): number | null => {
  const value = body[name];
  if (value === undefined || value === null || value === '') return null;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw validationFailed(name, 'must be an integer');
  return number;
};

/** `repo` as the typed client sends it (`repo_path`, `repo_branch`, `public_repo`) or as Netlify's CLI does (`repo`, `branch`, `private`). */
const repoSettings = (ctx: ApiContext, value: unknown): RepoSettings | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw validationFailed('repo', 'is invalid');
  const repo = value as JsonObject;
  const repoUrl = optionalString(repo, 'repo_url');
  if (!repoUrl) throw validationFailed('repo_url', "can't be blank");
  // `public_repo` is the field of Netlify's OpenAPI (repoInfo); `private` only when it is absent.
  const privateRepo =
    typeof repo.public_repo === 'boolean' ? !repo.public_repo : repo.private === true;
  const deployKeyId = optionalString(repo, 'deploy_key_id');
  if (deployKeyId && ctx.state.deployKeys[deployKeyId]?.accountId !== ctx.account.id) {
    throw validationFailed('deploy_key_id', 'is invalid');
  }
  ctx.state.repoSequence += 1;
  return {
    id: ctx.state.repoSequence,
    provider: optionalString(repo, 'provider') ?? 'github',
    repo_path: optionalString(repo, 'repo_path', 'repo'),
    repo_url: repoUrl,
    repo_branch: optionalString(repo, 'repo_branch', 'branch'),
    cmd: optionalString(repo, 'cmd'),
    dir: optionalString(repo, 'dir'),
    base: optionalString(repo, 'base'),
    public_repo: !privateRepo,
    installation_id: optionalInteger(repo, 'installation_id'),
    deploy_key_id: deployKeyId,
  };
};

/** A new deploy of the site's repository, in state `new`, its build started. */
export const startDeploy = (
  ctx: Pick<ApiContext, 'state' | 'store' | 'builder'>,
  site: StoredSite,
): StoredDeploy => {
  const now = nowIso();
  const deploy: StoredDeploy = {
    id: objectId(),
    build_id: objectId(),
    site_id: site.id,
    user_id: site.accountId,
    state: 'new',
    error_message: null,
    branch: site.repo?.repo_branch ?? null,
    commit_ref: null,
    commit_message: null,
    publish_dir: null,
    created_at: now,
    updated_at: now,
    published_at: null,
    deploy_time: null,
    summary: [],
    log: [],
  };
  ctx.state.deploys[deploy.id] = deploy;
  ctx.store.changed();
  ctx.builder.start(deploy.id);
  return deploy;
};

/** Netlify's deploy key object: never the private half. */
const deployKeyObject = (key: StoredDeployKey) => ({
  id: key.id,
  public_key: key.public_key,
  created_at: key.created_at,
});

/** The token owner's site by id or name, else 404. */
const ownSite = (ctx: ApiContext, idOrName: string): StoredSite => {
  const site =
    ctx.state.sites[idOrName] ??
    Object.values(ctx.state.sites).find((candidate) => candidate.name === idOrName);
  if (!site || site.accountId !== ctx.account.id) throw notFound();
  return site;
};

const ownDeploy = (ctx: ApiContext, deployId: string): StoredDeploy => {
  const deploy = ctx.state.deploys[deployId];
  const site = deploy && ctx.state.sites[deploy.site_id];
  if (!deploy || !site || site.accountId !== ctx.account.id) throw notFound();
  return deploy;
};

/** `page` (from 1) and `per_page` (default 100, at most 100), as Netlify pages its lists. */
const paginate = <T>(items: T[], query: URLSearchParams): T[] => {
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const perPage = Math.min(
    100,
    Math.max(1, Number.parseInt(query.get('per_page') ?? '100', 10) || 100),
  );
  return items.slice((page - 1) * perPage, page * perPage);
};

const newestFirst = <T extends { created_at: string }>(items: T[]) =>
  [...items].sort((a, b) =>
    a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0,
  );

const createSite = (ctx: ApiContext, body: JsonObject): ApiResult => {
  const requested = optionalString(body, 'name');
  const name = requested ?? randomName();
  if (!SITE_NAME.test(name)) throw validationFailed('subdomain', 'is invalid');
  if (Object.values(ctx.state.sites).some((site) => site.name === name)) {
    throw validationFailed('subdomain', 'must be unique');
  }
  const repo = repoSettings(ctx, body.repo);
  const now = nowIso();
  const site: StoredSite = {
    id: randomUUID(),
    name,
    accountId: ctx.account.id,
    created_at: now,
    updated_at: now,
    repo,
    published_deploy_id: null,
  };
  ctx.state.sites[site.id] = site;
  ctx.store.changed();
  if (repo) startDeploy(ctx, site);
  return { status: 201, body: siteObject(ctx, site) };
};

/** One API request: its route with ids as `:` (`GET sites/:/deploys`) and the ids themselves. */
interface ApiRoute {
  ctx: ApiContext;
  route: string;
  first: string | undefined;
  second: string | undefined;
  query: URLSearchParams;
  readJson: () => Promise<JsonObject>;
}

/** Deletes a site with its deploys and its published files. */
const deleteSite = async (ctx: ApiContext, site: StoredSite) => {
  delete ctx.state.sites[site.id];
  for (const deploy of Object.values(ctx.state.deploys)) {
    if (deploy.site_id === site.id) delete ctx.state.deploys[deploy.id];
  }
  ctx.store.changed();
  await rm(ctx.builder.siteDir(site.name), { recursive: true, force: true });
};

const handleSiteRoutes = async ({
  ctx,
  route,
  first,
  query,
  readJson,
}: ApiRoute): Promise<ApiResult | undefined> => {
  switch (route) {
    case 'GET sites': {
      const name = query.get('name');
      const sites = newestFirst(
        Object.values(ctx.state.sites).filter(
          (site) => site.accountId === ctx.account.id && (!name || site.name.includes(name)),
        ),
      );
      return { status: 200, body: paginate(sites, query).map((site) => siteObject(ctx, site)) };
    }
    case 'POST sites':
      return createSite(ctx, await readJson());
    case 'GET sites/:':
      return { status: 200, body: siteObject(ctx, ownSite(ctx, first!)) };
    case 'DELETE sites/:':
      await deleteSite(ctx, ownSite(ctx, first!));
      return { status: 204 };
    default:
      return undefined;
  }
};

const handleDeployRoutes = ({
  ctx,
  route,
  first,
  second,
  query,
}: ApiRoute): ApiResult | undefined => {
  switch (route) {
    case 'GET sites/:/deploys': {
      const site = ownSite(ctx, first!);
      const deploys = newestFirst(
        Object.values(ctx.state.deploys).filter((deploy) => deploy.site_id === site.id),
      );
      return {
        status: 200,
        body: paginate(deploys, query).map((deploy) => deployObject(ctx, deploy)),
      };
    }
    case 'GET sites/:/deploys/:': {
      const site = ownSite(ctx, first!);
      const deploy = ownDeploy(ctx, second!);
      if (deploy.site_id !== site.id) throw notFound();
      return { status: 200, body: deployObject(ctx, deploy) };
    }
    case 'POST sites/:/builds': {
      const site = ownSite(ctx, first!);
      if (!site.repo) throw apiError(422, 'Site is not linked to a repository');
      return { status: 200, body: buildObject(startDeploy(ctx, site)) };
    }
    case 'GET deploys/:':
      return { status: 200, body: deployObject(ctx, ownDeploy(ctx, first!)) };
    default:
      return undefined;
  }
};

const handleDeployKeyRoutes = ({ ctx, route, first }: ApiRoute): ApiResult | undefined => {
  switch (route) {
    case 'POST deploy_keys': {
      const { publicKey, privateKey } = generateDeployKey();
      const key: StoredDeployKey = {
        id: objectId(),
        accountId: ctx.account.id,
        public_key: publicKey,
        private_key: privateKey,
        created_at: nowIso(),
      };
      ctx.state.deployKeys[key.id] = key;
      ctx.store.changed();
      return { status: 201, body: deployKeyObject(key) };
    }
    case 'GET deploy_keys':
      return {
        status: 200,
        body: Object.values(ctx.state.deployKeys)
          .filter((key) => key.accountId === ctx.account.id)
          .map(deployKeyObject),
      };
    case 'GET deploy_keys/:': {
      const key = ctx.state.deployKeys[first!];
      if (!key || key.accountId !== ctx.account.id) throw notFound();
      return { status: 200, body: deployKeyObject(key) };
    }
    default:
      return undefined;
  }
};

/** The route's answer, or undefined when no such route exists (404). */
export const handleApiRequest = async (
  ctx: ApiContext,
  method: string,
  path: string,
  query: URLSearchParams,
  readJson: () => Promise<JsonObject>,
): Promise<ApiResult | undefined> => {
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const route = `${method} ${segments.map((segment, index) => (index % 2 === 1 ? ':' : segment)).join('/')}`;
  if (route === 'GET user') return { status: 200, body: userObject(ctx, ctx.account) };
  const [, first, , second] = segments;
  const request: ApiRoute = { ctx, route, first, second, query, readJson };
  return (
    (await handleSiteRoutes(request)) ??
    handleDeployRoutes(request) ??
    handleDeployKeyRoutes(request)
  );
};
