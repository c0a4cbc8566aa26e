/**
 * The control API: not Netlify's, for tests, the seed and demos. JSON in and out, under `/_local`;
 * errors are `{ code, message }`. The server listens on localhost only and the control API has no
 * credentials of its own (the consent page lets anyone there act as any local account anyway).
 *
 *   POST /_local/reset                  → { reset: true }  every account, token, site and deploy
 *                                         gone (running builds stopped, published files removed);
 *                                         the configured OAuth clients and the default account
 *                                         are made again
 *   GET  /_local/accounts               → { accounts: User[] }
 *   POST /_local/accounts               { email?, full_name?, slug? } → { account: User, token }
 *   POST /_local/accounts/{id}/tokens   → { token }  (a personal access token, `nfp_…`)
 *   POST /_local/clients                { client_id?, client_secret?, name?, redirect_uris? }
 *                                       → OAuthClient  (registers or replaces an OAuth application)
 *   POST /_local/authorize              { client_id, redirect_uri?, account_id?, state? }
 *                                       → { code, redirect_url }  (the consent page's Authorize,
 *                                         without a browser; default: the first account)
 *   POST /_local/step-delay             { ms } → { ms }  (how long each deploy state lasts at least)
 *   GET  /_local/sites                  → { sites: Site[] }  every account's, newest first
 *   GET  /_local/deploys/{id}/log       → { state, log: string[] }
 *   POST /_local/idle                   { timeoutMs?: 10000 } → { idle }  (waits until no build runs)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiError, notFound, readJsonObject, sendJson, type JsonObject } from './http';
import { siteObject, userObject, type ObjectContext } from './objects';
import { createAuthorizationCode, issueToken } from './oauth';
import type { Account, OAuthClient, Store } from './store';

export interface ControlOperations {
  reset(): Promise<void>;
  createAccount(input: { email?: string; full_name?: string; slug?: string }): Account;
  registerClient(input: Partial<OAuthClient>): OAuthClient;
  setStepDelay(ms: number): void;
  idle(timeoutMs: number): Promise<boolean>;
}

const optionalString = (body: JsonObject, name: string): string | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw apiError(400, `${name} must be a string`);
  return value;
};

const optionalNumber = (body: JsonObject, name: string): number | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw apiError(400, `${name} must be a number of 0 or more`);
  return Math.floor(value);
};

const stringList = (body: JsonObject, name: string): string[] | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw apiError(400, `${name} must be a list of strings`);
  return value as string[];
};

type ControlContext = ObjectContext & { store: Store };

/** One control request: its route with the id as `:` (`POST accounts/:/tokens`) and the id. */
interface ControlRequest {
  ctx: ControlContext;
  operations: ControlOperations;
  route: string;
  id: string;
  request: IncomingMessage;
  send: (body: unknown, status?: number) => void;
}

/** Accounts, their tokens, the OAuth clients and the consent page's Authorize. */
const handleAccountRoutes = async ({
  ctx,
  operations,
  route,
  id,
  request,
  send,
}: ControlRequest): Promise<boolean> => {
  switch (route) {
    case 'GET accounts':
      send({
        accounts: Object.values(ctx.state.accounts).map((account) => userObject(ctx, account)),
      });
      return true;
    case 'POST accounts': {
      const body = await readJsonObject(request);
      const account = operations.createAccount({
        email: optionalString(body, 'email'),
        full_name: optionalString(body, 'full_name'),
        slug: optionalString(body, 'slug'),
      });
      send(
        { account: userObject(ctx, account), token: issueToken(ctx.store, account, 'personal') },
        201,
      );
      return true;
    }
    case 'POST accounts/:/tokens': {
      const account = ctx.state.accounts[id];
      if (!account) throw notFound();
      send({ token: issueToken(ctx.store, account, 'personal') }, 201);
      return true;
    }
    case 'POST clients': {
      const body = await readJsonObject(request);
      const client = operations.registerClient({
        client_id: optionalString(body, 'client_id'),
        client_secret: optionalString(body, 'client_secret'),
        name: optionalString(body, 'name'),
        redirect_uris: stringList(body, 'redirect_uris'),
      });
      send(client, 201);
      return true;
    }
    case 'POST authorize': {
      const body = await readJsonObject(request);
      const accountId = optionalString(body, 'account_id') ?? Object.keys(ctx.state.accounts)[0];
      send(
        createAuthorizationCode(ctx.store, {
          clientId: optionalString(body, 'client_id') ?? '',
          redirectUri: optionalString(body, 'redirect_uri'),
          accountId: accountId ?? '',
          state: optionalString(body, 'state'),
        }),
      );
      return true;
    }
    default:
      return false;
  }
};

/** The builds: their pace, every site, a deploy's log, waiting until none runs. */
const handleBuildRoutes = async ({
  ctx,
  operations,
  route,
  id,
  request,
  send,
}: ControlRequest): Promise<boolean> => {
  switch (route) {
    case 'POST step-delay': {
      const ms = optionalNumber(await readJsonObject(request), 'ms');
      if (ms === undefined) throw apiError(400, 'ms is required');
      operations.setStepDelay(Math.min(ms, 60_000));
      send({ ms: Math.min(ms, 60_000) });
      return true;
    }
    case 'GET sites': {
      const sites = Object.values(ctx.state.sites)
        .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
        .map((site) => siteObject(ctx, site));
      send({ sites });
      return true;
    }
    case 'GET deploys/:/log': {
      const deploy = ctx.state.deploys[id];
      if (!deploy) throw notFound();
      send({ state: deploy.state, log: deploy.log });
      return true;
    }
    case 'POST idle': {
      const timeoutMs = optionalNumber(await readJsonObject(request), 'timeoutMs') ?? 10_000;
      send({ idle: await operations.idle(Math.min(timeoutMs, 60_000)) });
      return true;
    }
    default:
      return false;
  }
};

/** Handles `/_local/…`; false when no such control route exists. */
export const handleControlRequest = async (
  ctx: ControlContext,
  operations: ControlOperations,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> => {
  const segments = url.pathname.split('/').slice(2).map(decodeURIComponent);
  const route = `${request.method} ${segments.map((segment, index) => (index === 1 ? ':' : segment)).join('/')}`;
  const id = segments[1] ?? '';
  const send = (body: unknown, status = 200) => sendJson(response, status, body);
  if (route === 'POST reset') {
    await operations.reset();
    send({ reset: true });
    return true;
  }
  const control: ControlRequest = { ctx, operations, route, id, request, send };
  return (await handleAccountRoutes(control)) || (await handleBuildRoutes(control));
};
