/**
 * Netlify's OAuth 2 authorization-code flow, as its Doorkeeper server answers it.
 *
 *   GET  /authorize?client_id&response_type=code&redirect_uri&state
 *        A consent page: the local account to authorize as, Authorize and Deny. An unknown client
 *        or a redirect URI the client did not register is an error page (no redirect, as OAuth
 *        requires); another response_type is redirected back with `unsupported_response_type`.
 *   POST /authorize  (the page's form) → 302 to redirect_uri with `code` and `state`, or
 *        `error=access_denied` and `error_description` on Deny.
 *   POST /oauth/token  grant_type=authorization_code, code, client_id, client_secret (or HTTP Basic),
 *        redirect_uri; form-encoded or JSON → `{ access_token, token_type: 'Bearer', scope,
 *        created_at }`. A code is single-use and lives 10 minutes; errors are Doorkeeper's
 *        `{ error, error_description }` (400 invalid_request / invalid_grant /
 *        unsupported_grant_type, 401 invalid_client).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  apiError,
  escapeHtml,
  nowIso,
  page,
  randomSecret,
  readBody,
  redirect,
  sendHtml,
  sendJson,
  sha256,
} from './http';
import type { Account, OAuthClient, Store } from './store';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
const SCOPE = 'public';

const DESCRIPTIONS = {
  invalid_request:
    'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.',
  invalid_client:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  invalid_grant:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  unsupported_grant_type:
    'The authorization grant type is not supported by the authorization server.',
  unsupported_response_type: 'The authorization server does not support this response type.',
  access_denied: 'The resource owner or authorization server denied the request.',
  invalid_redirect_uri:
    "The requested redirect uri is malformed or doesn't match client redirect URI.",
} as const;

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(sha256(a));
  const right = Buffer.from(sha256(b));
  return timingSafeEqual(left, right);
};

/** A token for `account`, kept hashed; returned once. */
export const issueToken = (
  store: Store,
  account: Account,
  kind: 'oauth' | 'personal',
  clientId: string | null = null,
): string => {
  const token = kind === 'personal' ? `nfp_${randomSecret(30)}` : randomSecret(32);
  store.state.tokens[sha256(token)] = {
    accountId: account.id,
    kind,
    clientId,
    created_at: nowIso(),
  };
  store.changed();
  return token;
};

/** The account a Bearer token belongs to. */
export const accountOfToken = (store: Store, token: string): Account | undefined => {
  const record = store.state.tokens[sha256(token)];
  return record ? store.state.accounts[record.accountId] : undefined;
};

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch (_error) {
    return false;
  }
};

/** The redirect URI to use, or undefined when it is not one the client may use. */
const resolveRedirectUri = (client: OAuthClient, given: string | undefined) => {
  if (!given) return client.redirect_uris.length === 1 ? client.redirect_uris[0] : undefined;
  if (client.redirect_uris.length === 0) return isHttpUrl(given) ? given : undefined;
  return client.redirect_uris.includes(given) ? given : undefined;
};

const withParams = (target: string, params: Record<string, string | undefined>) => {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
};

const errorPage = (response: ServerResponse, status: number, description: string) =>
  sendHtml(
    response,
    status,
    page(
      'An error has occurred',
      `<h1>An error has occurred</h1><p>${escapeHtml(description)}</p>`,
    ),
  );

const consentPage = (
  client: OAuthClient,
  accounts: Account[],
  params: { client_id: string; redirect_uri: string; state?: string },
) => {
  const hidden = Object.entries({ ...params, response_type: 'code' })
    .filter(([, value]) => value !== undefined)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value ?? '')}">`,
    )
    .join('');
  const options = accounts
    .map(
      (account) =>
        `<option value="${escapeHtml(account.id)}">${escapeHtml(account.full_name)} (${escapeHtml(account.email)})</option>`,
    )
    .join('');
  return page(
    'Authorize application',
    `<h1>Authorize ${escapeHtml(client.name)}</h1>
<p><strong>${escapeHtml(client.name)}</strong> wants to access your Netlify account: create sites, deploy them and read their state.</p>
<form method="post" action="/authorize">${hidden}
  <label for="account_id">Netlify account</label>
  <select id="account_id" name="account_id">${options}</select>
  <div class="buttons">
    <button class="primary" type="submit" name="decision" value="allow">Authorize</button>
    <button class="secondary" type="submit" name="decision" value="deny">Deny</button>
  </div>
</form>`,
  );
};

/** `GET|POST /authorize`. */
export const handleAuthorize = async (
  store: Store,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> => {
  const post = request.method === 'POST';
  if (!post && request.method !== 'GET') {
    return errorPage(response, 405, DESCRIPTIONS.invalid_request);
  }
  const params = post ? new URLSearchParams(await readBody(request)) : url.searchParams;
  const get = (name: string) => params.get(name) ?? undefined;
  const client = store.state.clients[get('client_id') ?? ''];
  if (!client) return errorPage(response, 401, DESCRIPTIONS.invalid_client);
  const redirectUri = resolveRedirectUri(client, get('redirect_uri'));
  if (!redirectUri) return errorPage(response, 400, DESCRIPTIONS.invalid_redirect_uri);
  const state = get('state');
  const back = (query: Record<string, string | undefined>) =>
    redirect(response, 302, withParams(redirectUri, { ...query, state }));
  if (get('response_type') !== 'code') {
    return back({
      error: 'unsupported_response_type',
      error_description: DESCRIPTIONS.unsupported_response_type,
    });
  }
  const accounts = Object.values(store.state.accounts);
  if (!post) {
    return sendHtml(
      response,
      200,
      consentPage(client, accounts, {
        client_id: client.client_id,
        redirect_uri: redirectUri,
        state,
      }),
    );
  }
  if (get('decision') !== 'allow') {
    return back({ error: 'access_denied', error_description: DESCRIPTIONS.access_denied });
  }
  const account = store.state.accounts[get('account_id') ?? ''];
  if (!account) return errorPage(response, 400, DESCRIPTIONS.invalid_request);
  back({ code: grantCode(store, client, redirectUri, account) });
};

/** A single-use code for `account`, valid {@link CODE_LIFETIME_MS}. */
const grantCode = (store: Store, client: OAuthClient, redirectUri: string, account: Account) => {
  const code = randomSecret(32);
  store.state.codes[sha256(code)] = {
    clientId: client.client_id,
    redirectUri,
    accountId: account.id,
    expiresAt: Date.now() + CODE_LIFETIME_MS,
    used: false,
  };
  store.changed();
  return code;
};

/** The consent page's Authorize without a browser (control API): the code and where it would go. */
export const createAuthorizationCode = (
  store: Store,
  input: { clientId: string; redirectUri?: string; accountId: string; state?: string },
): { code: string; redirect_url: string } => {
  const client = store.state.clients[input.clientId];
  if (!client) throw apiError(404, `No OAuth application with client_id '${input.clientId}'`);
  const redirectUri = resolveRedirectUri(client, input.redirectUri);
  if (!redirectUri) throw apiError(400, DESCRIPTIONS.invalid_redirect_uri);
  const account = store.state.accounts[input.accountId];
  if (!account) throw apiError(404, `No account '${input.accountId}'`);
  const code = grantCode(store, client, redirectUri, account);
  return { code, redirect_url: withParams(redirectUri, { code, state: input.state }) };
};

const tokenError = (
  response: ServerResponse,
  status: 400 | 401,
  error: keyof typeof DESCRIPTIONS,
) => sendJson(response, status, { error, error_description: DESCRIPTIONS[error] });

/** The token request's parameters: form-encoded (as OAuth specifies) or JSON (Doorkeeper takes both). */
const tokenParams = async (request: IncomingMessage): Promise<Record<string, string>> => {
  const text = await readBody(request);
  const type = request.headers['content-type'] ?? '';
  let params: Record<string, string> = {};
  if (type.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) {
        params = Object.fromEntries(
          Object.entries(parsed).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        );
      }
    } catch (_error) {
      // Answered as a request without parameters.
    }
  } else params = Object.fromEntries(new URLSearchParams(text));
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    if (id) params.client_id = decodeURIComponent(id);
    if (secret !== undefined) params.client_secret = decodeURIComponent(secret);
  }
  return params;
};

/** `POST /oauth/token`. */
export const handleToken = async (
  store: Store,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> => {
  response.setHeader('pragma', 'no-cache');
  if (request.method !== 'POST') return tokenError(response, 400, 'invalid_request');
  const params = await tokenParams(request);
  if (!params.grant_type) return tokenError(response, 400, 'invalid_request');
  if (params.grant_type !== 'authorization_code') {
    return tokenError(response, 400, 'unsupported_grant_type');
  }
  const client = store.state.clients[params.client_id ?? ''];
  if (!client || !sameSecret(client.client_secret, params.client_secret ?? '')) {
    return tokenError(response, 401, 'invalid_client');
  }
  if (!params.code) return tokenError(response, 400, 'invalid_request');
  const key = sha256(params.code);
  const grant = store.state.codes[key];
  if (
    !grant ||
    grant.used ||
    grant.expiresAt <= Date.now() ||
    grant.clientId !== client.client_id ||
    (params.redirect_uri !== undefined && params.redirect_uri !== grant.redirectUri)
  ) {
    return tokenError(response, 400, 'invalid_grant');
  }
  const account = store.state.accounts[grant.accountId];
  if (!account) return tokenError(response, 400, 'invalid_grant');
  grant.used = true;
  // Used and expired codes are forgotten after their lifetime.
  for (const [other, code] of Object.entries(store.state.codes)) {
    if (code.expiresAt <= Date.now()) delete store.state.codes[other];
  }
  const token = issueToken(store, account, 'oauth', client.client_id);
  sendJson(response, 200, {
    access_token: token,
    token_type: 'Bearer',
    scope: SCOPE,
    created_at: Math.floor(Date.now() / 1000),
  });
};
