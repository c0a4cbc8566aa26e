/**
 * The local Netlify server's state: accounts, their access tokens (only as SHA-256 hashes), the
 * OAuth applications and the authorization codes they were given (hashed too), sites and deploys.
 * Kept in memory and written as JSON to `<dataDir>/state.json` shortly after each change (and on
 * stop), so an `npm start` restart keeps the buyers' sites; a deploy's published files live beside
 * it under `<dataDir>/sites/<name>/<deploy id>/` (builds.ts).
 */
import { persistedState } from '../persisted-state';

/** A Netlify user (who owns the sites) and the team of the same name its sites belong to. */
export interface Account {
  id: string;
  email: string;
  full_name: string;
  /** The team slug (`account_slug` on a site). */
  slug: string;
  created_at: string;
}

export interface StoredToken {
  accountId: string;
  /** `oauth` for a code exchange, `personal` for a token the control API made. */
  kind: 'oauth' | 'personal';
  clientId: string | null;
  created_at: string;
}

/** A registered OAuth application (Netlify: User settings → Applications → OAuth). */
export interface OAuthClient {
  client_id: string;
  client_secret: string;
  name: string;
  /** Where `/authorize` may send the browser back; empty: any http(s) URL. */
  redirect_uris: string[];
}

export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  accountId: string;
  /** Epoch milliseconds; Doorkeeper's default lifetime is 10 minutes. */
  expiresAt: number;
  used: boolean;
}

/** What a site builds from (the `repo` of createSite, kept as `build_settings`). */
export interface RepoSettings {
  id: number;
  provider: string;
  repo_path: string | null;
  repo_url: string;
  /** null: the repository's default branch. */
  repo_branch: string | null;
  cmd: string | null;
  dir: string | null;
  base: string | null;
  public_repo: boolean;
  installation_id: number | null;
  /** The deploy key the build clones a private repository with. */
  deploy_key_id?: string | null;
}

/** A deploy key (`POST /deploy_keys`): its private half stays here, like Netlify keeps it. */
export interface StoredDeployKey {
  id: string;
  accountId: string;
  public_key: string;
  private_key: string;
  created_at: string;
}

export interface StoredSite {
  id: string;
  name: string;
  accountId: string;
  created_at: string;
  updated_at: string;
  repo: RepoSettings | null;
  published_deploy_id: string | null;
}

/** Netlify's deploy states, in the order a git build passes them. */
export type DeployState = 'new' | 'enqueued' | 'building' | 'ready' | 'error';

export interface SummaryMessage {
  type: 'info' | 'warning' | 'error';
  title: string;
  description: string;
  details: string | null;
}

export interface StoredDeploy {
  id: string;
  build_id: string;
  site_id: string;
  user_id: string;
  state: DeployState;
  error_message: string | null;
  branch: string | null;
  commit_ref: string | null;
  commit_message: string | null;
  /** The publish directory used, relative to the repository root ('' for the root). */
  publish_dir: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** Seconds the build took, once finished. */
  deploy_time: number | null;
  summary: SummaryMessage[];
  /** The build log, one line per entry, timestamped. */
  log: string[];
}

export interface NetlifyState {
  accounts: Record<string, Account>;
  /** By SHA-256 of the token. */
  tokens: Record<string, StoredToken>;
  clients: Record<string, OAuthClient>;
  /** By SHA-256 of the code. */
  codes: Record<string, AuthorizationCode>;
  sites: Record<string, StoredSite>;
  deploys: Record<string, StoredDeploy>;
  deployKeys: Record<string, StoredDeployKey>;
  /** `build_settings.id` counts up per server. */
  repoSequence: number;
}

export const emptyState = (): NetlifyState => ({
  accounts: {},
  tokens: {},
  clients: {},
  codes: {},
  sites: {},
  deploys: {},
  deployKeys: {},
  repoSequence: 0,
});

export interface Store {
  readonly state: NetlifyState;
  /** Empties every collection (the control API's reset). */
  clear(): void;
  /** Schedules a write of the state file (debounced); call after every change. */
  changed(): void;
  /** Writes now, if anything changed since the last write. */
  flush(): void;
}

/**
 * Loads `file` (or starts empty when it is absent or unreadable) and keeps it up to date; without
 * a file the state lives in memory only.
 */
export const createStore = (file: string | undefined): Store => {
  const { state, changed, flush } = persistedState(file, emptyState);
  return {
    state,
    clear: () => {
      Object.assign(state, emptyState());
      changed();
    },
    changed,
    flush,
  };
};
