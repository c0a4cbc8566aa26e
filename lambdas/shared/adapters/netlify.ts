/**
 * The one Netlify client (one code path to each third party): `@netlify/api`,
 * authenticated with a buyer's OAuth token. `NETLIFY_API_URL` points it (scheme and host) at the
 * local Netlify-compatible server of lib/local/servers/netlify; unset, api.netlify.com.
 *
 * OAuth: the authorize page is Netlify's (`NETLIFY_WEB_URL`, else
 * app.netlify.com); the code is exchanged at `<api origin>/oauth/token`, which `@netlify/api` has
 * no method for, so that one call is a `fetch` with the client secret. The token goes straight to
 * the caller, which seals it in the token vault; it is never logged or returned.
 *
 * Each call has Netlify's budget of contract/third-parties.ts (its own retries included:
 * `@netlify/api` retries a reset connection five times, 5 s apart), and a Netlify that does not
 * answer within it, refuses the connection or fails on its side reaches the caller as
 * ThirdPartyUnavailableError: Netlify's one 503 while an API request waits; in a deploy step,
 * NetlifyUnavailableError, which the state machine retries and then names
 * (deployments/steps/common.ts), instead of a call that waits until the function's own timeout.
 */
import type { NetlifyAPI } from '@netlify/api';
import { callBudgets } from '../../../contract/third-parties';
import { config } from '../config';
import { ThirdPartyUnavailableError } from '../errors';
import { readSecret } from '../secrets';
import { isNetlifyUnavailable, withinBudget } from './unavailable';

export type { NetlifyAPI };

const apiOrigin = (): URL => new URL(config().NETLIFY_API_URL ?? 'https://api.netlify.com');

const clientId = (): string => {
  const id = config().NETLIFY_CLIENT_ID;
  if (!id) throw new Error('Netlify OAuth is not configured: set NETLIFY_CLIENT_ID.');
  return id;
};

/** Netlify's authorize page for a buyer, back to `redirectUri` with `code` and `state`. */
export const netlifyAuthorizeUrl = (state: string, redirectUri: string): string => {
  const url = new URL('/authorize', config().NETLIFY_WEB_URL ?? 'https://app.netlify.com');
  url.search = new URLSearchParams({
    client_id: clientId(),
    response_type: 'code',
    redirect_uri: redirectUri,
    state,
  }).toString();
  return url.toString();
};

/** Netlify refused the code (`invalid_grant` and the like): the buyer should start again. */
export class NetlifyOAuthError extends Error {
  constructor(readonly code: string) {
    super(`Netlify refused the authorization code (${code}).`);
    this.name = 'NetlifyOAuthError';
  }
}

/** Exchanges a buyer's callback code for their token. */
export const exchangeNetlifyCode = async (code: string, redirectUri: string): Promise<string> => {
  const secret = await readSecret('netlifyClientSecret');
  const { response, body } = await withinBudget(
    'netlify',
    callBudgets.netlify.timeoutMs,
    async (signal) => {
      let answer: Response;
      try {
        answer = await fetch(new URL('/oauth/token', apiOrigin()), {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            client_id: clientId(),
            client_secret: secret,
            redirect_uri: redirectUri,
          }),
          signal,
        });
      } catch (error) {
        throw new ThirdPartyUnavailableError('netlify', { cause: error });
      }
      if (answer.status >= 500) throw new ThirdPartyUnavailableError('netlify');
      return {
        response: answer,
        body: (await answer.json().catch(() => ({}))) as {
          access_token?: unknown;
          error?: unknown;
        },
      };
    },
  );
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new NetlifyOAuthError(
      typeof body.error === 'string' ? body.error : `http_${response.status}`,
    );
  }
  return body.access_token;
};

/**
 * Where GitHub sends a linked repository's pushes so Netlify rebuilds the site (continuous
 * deployment of an API-linked site): `https://api.netlify.com/hooks/github`.
 */
export const netlifyGithubHookUrl = (): string => new URL('/hooks/github', apiOrigin()).toString();

/**
 * Each API method of `client` within Netlify's budget: its requests get the deadline's signal,
 * and a Netlify that does not answer becomes ThirdPartyUnavailableError.
 */
const withBudget = (client: NetlifyAPI): NetlifyAPI =>
  new Proxy(client, {
    get: (target, property, receiver) => {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !Object.hasOwn(target, property)) return value;
      const method = value as (params?: unknown, opts?: Record<string, unknown>) => unknown;
      return (params?: unknown, opts?: Record<string, unknown>) =>
        withinBudget('netlify', callBudgets.netlify.timeoutMs, async (signal) => {
          try {
            return await method.call(target, params, { ...opts, signal });
          } catch (error) {
            if (isNetlifyUnavailable(error) || signal.aborted) {
              throw new ThirdPartyUnavailableError('netlify', { cause: error });
            }
            throw error;
          }
        });
    },
  });

/**
 * `@netlify/api` as a buyer, each call within Netlify's budget, whoever waits on it: an API
 * request, or a deploy step whose function's timeout is longer than its calls' budgets together
 * (contract/third-parties.ts, `DEPLOY_SITE_STEP_CALLS`; lib/constructs/buyer-deploy.ts).
 */
export const netlifyAsUser = async (token: string): Promise<NetlifyAPI> => {
  const { NetlifyAPI: Client } = await import('@netlify/api');
  const origin = apiOrigin();
  const client = new Client(token, {
    scheme: origin.protocol.replace(':', ''),
    host: origin.host,
    pathPrefix: '/api/v1',
  });
  return withBudget(client);
};

/** The HTTP status of an `@netlify/api` error (a `JSONHTTPError`/`TextHTTPError`), if any. */
export const netlifyErrorStatus = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};
