/**
 * The local GitHub server's state besides the repositories themselves (bare git repositories on
 * disk): users and their tokens, OAuth codes, the OAuth app and the GitHub App, installations,
 * repository metadata, webhooks and their deliveries, pull requests. Kept in memory and written as
 * JSON to `<dataDir>/state.json` shortly after each change (and on stop).
 */
import { persistedState } from '../persisted-state';

export interface StoredUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string;
  created_at: string;
}

export type StoredToken =
  | { kind: 'user'; login: string; scopes: string[]; created_at: string }
  | { kind: 'installation'; installation: number; expires_at: string };

export interface StoredCode {
  login: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

/** An OAuth app (buyers' "connect GitHub"): its client id and secret. */
export interface OAuthAppConfig {
  clientId: string;
  clientSecret: string;
  /** When set, `redirect_uri` must start with it (GitHub's callback URL rule). */
  callbackUrl?: string;
}

/** The GitHub App (sellers' repositories), as registered on GitHub. */
export interface GithubAppConfig {
  id: number;
  slug: string;
  name: string;
  /** PEM (SPKI) public key of the app's private key: app JWTs are verified with it. */
  publicKey: string;
  /** Where the installation page sends the browser (the app's "Setup URL"). */
  setupUrl?: string;
  /** The app's OAuth credentials: with them, installation also returns a `code` (user authorisation). */
  clientId?: string;
  clientSecret?: string;
  permissions: Record<string, string>;
  events: string[];
}

export interface StoredInstallation {
  id: number;
  account: string;
  created_at: string;
  updated_at: string;
}

export interface StoredRepo {
  id: number;
  owner: string;
  name: string;
  private: boolean;
  description: string | null;
  default_branch: string;
  created_at: string;
  updated_at: string;
  pushed_at: string | null;
  nextNumber: number;
}

/** A deploy key of a repository (`POST /repos/{owner}/{repo}/keys`). */
export interface StoredDeployKey {
  id: number;
  /** Lower-cased `owner/name`. */
  repo: string;
  key: string;
  title: string;
  read_only: boolean;
  added_by: string | null;
  created_at: string;
}

export interface StoredHook {
  id: number;
  repo: string;
  url: string;
  secret: string | null;
  content_type: 'json' | 'form';
  events: string[];
  active: boolean;
  created_at: string;
  updated_at: string;
  last_response: { code: number | null; status: string; message: string | null };
}

export interface StoredDelivery {
  /** Each attempt has its own id; a redelivery keeps the `guid` (`X-GitHub-Delivery`). */
  id: number;
  guid: string;
  hook: number;
  repo: string;
  event: string;
  redelivery: boolean;
  /** The exact body sent (signatures are over these bytes). */
  payload: string;
  delivered_at: string | null;
  status_code: number | null;
  status: string;
  duration: number | null;
}

export interface StoredPull {
  id: number;
  number: number;
  repo: string;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  user: string;
  head: { ref: string; sha: string };
  base: { ref: string; sha: string };
  created_at: string;
  updated_at: string;
}

export interface GithubState {
  nextId: number;
  users: Record<string, StoredUser>;
  tokens: Record<string, StoredToken>;
  codes: Record<string, StoredCode>;
  oauthApp: OAuthAppConfig | null;
  app: GithubAppConfig | null;
  installations: Record<string, StoredInstallation>;
  /** By lower-cased `owner/name` (GitHub's names are case-insensitive). */
  repos: Record<string, StoredRepo>;
  hooks: Record<string, StoredHook>;
  deployKeys: Record<string, StoredDeployKey>;
  /** Oldest first; the newest {@link MAX_DELIVERIES} are kept. */
  deliveries: StoredDelivery[];
  pulls: StoredPull[];
}

export const MAX_DELIVERIES = 1000;

export const emptyState = (): GithubState => ({
  nextId: 1000,
  users: {},
  tokens: {},
  codes: {},
  oauthApp: null,
  app: null,
  installations: {},
  repos: {},
  hooks: {},
  deployKeys: {},
  deliveries: [],
  pulls: [],
});

export interface Store {
  readonly state: GithubState;
  /** A new numeric id (users, repositories, hooks, installations, deliveries share one sequence). */
  nextId(): number;
  /** Empties the state (control API reset). */
  reset(): void;
  changed(): void;
  flush(): void;
}

export const createStore = (file: string | undefined): Store => {
  const { state, changed, flush } = persistedState(file, emptyState, {
    onChange: (current) => {
      if (current.deliveries.length > MAX_DELIVERIES)
        current.deliveries.splice(0, current.deliveries.length - MAX_DELIVERIES);
    },
  });
  return {
    state,
    nextId: () => {
      state.nextId += 1;
      changed();
      return state.nextId;
    },
    reset: () => {
      Object.assign(state, emptyState());
      changed();
    },
    changed,
    flush,
  };
};
