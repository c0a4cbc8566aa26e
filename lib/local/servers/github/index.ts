/**
 * The local GitHub-compatible server (one code path to each third party).
 * `@octokit/rest` is pointed at it by `baseUrl`, `@octokit/auth-app` through Octokit's request,
 * and `git` by clone URLs; it answers exactly the endpoints the product calls with GitHub's shapes,
 * statuses and error bodies, serves the OAuth consent and App installation pages, hosts real bare
 * repositories over smart HTTP, and delivers signed `push` webhooks. It holds state, not business
 * logic. In process, node:http and the git CLI; starts in a few milliseconds.
 *
 * Files: server.ts (HTTP), api.ts (the REST routes), repos.ts (repositories, contents, the Git
 * Database API, commits, compare, zipball, pulls, hooks), git.ts (the git CLI), git-http.ts (smart
 * HTTP), auth.ts (tokens, app JWTs, access), pages.ts (OAuth and installation), webhooks.ts
 * (deliveries), objects.ts (GitHub's shapes), control.ts and control-client.ts (`/_local`),
 * store.ts (state, persisted), context.ts, keys.ts (the local app's key pair).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from './context';
import { createLocalGithubControl, type LocalGithubControl } from './control-client';
import { appConfigOf } from './control';
import { createGithubServer } from './server';
import { createSecondaryLimiter, type SecondaryLimitSettings } from './secondary-limit';
import { createStore } from './store';
import { createWebhookDispatcher } from './webhooks';

export type { LocalGithubControl, LocalGithubDelivery } from './control-client';
export type { SecondaryLimitSettings } from './secondary-limit';
export { localAppKeyPair, type AppKeyPair } from './keys';

export interface LocalGithubOptions {
  /** 0: any free port. */
  port: number;
  /**
   * `state.json` and `repos/<owner>/<name>.git` are kept here between starts; without it, a
   * temporary directory removed on stop.
   */
  dataDir?: string;
  /** The OAuth app (buyers connect GitHub); configurable later through the control API. */
  oauthApp?: { clientId: string; clientSecret: string; callbackUrl?: string };
  /** The GitHub App (sellers' repositories); configurable later through the control API. */
  app?: {
    id: number;
    slug: string;
    name?: string;
    /** PEM public key of the app's private key. */
    publicKey: string;
    setupUrl?: string;
    clientId?: string;
    clientSecret?: string;
  };
  /**
   * GitHub's secondary limit on content-creating requests: on by default at GitHub's documented
   * 80 a minute and 500 an hour per credential; settings to change, or false for none.
   * Changeable later through the control API (`/_local/secondary-limit`).
   */
  secondaryRateLimit?: Partial<SecondaryLimitSettings> | false;
}

export interface LocalGithub {
  /** `http://localhost:<port>`: Octokit's `baseUrl`, and the host of the OAuth and install pages. */
  endpoint: string;
  /** `<endpoint>/git`: repositories clone from `<gitUrl>/<owner>/<name>.git`. */
  gitUrl: string;
  /** A client of the control API (`<endpoint>/_local`). */
  control: LocalGithubControl;
  /** Stops the server and delivery, writes the state; safe to call twice. */
  stop(): Promise<void>;
}

/** Starts the server; resolves once it listens. */
export const startLocalGithub = async (options: LocalGithubOptions): Promise<LocalGithub> => {
  const temporary = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'local-github-'));
  const dataDir = options.dataDir ?? temporary!;
  const store = createStore(options.dataDir ? join(dataDir, 'state.json') : undefined);
  const reposDir = join(dataDir, 'repos');
  const configure = () => {
    if (options.oauthApp) store.state.oauthApp = { ...options.oauthApp };
    if (options.app)
      store.state.app = appConfigOf({
        id: options.app.id,
        slug: options.app.slug,
        name: options.app.name,
        public_key: options.app.publicKey,
        setup_url: options.app.setupUrl,
        client_id: options.app.clientId,
        client_secret: options.app.clientSecret,
      });
    store.changed();
  };
  configure();
  const webhooks = createWebhookDispatcher();
  const secondaryLimit = createSecondaryLimiter(options.secondaryRateLimit);
  // The context needs the port, known once the server listens.
  const holder: { ctx?: Context } = {};
  const server = createGithubServer(() => holder.ctx!, {
    reset: async () => {
      await webhooks.idle(5000);
      const { oauthApp, app } = store.state;
      store.reset();
      store.state.oauthApp = oauthApp;
      store.state.app = app;
      configure();
      holder.ctx!.downloads.clear();
      secondaryLimit.reset();
      rmSync(reposDir, { recursive: true, force: true });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, 'localhost', () => {
      server.off('error', fail);
      done();
    });
  });
  const endpoint = `http://localhost:${(server.address() as AddressInfo).port}`;
  const ctx: Context = {
    store,
    state: store.state,
    endpoint,
    gitUrl: `${endpoint}/git`,
    reposDir,
    webhooks,
    downloads: new Map(),
    secondaryLimit,
  };
  holder.ctx = ctx;
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    gitUrl: ctx.gitUrl,
    control: createLocalGithubControl(endpoint),
    stop: () => {
      stopping ??= (async () => {
        await webhooks.stop();
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
        store.flush();
        if (temporary) rmSync(temporary, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
};
