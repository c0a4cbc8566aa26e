/**
 * The one Netlify client (one code path to each third party): `@netlify/api`,
 * authenticated with a buyer's OAuth token. `NETLIFY_API_URL` points it (scheme and host) at the
 * local Netlify-compatible server of lib/local/servers/netlify; unset, api.netlify.com.
 *
 * OAuth: the authorize page is Netlify's (`NETLIFY_WEB_URL`, else
 * app.netlify.com); the code is exchanged at `<api origin>/oauth/token`, which `@netlify/api` has
 * no method for, so that one call is a `fetch` with the client secret. The token goes straight to
 * the caller, which seals it in the token vault; it is never logged or returned.
 */
import type { NetlifyAPI } from '@netlify/api';
import { config } from '../config';
import { readSecret } from '../secrets';

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
  const response = await fetch(new URL('/oauth/token', apiOrigin()), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: clientId(),
      client_secret: await readSecret('netlifyClientSecret'),
      redirect_uri: redirectUri,
    }),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: unknown;
    error?: unknown;
  };
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

/** `@netlify/api` as a buyer. */
export const netlifyAsUser = async (token: string): Promise<NetlifyAPI> => {
  const { NetlifyAPI: Client } = await import('@netlify/api');
  const origin = apiOrigin();
  return new Client(token, {
    scheme: origin.protocol.replace(':', ''),
    host: origin.host,
    pathPrefix: '/api/v1',
  });
};

/** The HTTP status of an `@netlify/api` error (a `JSONHTTPError`/`TextHTTPError`), if any. */
export const netlifyErrorStatus = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};
