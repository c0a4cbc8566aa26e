/**
 * A typed client of the local Netlify server's control API (control.ts documents the routes), for
 * the seed and the tests: reset, accounts and tokens, OAuth applications and codes without a
 * browser, the deploy step delay, every site, a deploy's build log, and waiting for builds.
 */
import type { DeployState, OAuthClient } from './store';
import type { SiteObject, UserObject } from './objects';

export class LocalNetlifyControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code?: number; message: string },
  ) {
    super(`Local Netlify control API answered ${status}: ${body.message}`);
  }
}

export interface LocalNetlifyControl {
  /** Everything gone; the configured OAuth clients and the default account are made again. */
  reset(): Promise<void>;
  accounts(): Promise<UserObject[]>;
  /** A new account and a personal access token for it. */
  createAccount(input?: {
    email?: string;
    full_name?: string;
    slug?: string;
  }): Promise<{ account: UserObject; token: string }>;
  createToken(accountId: string): Promise<string>;
  registerClient(input?: Partial<OAuthClient>): Promise<OAuthClient>;
  /** The consent page's Authorize without a browser. */
  authorize(input: {
    client_id: string;
    redirect_uri?: string;
    account_id?: string;
    state?: string;
  }): Promise<{ code: string; redirect_url: string }>;
  setStepDelay(ms: number): Promise<void>;
  sites(): Promise<SiteObject[]>;
  deployLog(deployId: string): Promise<{ state: DeployState; log: string[] }>;
  /** Resolves true once no build runs (false after `timeoutMs`). */
  waitForBuilds(timeoutMs?: number): Promise<boolean>;
}

/** A client for the server at `endpoint` (`http://localhost:8888`). */
export const createLocalNetlifyControl = (endpoint: string): LocalNetlifyControl => {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const response = await fetch(`${endpoint}/_local/${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const parsed = (await response.json()) as T & { message?: string; code?: number };
    if (!response.ok) {
      throw new LocalNetlifyControlError(response.status, {
        message: parsed.message ?? response.statusText,
        ...(parsed.code ? { code: parsed.code } : {}),
      });
    }
    return parsed;
  };
  const id = encodeURIComponent;
  return {
    reset: async () => {
      await call('POST', 'reset', {});
    },
    accounts: async () => (await call<{ accounts: UserObject[] }>('GET', 'accounts')).accounts,
    createAccount: (input = {}) => call('POST', 'accounts', input),
    createToken: async (accountId) =>
      (await call<{ token: string }>('POST', `accounts/${id(accountId)}/tokens`, {})).token,
    registerClient: (input = {}) => call('POST', 'clients', input),
    authorize: (input) => call('POST', 'authorize', input),
    setStepDelay: async (ms) => {
      await call('POST', 'step-delay', { ms });
    },
    sites: async () => (await call<{ sites: SiteObject[] }>('GET', 'sites')).sites,
    deployLog: (deployId) => call('GET', `deploys/${id(deployId)}/log`),
    waitForBuilds: async (timeoutMs = 10_000) =>
      (await call<{ idle: boolean }>('POST', 'idle', { timeoutMs })).idle,
  };
};
