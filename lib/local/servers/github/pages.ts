/**
 * The browser side of GitHub's two flows: the OAuth consent page (`/login/oauth/authorize`) and
 * the token exchange (`POST /login/oauth/access_token`, single-use codes valid 10 minutes, errors
 * as GitHub answers them: 200 with `error`), and the GitHub App's installation page
 * (`/apps/{slug}/installations/new`), which installs the app on the chosen account and sends the
 * browser to the app's setup URL. There is no password: the page asks which local user acts, and
 * never fills one in (as GitHub asks whoever is at the browser to sign in, it must not guess an
 * account, least of all the demo seller's, for a buyer).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from './context';
import {
  html,
  isoSeconds,
  randomAlphanumeric,
  readParams,
  redirect,
  sendJson,
  sendPage,
} from './http';
import type { StoredInstallation } from './store';

const CODE_TTL_MS = 10 * 60 * 1000;
const OAUTH_DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

/** The OAuth credentials a client id belongs to: the OAuth app, or the GitHub App's. */
const clientOf = (ctx: Context, clientId: string) => {
  const { oauthApp, app } = ctx.state;
  if (oauthApp?.clientId === clientId)
    return { secret: oauthApp.clientSecret, callbackUrl: oauthApp.callbackUrl, prefix: 'gho_' };
  if (app?.clientId && app.clientId === clientId)
    return { secret: app.clientSecret ?? '', callbackUrl: app.setupUrl, prefix: 'ghu_' };
  return undefined;
};

/** A single-use code for `login`, as after the user pressed Authorize. */
export const issueCode = (
  ctx: Context,
  login: string,
  clientId: string,
  redirectUri: string,
  scope: string,
) => {
  const now = Date.now();
  for (const [code, stored] of Object.entries(ctx.state.codes))
    if (stored.expiresAt < now) delete ctx.state.codes[code];
  const code = randomAlphanumeric(20);
  ctx.state.codes[code] = {
    login,
    clientId,
    redirectUri,
    scope,
    expiresAt: now + CODE_TTL_MS,
    used: false,
  };
  ctx.store.changed();
  return code;
};

/** A user's OAuth token (`gho_…`), as the token exchange and the control API issue it. */
export const issueUserToken = (ctx: Context, login: string, scopes: string[], prefix = 'gho_') => {
  const token = `${prefix}${randomAlphanumeric(36)}`;
  ctx.state.tokens[token] = { kind: 'user', login, scopes, created_at: isoSeconds() };
  ctx.store.changed();
  return token;
};

const withQuery = (target: string, params: Record<string, string>) => {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

/** The local accounts, named under the field as a reminder (none is chosen for the user). */
const accountsHint = (ctx: Context) => {
  const logins = Object.values(ctx.state.users).map((user) => user.login);
  return logins.length > 0
    ? html`<p class="hint" id="login-hint">Local accounts: ${logins.join(', ')}</p>`
    : '';
};

/** Why a POST did not go through: no account typed, or one that does not exist. */
const loginError = (login: string) =>
  login
    ? html`<p class="error">There is no local user ${login}.</p>`
    : html`<p class="error">Enter the local GitHub user to continue as.</p>`;

export const handleAuthorizePage = async (
  ctx: Context,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) => {
  const params =
    request.method === 'POST'
      ? ((await readParams(request)) as Record<string, string>)
      : Object.fromEntries(url.searchParams);
  const clientId = params.client_id ?? '';
  const client = clientOf(ctx, clientId);
  const configured = ctx.state.oauthApp !== null || Boolean(ctx.state.app?.clientId);
  if (configured && !client)
    return sendPage(
      response,
      404,
      'Application not found',
      html`<p class="error">No application has the client id ${clientId}.</p>`,
    );
  const redirectUri = params.redirect_uri || client?.callbackUrl || '';
  if (
    !/^https?:\/\//.test(redirectUri) ||
    (client?.callbackUrl && !redirectUri.startsWith(client.callbackUrl))
  )
    return sendPage(
      response,
      400,
      'Redirect URI mismatch',
      html`<p class="error">The redirect_uri is not associated with this application.</p>`,
    );
  const state = params.state ?? '';
  const scope = params.scope ?? '';
  const login = (params.login ?? '').trim();
  if (request.method === 'POST') {
    const user = ctx.state.users[login.toLowerCase()];
    if (user) {
      const code = issueCode(ctx, user.login, clientId, redirectUri, scope);
      return redirect(response, withQuery(redirectUri, { code, ...(state ? { state } : {}) }));
    }
  }
  const error = request.method === 'POST' ? loginError(login) : '';
  sendPage(
    response,
    200,
    'Authorize application',
    html`<p>The application would like access to your GitHub account.</p>` +
      (scope ? html`<p>Scopes: ${scope}</p>` : '') +
      error +
      html`<form method="post" action="/login/oauth/authorize">
        <input type="hidden" name="client_id" value="${clientId}" /><input
          type="hidden"
          name="redirect_uri"
          value="${redirectUri}"
        />
        <input type="hidden" name="state" value="${state}" /><input
          type="hidden"
          name="scope"
          value="${scope}"
        />
        <label for="login">Local GitHub user</label
        ><input
          id="login"
          name="login"
          value="${login}"
          placeholder="username"
          required
          aria-describedby="login-hint"
          autocomplete="off"
        />
        <button type="submit">Authorize</button>
      </form>` +
      accountsHint(ctx),
  );
};

/** `POST /login/oauth/access_token`: GitHub answers errors with 200 and an `error` field. */
export const handleAccessToken = async (
  ctx: Context,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) => {
  const params = {
    ...Object.fromEntries(url.searchParams),
    ...(await readParams(request)),
  } as Record<string, string>;
  const wantsJson = (request.headers.accept ?? '').includes('application/json');
  const answer = (body: Record<string, string>) => {
    if (wantsJson) return sendJson(response, 200, body);
    const text = new URLSearchParams(body).toString();
    response.writeHead(200, {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  };
  const client = clientOf(ctx, params.client_id ?? '');
  const configured = ctx.state.oauthApp !== null || Boolean(ctx.state.app?.clientId);
  if (configured && (!client || client.secret !== params.client_secret))
    return answer({
      error: 'incorrect_client_credentials',
      error_description: 'The client_id and/or client_secret passed are incorrect.',
      error_uri: `${OAUTH_DOCS}#incorrect-client-credentials`,
    });
  const stored = ctx.state.codes[params.code ?? ''];
  const valid =
    stored &&
    !stored.used &&
    stored.expiresAt > Date.now() &&
    stored.clientId === (params.client_id ?? '') &&
    (!params.redirect_uri || params.redirect_uri === stored.redirectUri);
  if (!stored || !valid)
    return answer({
      error: 'bad_verification_code',
      error_description: 'The code passed is incorrect or expired.',
      error_uri: `${OAUTH_DOCS}#bad-verification-code`,
    });
  stored.used = true;
  ctx.store.changed();
  const token = issueUserToken(
    ctx,
    stored.login,
    stored.scope.split(/[ ,]+/).filter(Boolean),
    client?.prefix ?? 'gho_',
  );
  answer({ access_token: token, token_type: 'bearer', scope: stored.scope });
};

/** Installs the app on `login`'s account (or finds the installation it already has). */
export const installApp = (
  ctx: Context,
  login: string,
): { installation: StoredInstallation; created: boolean } => {
  const existing = Object.values(ctx.state.installations).find(
    (candidate) => candidate.account.toLowerCase() === login.toLowerCase(),
  );
  if (existing) return { installation: existing, created: false };
  const now = isoSeconds();
  const installation = { id: ctx.store.nextId(), account: login, created_at: now, updated_at: now };
  ctx.state.installations[String(installation.id)] = installation;
  ctx.store.changed();
  return { installation, created: true };
};

export const handleInstallPage = async (
  ctx: Context,
  slug: string,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) => {
  const app = ctx.state.app;
  if (!app || app.slug !== slug)
    return sendPage(response, 404, 'Not Found', html`<p class="error">No GitHub App ${slug}.</p>`);
  const params =
    request.method === 'POST'
      ? ((await readParams(request)) as Record<string, string>)
      : Object.fromEntries(url.searchParams);
  const state = params.state ?? '';
  const login = (params.login ?? '').trim();
  if (request.method === 'POST') {
    const user = ctx.state.users[login.toLowerCase()];
    if (user) {
      const { installation, created } = installApp(ctx, user.login);
      if (!app.setupUrl)
        return sendPage(
          response,
          200,
          `Installed ${app.name}`,
          html`<p>Installation ${installation.id} on ${user.login}.</p>`,
        );
      const code: Record<string, string> = app.clientId
        ? { code: issueCode(ctx, user.login, app.clientId, app.setupUrl, '') }
        : {};
      return redirect(
        response,
        withQuery(app.setupUrl, {
          ...code,
          installation_id: String(installation.id),
          setup_action: created ? 'install' : 'update',
          ...(state ? { state } : {}),
        }),
      );
    }
  }
  const error = request.method === 'POST' ? loginError(login) : '';
  sendPage(
    response,
    200,
    `Install ${app.name}`,
    html`<p>
      Install ${app.name} on an account: it gets access to all of the account's repositories.
    </p>` +
      error +
      html`<form method="post" action="/apps/${app.slug}/installations/new">
        <input type="hidden" name="state" value="${state}" /> <label for="login">Account</label
        ><input
          id="login"
          name="login"
          value="${login}"
          placeholder="username"
          required
          aria-describedby="login-hint"
          autocomplete="off"
        />
        <button type="submit">Install</button>
      </form>` +
      accountsHint(ctx),
  );
};
