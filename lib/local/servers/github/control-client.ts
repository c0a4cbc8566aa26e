/**
 * A typed client of the local GitHub server's control API (control.ts documents the routes), for
 * the seed and the tests: users and their tokens, the OAuth app and the GitHub App, installations,
 * webhook deliveries (list, redeliver, wait), and a repository's files at a ref.
 */
export class LocalGithubControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string },
  ) {
    super(`Local GitHub control API answered ${status}: ${body.message ?? ''}`);
  }
}

export interface LocalGithubUserInput {
  login: string;
  name?: string;
  email?: string;
  avatar_url?: string;
}

/** The GitHub user as `GET /user` shows it (the fields tests read). */
export interface LocalGithubUser {
  login: string;
  id: number;
  name: string | null;
  email: string | null;
  avatar_url: string;
}

export interface LocalGithubAppInput {
  id: number;
  slug: string;
  name?: string;
  /** PEM public key of the app's private key (app JWTs are verified with it). */
  publicKey: string;
  /** Where the installation page redirects (`installation_id`, `setup_action`, `state`). */
  setupUrl?: string;
  clientId?: string;
  clientSecret?: string;
  permissions?: Record<string, string>;
  events?: string[];
}

export interface LocalGithubOAuthAppInput {
  clientId: string;
  clientSecret: string;
  callbackUrl?: string;
}

export interface LocalGithubDelivery {
  id: number;
  /** `X-GitHub-Delivery`. */
  guid: string;
  hook_id: number;
  /** Lower-cased `owner/name`. */
  repository: string;
  event: string;
  redelivery: boolean;
  delivered_at: string | null;
  /** The receiver's status; 0 when it could not be reached; null while pending. */
  status_code: number | null;
  status: string;
  duration: number | null;
  payload: Record<string, unknown>;
}

/** The control API's view of the secondary limit (snake_case, as sent). */
export interface LocalSecondaryLimit {
  enabled: boolean;
  per_minute: number;
  per_hour: number;
  minute_ms: number;
  hour_ms: number;
  status: 403 | 429;
}

export interface LocalGithubControl {
  reset(): Promise<void>;
  /** Creates a user (or returns the existing one with that login). */
  createUser(input: LocalGithubUserInput): Promise<LocalGithubUser>;
  /** An OAuth token (`gho_…`) of the user, as if it had authorised the OAuth app. */
  createToken(login: string, scopes?: string[]): Promise<string>;
  configureOAuthApp(input: LocalGithubOAuthAppInput): Promise<void>;
  configureApp(input: LocalGithubAppInput): Promise<void>;
  /** Installs the app on an account without the page; returns the installation id. */
  installApp(account: string): Promise<number>;
  /** Oldest first. */
  deliveries(filter?: { repo?: string; event?: string }): Promise<LocalGithubDelivery[]>;
  redeliver(deliveryId: number): Promise<LocalGithubDelivery>;
  /** Resolves true once every queued delivery was attempted (false after `timeoutMs`). */
  waitForDeliveries(timeoutMs?: number): Promise<boolean>;
  /** The files of `owner/repo` at `ref` (default branch by default). */
  readFiles(
    owner: string,
    repo: string,
    ref?: string,
  ): Promise<{ sha: string; files: Map<string, Buffer> }>;
  /**
   * GitHub's secondary limit on content-creating requests: changes the given settings (none:
   * reads them) and says how many requests it admitted and refused since the last reset.
   */
  secondaryLimit(change?: Partial<LocalSecondaryLimit>): Promise<{
    settings: LocalSecondaryLimit;
    usage: { admitted: number; refused: number };
  }>;
}

export const createLocalGithubControl = (endpoint: string): LocalGithubControl => {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const response = await fetch(`${endpoint}/_local/${path}`, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const parsed = (await response.json()) as T & { message?: string };
    if (!response.ok) throw new LocalGithubControlError(response.status, parsed);
    return parsed;
  };
  const id = encodeURIComponent;
  return {
    reset: async () => {
      await call('POST', 'reset');
    },
    createUser: (input) => call('POST', 'users', input),
    createToken: async (login, scopes) =>
      (await call<{ token: string }>('POST', `users/${id(login)}/tokens`, scopes ? { scopes } : {}))
        .token,
    configureOAuthApp: async (input) => {
      await call('POST', 'oauth-app', {
        client_id: input.clientId,
        client_secret: input.clientSecret,
        callback_url: input.callbackUrl,
      });
    },
    configureApp: async (input) => {
      await call('POST', 'app', {
        id: input.id,
        slug: input.slug,
        name: input.name,
        public_key: input.publicKey,
        setup_url: input.setupUrl,
        client_id: input.clientId,
        client_secret: input.clientSecret,
        permissions: input.permissions,
        events: input.events,
      });
    },
    installApp: async (account) =>
      (await call<{ id: number }>('POST', 'installations', { account })).id,
    deliveries: async (filter = {}) => {
      const query = new URLSearchParams();
      if (filter.repo) query.set('repo', filter.repo);
      if (filter.event) query.set('event', filter.event);
      return (
        await call<{ deliveries: LocalGithubDelivery[] }>('GET', `deliveries?${query.toString()}`)
      ).deliveries;
    },
    redeliver: (deliveryId) => call('POST', `deliveries/${deliveryId}/redeliver`),
    waitForDeliveries: async (timeoutMs = 10_000) =>
      (await call<{ idle: boolean }>('POST', 'deliveries/idle', { timeoutMs })).idle,
    secondaryLimit: (change) =>
      change ? call('POST', 'secondary-limit', change) : call('GET', 'secondary-limit'),
    readFiles: async (owner, repo, ref) => {
      const query = ref ? `?ref=${id(ref)}` : '';
      const { sha, files } = await call<{ sha: string; files: Record<string, string> }>(
        'GET',
        `repos/${id(owner)}/${id(repo)}/files${query}`,
      );
      return {
        sha,
        files: new Map(
          Object.entries(files).map(([path, data]) => [path, Buffer.from(data, 'base64')]),
        ),
      };
    },
  };
};
