/**
 * The one GitHub client (one code path to each third party): `@octokit/rest`,
 * authenticated as the marketplace's GitHub App (`@octokit/auth-app`: an app JWT signed with the
 * App's private key from Secrets Manager, exchanged for installation tokens that auth-app caches
 * and renews). `GITHUB_API_URL` points Octokit's `baseUrl` (and, through Octokit's request, the
 * token exchange) at the local GitHub-compatible server of lib/local/servers/github; unset, api.github.com.
 * Nothing above this module knows which it talks to.
 *
 * Octokit is imported on first use: a function whose route never calls GitHub never loads it.
 * Tokens never leave this module: callers get a client, never a token.
 *
 * Each request has a deadline (@octokit/request has no timeout option: its `fetch` gets the
 * signal): GitHub's budget of contract/third-parties.ts while an API request waits, two minutes
 * in a Step Functions task (an archive download), whose state machine retries. A GitHub that does
 * not answer is an `HttpError` 500, which reaches the caller as GitHub's one 503
 * (adapters/unavailable.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Octokit } from '@octokit/rest';
import { TASK_CALL_TIMEOUT_MS, callBudgets } from '../../../contract/third-parties';
import { config } from '../config';
import { readSecret } from '../secrets';
import { fetchWithTimeout } from './unavailable';

export type { Octokit };

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Octokit's REST base URL: the local server, or api.github.com. */
export const githubApiUrl = (): string => config().GITHUB_API_URL ?? 'https://api.github.com';

/** Where GitHub's pages live: the local server, or github.com. */
export const githubWebUrl = (): string => config().GITHUB_WEB_URL ?? 'https://github.com';

const appSettings = () => {
  const { GITHUB_APP_ID: appId, GITHUB_APP_SLUG: slug } = config();
  if (!appId || !slug)
    throw new Error('GitHub App is not configured: set GITHUB_APP_ID and GITHUB_APP_SLUG.');
  return { appId, slug };
};

let modules:
  Promise<[typeof import('@octokit/rest'), typeof import('@octokit/auth-app'), string]> | undefined;

const load = () => {
  modules ??= Promise.all([
    import('@octokit/rest'),
    import('@octokit/auth-app'),
    readSecret('githubAppPrivateKey'),
  ]);
  modules.catch(() => {
    modules = undefined;
  });
  return modules;
};

/** Who waits on the call: an API request (GitHub's budget), or a Step Functions task. */
export type GithubCaller = 'route' | 'task';

const routeFetch = () => fetchWithTimeout(callBudgets.github.timeoutMs);
const timeoutOf = (caller: GithubCaller) =>
  caller === 'task' ? TASK_CALL_TIMEOUT_MS : callBudgets.github.timeoutMs;

const clients = new Map<string, Octokit>();

const clientFor = async (
  installationId: number | undefined,
  caller: GithubCaller,
): Promise<Octokit> => {
  const cacheKey = `${installationId ?? 'app'}:${caller}`;
  const cached = clients.get(cacheKey);
  if (cached) return cached;
  const [{ Octokit: OctokitClient }, { createAppAuth }, privateKey] = await load();
  const client = new OctokitClient({
    baseUrl: githubApiUrl(),
    authStrategy: createAppAuth,
    auth: {
      appId: appSettings().appId,
      privateKey,
      ...(installationId === undefined ? {} : { installationId }),
    },
    request: { fetch: fetchWithTimeout(timeoutOf(caller)) },
    log: silentLog,
  });
  clients.set(cacheKey, client);
  return client;
};

/** Octokit as the App itself (app JWT): `GET /app/installations/{id}` and the like. */
export const githubApp = (): Promise<Octokit> => clientFor(undefined, 'route');

/** Octokit as one installation of the App (installation token, renewed by auth-app). */
export const githubInstallation = (
  installationId: number,
  caller: GithubCaller = 'route',
): Promise<Octokit> => clientFor(installationId, caller);

/** The App's installation page; GitHub sends the user back to the setup URL with `state`. */
export const githubAppInstallUrl = (state: string): string =>
  `${githubWebUrl()}/apps/${encodeURIComponent(appSettings().slug)}/installations/new?state=${encodeURIComponent(state)}`;

/**
 * `X-Hub-Signature-256` (`sha256=<hex HMAC of the raw body>`) checked in constant time against
 * `secret`. False for a missing, malformed or wrong signature.
 */
export const verifyGithubSignature = (
  rawBody: string,
  signature: string | undefined,
  secret: string,
): boolean => {
  if (!signature?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * The HTTP status of an Octokit RequestError (checked by shape, so this module does not load
 * Octokit to recognise one); undefined for anything else.
 */
export const githubErrorStatus = (error: unknown): number | undefined => {
  if (!(error instanceof Error) || error.name !== 'HttpError') return undefined;
  const { status } = error as { status?: unknown };
  return typeof status === 'number' ? status : undefined;
};

/**
 * The seconds GitHub asks to wait when `error` is its answer to a limit (a 403 or 429 saying a
 * secondary limit was hit or carrying `retry-after`, or a primary limit at 0 remaining); undefined
 * for any other error. Checked by shape, like githubErrorStatus.
 */
export const githubRateLimitWait = (error: unknown): number | undefined => {
  const status = githubErrorStatus(error);
  if (status !== 403 && status !== 429) return undefined;
  const headers =
    (error as { response?: { headers?: Record<string, string | number | undefined> } }).response
      ?.headers ?? {};
  const retryAfter = Number(headers['retry-after']);
  if (headers['retry-after'] !== undefined && Number.isFinite(retryAfter))
    return Math.max(retryAfter, 1);
  // GitHub's own fallback advice when a secondary limit comes without retry-after: a minute.
  if (/\bsecondary rate\b/i.test((error as Error).message)) return 60;
  if (String(headers['x-ratelimit-remaining']) === '0') {
    const reset = Number(headers['x-ratelimit-reset']);
    return Math.max(Math.ceil(reset - Date.now() / 1000), 1);
  }
  return undefined;
};

/**
 * The installations the user who completed an App installation may reach: the installation
 * callback's `code` is exchanged (GitHub's web flow for the App's OAuth client) for that user's
 * token, which lists them (`GET /user/installations`). The token is used for this one call and
 * never kept. This is what proves an installation id from a callback is the caller's own.
 */
export const installationsOfInstallingUser = async (code: string): Promise<number[]> => {
  const clientId = config().GITHUB_APP_CLIENT_ID;
  if (!clientId) throw new Error('GitHub App OAuth is not configured: set GITHUB_APP_CLIENT_ID.');
  const [[{ Octokit: OctokitClient }], { exchangeWebFlowCode }, { request }, clientSecret] =
    await Promise.all([
      load(),
      import('@octokit/oauth-methods'),
      import('@octokit/request'),
      readSecret('githubAppClientSecret'),
    ]);
  const { authentication } = await exchangeWebFlowCode({
    clientType: 'github-app',
    clientId,
    clientSecret,
    code,
    request: request.defaults({ baseUrl: githubApiUrl(), request: { fetch: routeFetch() } }),
  });
  const user = new OctokitClient({
    baseUrl: githubApiUrl(),
    auth: authentication.token,
    request: { fetch: routeFetch() },
    log: silentLog,
  });
  const installations = await user.paginate(user.rest.apps.listInstallationsForAuthenticatedUser, {
    per_page: 100,
  });
  return installations.map((installation) => installation.id);
};

/**
 * Buyers: the marketplace's GitHub OAuth app. The authorize page asks for the
 * `repo` scope (a private repository is created in the buyer's account); the callback's code is
 * exchanged for the buyer's token, which the caller seals in the token vault at once.
 */
const oauthAppClientId = (): string => {
  const clientId = config().GITHUB_OAUTH_CLIENT_ID;
  if (!clientId) throw new Error('GitHub OAuth is not configured: set GITHUB_OAUTH_CLIENT_ID.');
  return clientId;
};

/** GitHub's authorize page for a buyer, back to `redirectUri` with `code` and `state`. */
export const githubUserAuthorizeUrl = (state: string, redirectUri: string): string => {
  const url = new URL('/login/oauth/authorize', githubWebUrl());
  url.search = new URLSearchParams({
    client_id: oauthAppClientId(),
    redirect_uri: redirectUri,
    scope: 'repo',
    state,
    allow_signup: 'true',
  }).toString();
  return url.toString();
};

/** Exchanges a buyer's callback code for their token (`@octokit/oauth-methods`' web flow). */
export const exchangeGithubUserCode = async (
  code: string,
  redirectUri: string,
): Promise<{ token: string; scopes: string[] }> => {
  const [{ exchangeWebFlowCode }, { request }, clientSecret] = await Promise.all([
    import('@octokit/oauth-methods'),
    import('@octokit/request'),
    readSecret('githubOAuthClientSecret'),
  ]);
  const { authentication } = await exchangeWebFlowCode({
    clientType: 'oauth-app',
    clientId: oauthAppClientId(),
    clientSecret,
    code,
    redirectUrl: redirectUri,
    request: request.defaults({ baseUrl: githubApiUrl(), request: { fetch: routeFetch() } }),
  });
  return { token: authentication.token, scopes: authentication.scopes };
};

/**
 * Octokit as a buyer (their OAuth token, opened from the vault by the caller just before). An API
 * request (`route`) gets GitHub's budget: one try. The deploy's site steps (`site-step`), which
 * run in short functions, get the same: one try of GitHub's budget per call, their state machine
 * retrying the step. The repository and upgrade steps (`task`), which write many files in long
 * functions, keep the throttled client's retries and a task's deadline.
 */
export const githubAsUser = async (
  token: string,
  caller: GithubCaller | 'site-step' = 'task',
): Promise<Octokit> => {
  const { buyerOctokit } = await import('./github-throttle');
  return buyerOctokit({
    baseUrl: githubApiUrl(),
    auth: token,
    log: silentLog,
    ...(caller !== 'task' && { timeoutMs: callBudgets.github.timeoutMs, retries: 0 }),
  });
};
