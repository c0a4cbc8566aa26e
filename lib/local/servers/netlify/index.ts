/**
 * The local Netlify-compatible server (one code path to each third party).
 * `@netlify/api` is pointed at it (`new NetlifyAPI(token, { scheme: 'http', host: 'localhost:<port>' })`);
 * it answers exactly the endpoints the product calls with Netlify's shapes, states and errors,
 * serves the OAuth consent page and token endpoint, builds sites from their git repository (the
 * build command run offline in a clean environment, only the publish directory published) and
 * serves them at `/sites/<name>/`. It holds state, not
 * business logic. In process, node:http only; starts in a few milliseconds.
 *
 * Files: server.ts (HTTP, auth), api.ts (the `/api/v1` routes), oauth.ts (authorize, token),
 * builds.ts (deploy states, clone, build, publish), build-command.ts (install and build
 * command), toml.ts (`netlify.toml`'s `[build]` keys), serve.ts
 * (the served sites), admin.ts (the site admin page), objects.ts (Netlify's object shapes),
 * control.ts (the `/_local` control API) and control-client.ts (its client), store.ts (state,
 * persisted), http.ts (wire format).
 */
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createBuilder } from './builds';
import { createLocalNetlifyControl, type LocalNetlifyControl } from './control-client';
import type { ControlOperations } from './control';
import { nowIso, objectId, randomSecret } from './http';
import { createNetlifyServer } from './server';
import { createStore, type Account, type OAuthClient, type Store } from './store';

export interface LocalNetlifyOptions {
  /** 0: any free port. */
  port: number;
  /**
   * `state.json`, the published sites (`sites/<name>/<deploy id>/`) and the build checkouts
   * (`builds/`, removed after each build) live here.
   */
  dataDir: string;
  /** How long each deploy state lasts at least (default 300 ms; 0 in tests that need no poller). */
  stepDelayMs?: number;
  /** The longest an install, and then a build command, may run (default 10 minutes). */
  buildTimeoutMs?: number;
  /** OAuth applications registered at start and after a reset (the product's NETLIFY_CLIENT_ID/SECRET). */
  clients?: Partial<OAuthClient>[];
  /** The account the consent page offers when none exists (made at start and after a reset). */
  defaultAccount?: { email: string; full_name: string; slug?: string };
}

export interface LocalNetlify {
  /** `http://localhost:<port>`: the API is `<endpoint>/api/v1`, sites are `<endpoint>/sites/<name>/`. */
  endpoint: string;
  /** What `new NetlifyAPI(token, clientOptions)` needs to talk to this server. */
  clientOptions: { scheme: 'http'; host: string; pathPrefix: '/api/v1' };
  /** `<endpoint>/authorize` and `<endpoint>/oauth/token`. */
  authorizeUrl: string;
  tokenUrl: string;
  /** A client of the control API. */
  control: LocalNetlifyControl;
  /** Stops the server and the running builds (run again at the next start), writes the state. */
  stop(): Promise<void>;
}

const DEFAULT_ACCOUNT = { email: 'netlify-user@example.com', full_name: 'Local Netlify User' };

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'team';

/** Accounts and OAuth clients, and the ones the options ask for (again after a reset). */
const accountOperations = (store: Store, options: LocalNetlifyOptions) => {
  const createAccount: ControlOperations['createAccount'] = (input) => {
    const email = input.email ?? `user-${randomSecret(4).toLowerCase()}@example.com`;
    const fullName = input.full_name ?? email.split('@')[0]!;
    const account: Account = {
      id: objectId(),
      email,
      full_name: fullName,
      slug: input.slug ?? slugOf(fullName),
      created_at: nowIso(),
    };
    store.state.accounts[account.id] = account;
    store.changed();
    return account;
  };
  const registerClient: ControlOperations['registerClient'] = (input) => {
    const client: OAuthClient = {
      client_id: input.client_id ?? randomSecret(32),
      client_secret: input.client_secret ?? randomSecret(32),
      name: input.name ?? 'OAuth application',
      redirect_uris: input.redirect_uris ?? [],
    };
    store.state.clients[client.client_id] = client;
    store.changed();
    return client;
  };
  const configure = () => {
    for (const client of options.clients ?? []) registerClient(client);
    if (Object.keys(store.state.accounts).length === 0)
      createAccount(options.defaultAccount ?? DEFAULT_ACCOUNT);
  };
  return { createAccount, registerClient, configure };
};

/** Starts the server; resolves once it listens. */
export const startLocalNetlify = async (options: LocalNetlifyOptions): Promise<LocalNetlify> => {
  const store = createStore(join(options.dataDir, 'state.json'));
  const builder = createBuilder({
    store,
    dataDir: options.dataDir,
    stepDelayMs: options.stepDelayMs ?? 300,
    buildTimeoutMs: options.buildTimeoutMs,
  });

  const { createAccount, registerClient, configure } = accountOperations(store, options);
  configure();

  const control: ControlOperations = {
    reset: async () => {
      await builder.cancelAll();
      store.clear();
      await rm(join(options.dataDir, 'sites'), { recursive: true, force: true });
      await rm(join(options.dataDir, 'builds'), { recursive: true, force: true });
      configure();
    },
    createAccount,
    registerClient,
    setStepDelay: (ms) => {
      builder.stepDelayMs = ms;
    },
    idle: (timeoutMs) => builder.idle(timeoutMs),
  };

  let endpoint = '';
  const server = createNetlifyServer({ store, builder, control, endpoint: () => endpoint });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, 'localhost', () => {
      server.off('error', fail);
      done();
    });
  });
  const { port } = server.address() as AddressInfo;
  endpoint = `http://localhost:${port}`;

  // Builds a stop interrupted run again.
  for (const deploy of Object.values(store.state.deploys)) {
    if (deploy.state !== 'ready' && deploy.state !== 'error') builder.start(deploy.id);
  }

  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    clientOptions: { scheme: 'http', host: `localhost:${port}`, pathPrefix: '/api/v1' },
    authorizeUrl: `${endpoint}/authorize`,
    tokenUrl: `${endpoint}/oauth/token`,
    control: createLocalNetlifyControl(endpoint),
    stop: () => {
      stopping ??= (async () => {
        await builder.cancelAll();
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
        store.flush();
      })();
      return stopping;
    },
  };
};
