/**
 * The local cloud: the emulators, the resources the CDK would create, the Lambda environment, and
 * one HTTP server that plays CloudFront (`/api/*` → the API adapter, `/previews/*` → the preview
 * bucket, `/config.json`, everything else → the frontend), with CloudFront's security headers on
 * every response. Used by `npm start` and `npm run dev` (bin/dev.ts) and by the end-to-end tests,
 * which start it on free ports with a fresh data folder.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import getPort from 'get-port';
import { waitForConfirmationCode } from './emulators/confirmation-codes';
import {
  startCognitoLocal,
  startDynamoDb,
  startS3,
  startSes,
  assertPortFree,
  type EmulatorHandle,
} from './emulators/index';
import { createApiAdapter } from './cloud/http-adapter';
import {
  applyLambdaEnvironment,
  completeLocalSecrets,
  generateTokenLocalKey,
  lambdaEnvironment,
} from './cloud/lambda-env';
import {
  createCognitoClient,
  createDynamoClient,
  createS3Client,
  ensureBuckets,
  ensureTable,
  ensureUserPool,
  localBucketNames,
  LOCAL_REGION,
} from './emulators/resources';
import { readLocalState, writeLocalState } from './state';
import { startLocalGithub, localAppKeyPair, type LocalGithub } from './servers/github/index';
import { startLocalNetlify, type LocalNetlify } from './servers/netlify/index';
import { startLocalStripe, type LocalStripe } from './servers/stripe/index';
import {
  createPreviewHandler,
  createStaticHandler,
  createViteHandler,
  repositoryRoot,
  type WebHandler,
} from './cloud/web';
import {
  PREVIEW_CONTENT_SECURITY_POLICY,
  securityHeaders,
  siteContentSecurityPolicy,
} from '../../contract/design/web-security';
import {
  checkSiteConfig,
  DEFAULT_LAUNCH_AT,
  type SiteConfig,
} from '../../contract/design/site-config';
import { storageDesign } from '../../contract/design/storage-design';

/** The table name on a laptop; in the cloud the CDK names it and passes it by environment. */
export const LOCAL_TABLE_NAME = 'marketplace';

export interface LocalStackOptions {
  /** The one port the browser talks to. */
  port: number;
  /** Where the emulators keep their data; kept between runs unless the caller wipes it. */
  dataDir: string;
  /** Create the demo accounts and templates (idempotent). */
  seed: boolean;
  /**
   * `dist`: the production build (`frontend/dist`), compressed and cached as CloudFront serves it
   * (`npm start`); `dev`: Vite's middleware with hot reload (`npm run dev`).
   */
  web: 'dev' | 'dist';
  /** The build `dist` serves; defaults to `frontend/dist` (tests pass a fixture). */
  distDir?: string;
  /** No progress or confirmation-code lines on stdout (tests). */
  quiet?: boolean;
  /** Sets BETA_ACCESS_ENABLED for the handlers and `betaAccess` in config.json. */
  betaAccess?: boolean;
}

export interface LocalStack {
  /** `http://localhost:<port>`: the site, the API under `/api`, previews under `/previews`. */
  url: string;
  apiUrl: string;
  /** The cognito-local endpoint (config.json's `userPoolEndpoint`). */
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The variables set on this process for the handlers (see lambda-env.ts). */
  env: Record<string, string>;
  /**
   * The local Stripe server (lib/local/servers/stripe): its API endpoint (STRIPE_API_URL) and control API
   * (authenticated with `env.STRIPE_SECRET_KEY`); undefined when a real Stripe key is configured.
   */
  stripe: { endpoint: string; controlUrl: string } | undefined;
  /**
   * The local GitHub server (lib/local/servers/github): GITHUB_API_URL, its git URL and its control API
   * client; the marketplace's App is `LOCAL_GITHUB_APP`, its key under `.local/github`.
   */
  github: Pick<LocalGithub, 'endpoint' | 'gitUrl' | 'control'>;
  /**
   * The local Netlify server (lib/local/servers/netlify): its endpoint (sites are served at
   * `<endpoint>/sites/<name>/`) and control API client.
   */
  netlify: Pick<LocalNetlify, 'endpoint' | 'control'>;
  /** aws-ses-v2-local: its web inbox at `/`, every message sent as JSON at `/store`. */
  sesEndpoint: string;
  /** The pending confirmation code cognito-local issued to `email` (waits up to 10 s). */
  readConfirmationCode(email: string): Promise<string>;
  /** Stops the server and every emulator; safe to call twice. */
  stop(): Promise<void>;
}

/** The marketplace's GitHub App on the local GitHub server. */
export const LOCAL_GITHUB_APP = {
  id: 1,
  slug: 'mvp-marketplace-local',
  name: 'MVP Marketplace (local)',
  clientId: 'Iv1.localmarketplace',
};

/** The OAuth app buyers connect GitHub with, on the local GitHub server. */
export const LOCAL_GITHUB_OAUTH_CLIENT_ID = 'Ov23localmarketplace';

/** The marketplace's OAuth application on the local Netlify server. */
export const LOCAL_NETLIFY_CLIENT_ID = 'local-marketplace-netlify';

/** The browser's runtime configuration (contract 5 of the shared briefing). */
export type WebConfig = SiteConfig;

/**
 * An emulator port: the variable when set (and then it must be free), else the usual port when
 * free, else any free port. Stable ports keep browser sessions valid across restarts, because
 * cognito-local's token issuer contains its port.
 */
const choosePort = async (envVar: string, preferred: number): Promise<number> => {
  const fromEnv = process.env[envVar];
  if (fromEnv) {
    const port = Number(fromEnv);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new Error(`${envVar} must be a port number, got "${fromEnv}".`);
    }
    return port;
  }
  return getPort({ port: preferred });
};

const startAll = async (dataDir: string) => {
  const [dynamoPort, cognitoPort, s3Port, sesPort] = [
    await choosePort('DYNAMODB_PORT', 8000),
    await choosePort('COGNITO_PORT', 9229),
    await choosePort('S3_PORT', 4569),
    await choosePort('SES_PORT', 8005),
  ];
  const started = await Promise.allSettled([
    startDynamoDb({ port: dynamoPort, path: join(dataDir, 'dynamodb') }),
    startCognitoLocal({ port: cognitoPort, dataDir: join(dataDir, 'cognito') }),
    startS3({ port: s3Port, directory: join(dataDir, 's3') }),
    startSes({ port: sesPort }),
  ]);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    // Stop what did start, so a failed start leaves no process behind.
    await Promise.all(
      started.map((result) =>
        result.status === 'fulfilled' ? result.value.stop() : Promise.resolve(),
      ),
    );
    throw failure.reason;
  }
  const [dynamo, cognito, s3, ses] = started.map(
    (result) => (result as PromiseFulfilledResult<EmulatorHandle>).value,
  );
  return {
    dynamo: dynamo!,
    cognito: cognito as Awaited<ReturnType<typeof startCognitoLocal>>,
    s3: s3!,
    ses: ses!,
  };
};

/**
 * A real Stripe test or live key in the environment (`.env`): stripe-node then talks to Stripe
 * itself, with the webhook secret of `stripe listen` and the price ids of that account; no local
 * Stripe server is started. Our own keys (`sk_test_local_…`) do not count.
 */
const realStripeSettings = () => {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key || key.startsWith('sk_test_local_')) return undefined;
  return {
    secretKey: key,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
    prices: {
      basic: process.env.STRIPE_PRICE_BASIC,
      pro: process.env.STRIPE_PRICE_PRO,
      premium: process.env.STRIPE_PRICE_PREMIUM,
    },
  };
};

/** Starts the whole local cloud; resolves once `url` answers. */
export const startLocalStack = async (options: LocalStackOptions): Promise<LocalStack> => {
  const log = (line: string) => {
    if (!options.quiet) console.log(line);
  };
  const dataDir = resolve(options.dataDir);
  const betaAccess = options.betaAccess ?? false;
  await assertPortFree(options.port, 'the web server', 'PORT');

  // 1. Emulators.
  const emulators = await startAll(dataDir);
  const stopEmulators = () =>
    Promise.all([
      emulators.dynamo.stop(),
      emulators.cognito.stop(),
      emulators.s3.stop(),
      emulators.ses.stop(),
    ]).then(() => undefined);
  emulators.cognito.events.on('code', ({ email, code }) =>
    log(`Confirmation code for ${email}: ${code}`),
  );

  let localStripe: LocalStripe | undefined;
  let localGithub: LocalGithub | undefined;
  let localNetlify: LocalNetlify | undefined;
  try {
    // 2. Resources from the shared designs; the pool ids survive restarts through state.json.
    const stateFile = join(dataDir, 'state.json');
    const state = await readLocalState(stateFile);
    const cognitoClient = createCognitoClient(emulators.cognito.endpoint);
    const s3Client = createS3Client(emulators.s3.endpoint);
    const [userPool] = await Promise.all([
      ensureUserPool(cognitoClient, { poolName: 'marketplace-local', existing: state.userPool }),
      ensureTable(createDynamoClient(emulators.dynamo.endpoint), LOCAL_TABLE_NAME),
      ensureBuckets(s3Client, localBucketNames),
    ]);
    const localSecrets = completeLocalSecrets(state.secrets);
    const tokenLocalKey = state.tokenLocalKey ?? generateTokenLocalKey();
    await writeLocalState(stateFile, {
      ...state,
      userPool,
      secrets: localSecrets,
      tokenLocalKey,
    });

    // The Stripe-compatible server with the local keys, unless a real key is configured.
    const realStripe = realStripeSettings();
    if (!realStripe) {
      localStripe = await startLocalStripe({
        port: await choosePort('STRIPE_PORT', 12111),
        dataDir: join(dataDir, 'stripe'),
        secretKey: localSecrets.stripeSecretKey,
        webhookSecret: localSecrets.stripeWebhookSecret,
      });
    } else delete process.env.STRIPE_API_URL;
    // The GitHub-compatible server with the marketplace's App (its key kept under .local/github);
    // the installation page sends sellers back to /github-app-callback.
    const githubKeys = localAppKeyPair(join(dataDir, 'github', 'app-key.pem'));
    localGithub = await startLocalGithub({
      port: await choosePort('GITHUB_PORT', 12113),
      dataDir: join(dataDir, 'github'),
      app: {
        ...LOCAL_GITHUB_APP,
        publicKey: githubKeys.publicKey,
        setupUrl: `http://localhost:${options.port}/github-app-callback`,
        // With a client, the installation redirect carries a code that proves who installed.
        clientSecret: localSecrets.githubAppClientSecret,
      },
      // Buyers connect GitHub (deploys) through the OAuth app; it returns to /buyer-github-callback.
      oauthApp: {
        clientId: LOCAL_GITHUB_OAUTH_CLIENT_ID,
        clientSecret: localSecrets.githubOAuthClientSecret,
        callbackUrl: `http://localhost:${options.port}/buyer-github-callback`,
      },
    });
    // The Netlify-compatible server: buyers authorise it and their sites are served from it.
    localNetlify = await startLocalNetlify({
      port: await choosePort('NETLIFY_PORT', 12115),
      dataDir: join(dataDir, 'netlify'),
      clients: [
        {
          client_id: LOCAL_NETLIFY_CLIENT_ID,
          client_secret: localSecrets.netlifyClientSecret,
          name: 'MVP Marketplace (local)',
          redirect_uris: [`http://localhost:${options.port}/buyer-netlify-callback`],
        },
      ],
    });
    const secrets = {
      ...(realStripe
        ? {
            ...localSecrets,
            stripeSecretKey: realStripe.secretKey,
            stripeWebhookSecret: realStripe.webhookSecret ?? localSecrets.stripeWebhookSecret,
          }
        : localSecrets),
      githubAppPrivateKey: githubKeys.privateKey,
    };

    // 3. The handlers' environment, before any lambdas/ module that reads it is imported.
    const env = lambdaEnvironment({
      tableName: LOCAL_TABLE_NAME,
      buckets: localBucketNames,
      secrets,
      tokenLocalKey,
      ...userPool,
      endpoints: {
        dynamodb: emulators.dynamo.endpoint,
        s3: emulators.s3.endpoint,
        cognito: emulators.cognito.endpoint,
        ses: emulators.ses.endpoint,
      },
      siteUrl: `http://localhost:${options.port}`,
      betaAccess,
      stripe: localStripe
        ? { apiUrl: localStripe.endpoint, prices: localStripe.prices }
        : { prices: realStripe?.prices },
      github: {
        apiUrl: localGithub.endpoint,
        appId: LOCAL_GITHUB_APP.id,
        appSlug: LOCAL_GITHUB_APP.slug,
        clientId: LOCAL_GITHUB_APP.clientId,
        oauthClientId: LOCAL_GITHUB_OAUTH_CLIENT_ID,
      },
      netlify: { apiUrl: localNetlify.endpoint, clientId: LOCAL_NETLIFY_CLIENT_ID },
    });
    applyLambdaEnvironment(env);
    // Step Functions in process: startWorkflow runs the same ASL files here (state-machines.ts).
    const { createLocalWorkflowRunner } = await import('./cloud/state-machines');
    const { setWorkflowRunner } = await import('../../lambdas/shared/adapters/workflow');
    const workflows = createLocalWorkflowRunner();
    setWorkflowRunner(workflows);

    // 4. Demo data (its payments are settled once the webhook route listens, below).
    let settleDemo: (() => Promise<void>) | undefined;
    let demoSites: ((signal: AbortSignal) => Promise<void>) | undefined;
    if (options.seed) {
      const { seedDemoData } = await import('./seed/index');
      const summary = await seedDemoData({
        cognito: cognitoClient,
        userPoolId: userPool.userPoolId,
        siteUrl: `http://localhost:${options.port}`,
        github: { endpoint: localGithub.endpoint, control: localGithub.control },
        netlify: { control: localNetlify.control, endpoint: localNetlify.endpoint },
      });
      settleDemo = summary.settle;
      demoSites = summary.demoSites;
      log(`Demo data ready: ${summary.users} accounts, ${summary.templates} templates.`);
    }
    // EventBridge's schedules (the browse snapshot every 5 minutes), run in process.
    const { startLocalScheduler } = await import('./cloud/scheduler');
    const scheduler = startLocalScheduler({
      onError: (name, error) => console.error(`Scheduled task ${name} failed:`, error),
    });

    // 5. The one HTTP server.
    const webConfig: WebConfig = checkSiteConfig({
      mode: 'local',
      region: LOCAL_REGION,
      userPoolId: userPool.userPoolId,
      userPoolClientId: userPool.userPoolClientId,
      userPoolEndpoint: emulators.cognito.endpoint,
      apiBaseUrl: '/api',
      betaAccess,
      launchAt: process.env.LAUNCH_AT ?? DEFAULT_LAUNCH_AT,
      paymentsMode: localStripe ? 'local' : 'stripe',
    } satisfies WebConfig);
    const api = createApiAdapter({
      cognitoEndpoint: emulators.cognito.endpoint,
      ...userPool,
      onError: (error, route) =>
        console.error(`Handler for ${route.method} ${route.path} failed:`, error),
    });
    const previews = createPreviewHandler(s3Client, localBucketNames.previewImages);
    // CloudFront's response headers policies (web-security.ts), with the local endpoints the app
    // talks to. Plain http, so no HSTS (see securityHeaders). The Vite dev server also needs its
    // hot-reload WebSocket and the React plugin's inline fast-refresh preamble; the build needs
    // neither, so `npm start` and the e2e suite run under the production policy.
    const siteHeaders = securityHeaders({
      contentSecurityPolicy: siteContentSecurityPolicy(
        { cognito: emulators.cognito.endpoint, filesBucket: emulators.s3.endpoint },
        options.web === 'dev'
          ? { connect: [`ws://localhost:${options.port}`], script: ["'unsafe-inline'"] }
          : {},
      ),
      https: false,
    });
    const previewHeaders = securityHeaders({
      contentSecurityPolicy: PREVIEW_CONTENT_SECURITY_POLICY,
      https: false,
    });
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const isPreview = path.startsWith(`/${storageDesign.previewPrefix}`);
      for (const [name, value] of Object.entries(isPreview ? previewHeaders : siteHeaders))
        response.setHeader(name, value);
      let handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
      if (path === '/api' || path.startsWith('/api/')) handle = api;
      else if (isPreview) handle = previews;
      else if (path === '/config.json') {
        handle = async (_request, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify(webConfig));
        };
      } else handle = web.handle;
      handle(request, response).catch((error: unknown) => {
        console.error(`${request.method} ${request.url} failed:`, error);
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'Internal Server Error' }));
        } else response.end();
      });
    });
    // Requests arrive only after listen(), when `web` is set.
    const web: WebHandler =
      options.web === 'dev'
        ? await createViteHandler(server)
        : {
            handle: createStaticHandler(
              options.distDir ?? join(repositoryRoot, 'frontend', 'dist'),
            ),
            close: async () => undefined,
          };
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(options.port, 'localhost', () => {
        server.off('error', fail);
        done();
      });
    });

    const url = `http://localhost:${options.port}`;
    // Events wait in the local Stripe server's queue until the webhook route can take them.
    localStripe?.setWebhookUrl(`${url}/api/webhooks/stripe`);
    await settleDemo?.().catch((error: unknown) =>
      console.error("Settling the demo's payments failed:", error),
    );
    // The demo templates' sites and repositories, in the background once everything is up.
    const demoSitesStop = new AbortController();
    const demoSitesMade = demoSites?.(demoSitesStop.signal) ?? Promise.resolve();
    let stopping: Promise<void> | undefined;
    return {
      url,
      apiUrl: `${url}/api`,
      cognitoEndpoint: emulators.cognito.endpoint,
      userPoolId: userPool.userPoolId,
      userPoolClientId: userPool.userPoolClientId,
      env,
      stripe: localStripe && { endpoint: localStripe.endpoint, controlUrl: localStripe.controlUrl },
      github: {
        endpoint: localGithub.endpoint,
        gitUrl: localGithub.gitUrl,
        control: localGithub.control,
      },
      netlify: { endpoint: localNetlify.endpoint, control: localNetlify.control },
      sesEndpoint: emulators.ses.endpoint,
      readConfirmationCode: (email) =>
        waitForConfirmationCode(emulators.cognito.dataDir, userPool.userPoolId, email),
      stop: () => {
        stopping ??= (async () => {
          scheduler.stop();
          // The demo's sites and repositories stop after the templates in hand.
          demoSitesStop.abort();
          await demoSitesMade;
          // No deliveries to a server that is going away; the queue is kept for the next start.
          await localStripe?.stop();
          await localGithub?.stop();
          await localNetlify?.stop();
          server.closeAllConnections();
          await new Promise<void>((done) => server.close(() => done()));
          await web.close();
          // Let running executions finish their writes before the emulators go away.
          await Promise.allSettled([...workflows.running]);
          setWorkflowRunner(undefined);
          await stopEmulators();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await localStripe?.stop();
    await localGithub?.stop();
    await localNetlify?.stop();
    await stopEmulators();
    throw error;
  }
};
