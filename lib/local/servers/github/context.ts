/** What the local GitHub server's operations share. */
import { join } from 'node:path';
import type { SecondaryLimiter } from './secondary-limit';
import type { GithubState, Store, StoredRepo } from './store';
import type { WebhookDispatcher } from './webhooks';

export interface Context {
  store: Store;
  state: GithubState;
  /** `http://localhost:<port>`: Octokit's `baseUrl`, and the OAuth / installation pages' host. */
  endpoint: string;
  /** `<endpoint>/git`: clone URLs are `<gitUrl>/<owner>/<name>.git`. */
  gitUrl: string;
  /** `<dataDir>/repos`: bare repositories at `<owner>/<name>.git`. */
  reposDir: string;
  webhooks: WebhookDispatcher;
  /** Zipball downloads: short-lived tokens in the redirect URL, as codeload's `?token=`. */
  downloads: Map<string, { repo: string; sha: string; expires: number }>;
  /** GitHub's secondary limit on content-creating requests (secondary-limit.ts). */
  secondaryLimit: SecondaryLimiter;
}

export const repoDir = (ctx: Pick<Context, 'reposDir'>, repo: StoredRepo) =>
  join(ctx.reposDir, repo.owner, `${repo.name}.git`);

export const findRepo = (ctx: Context, owner: string, name: string): StoredRepo | undefined =>
  ctx.state.repos[`${owner}/${name}`.toLowerCase()];
