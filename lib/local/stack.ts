/**
 * The local cloud, composed phase by phase: the emulators (emulators/), the resources the CDK
 * would create in them, the Stripe, GitHub and Netlify servers (servers/), the handlers'
 * environment, the in-process Step Functions and EventBridge (cloud/), the demo data (seed/) and
 * the one HTTP server that plays CloudFront (cloud/edge.ts). Used by `npm start` and `npm run dev`
 * (bin/dev.ts) and by the end-to-end tests, which start it on free ports with a fresh data folder.
 */
import { resolve } from 'node:path';
import { waitForConfirmationCode } from './emulators/confirmation-codes';
import { assertPortFree } from './emulators/index';
import { provisionResources, type LocalResources } from './emulators/provision';
import { localBucketNames } from './emulators/resources';
import { startEmulators, type LocalEmulators } from './emulators/start';
import { localSiteConfig, startEdge, type Edge } from './cloud/edge';
import { choosePort } from './emulators/start';
import { previewEdgeOrigin, startPreviewEdge, type PreviewEdge } from './cloud/preview-edge';
import { applyHandlerEnvironment } from './cloud/environment';
import { createApiAdapter } from './cloud/http-adapter';
import { startScheduler, startWorkflows } from './cloud/runners';
import { createPreviewHandler } from './cloud/web';
import { startServers, type LocalServers } from './servers/start';
import type { LocalGithub } from './servers/github/index';
import type { LocalNetlify } from './servers/netlify/index';
import type { LocalOsv } from './servers/osv/index';
import type { SiteConfig } from '../../contract/design/site-config';
import { parseOriginVerifyValues } from '../../contract/design/origin-verify';
import { secretDesign } from '../../contract/design/secrets';
import { storageDesign } from '../../contract/design/storage-design';

export { LOCAL_TABLE_NAME } from './emulators/provision';
export {
  LOCAL_GITHUB_APP,
  LOCAL_GITHUB_OAUTH_CLIENT_ID,
  LOCAL_NETLIFY_CLIENT_ID,
} from './servers/start';

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
  /**
   * `http://127.0.0.1:<port>`: the live previews' own server (cloud/preview-edge.ts), the local
   * preview distribution; its port is `PREVIEW_PORT` or a free one near 12119.
   */
  previewUrl: string;
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
  /**
   * The local OSV server (lib/local/servers/osv): OSV_API_URL, and its control API client (an
   * advisory added later, an outage).
   */
  osv: Pick<LocalOsv, 'endpoint' | 'control'>;
  /** aws-ses-v2-local: its web inbox at `/`, every message sent as JSON at `/store`. */
  sesEndpoint: string;
  /** The pending confirmation code cognito-local issued to `email` (waits up to 10 s). */
  readConfirmationCode(email: string): Promise<string>;
  /** Stops the server and every emulator; safe to call twice. */
  stop(): Promise<void>;
}

/** The browser's runtime configuration (served at `/config.json`). */
export type WebConfig = SiteConfig;

type Log = (line: string) => void;

/** The demo data; its payments are settled once the webhook route listens. */
const seedDemo = async (
  options: LocalStackOptions,
  resources: LocalResources,
  servers: LocalServers,
  log: Log,
) => {
  if (!options.seed) return undefined;
  const { seedDemoData } = await import('./seed/index');
  const summary = await seedDemoData({
    cognito: resources.cognitoClient,
    userPoolId: resources.userPool.userPoolId,
    siteUrl: `http://localhost:${options.port}`,
    github: { endpoint: servers.github.endpoint, control: servers.github.control },
    netlify: { control: servers.netlify.control, endpoint: servers.netlify.endpoint },
  });
  log(`Demo data ready: ${summary.users} accounts, ${summary.templates} templates.`);
  return summary;
};

/** The API adapter, the preview bucket and the frontend behind one server on `options.port`. */
const startWeb = (
  options: LocalStackOptions,
  emulators: LocalEmulators,
  resources: LocalResources,
  servers: LocalServers,
  previewOrigin: string,
) =>
  startEdge({
    port: options.port,
    web: options.web,
    distDir: options.distDir,
    // The handlers' own variable, read per request as they read it (lambdas/shared/secrets.ts).
    originVerifyValue: () =>
      parseOriginVerifyValues(process.env[secretDesign.originVerifyKey.envVar] ?? '').current,
    api: createApiAdapter({
      cognitoEndpoint: emulators.cognito.endpoint,
      ...resources.userPool,
      onError: (error, route) =>
        console.error(`Handler for ${route.method} ${route.path} failed:`, error),
    }),
    previews: createPreviewHandler(resources.s3Client, localBucketNames.previewImages),
    livePreviewsOrigin: previewOrigin,
    webConfig: localSiteConfig({
      userPool: resources.userPool,
      cognitoEndpoint: emulators.cognito.endpoint,
      betaAccess: options.betaAccess ?? false,
      paymentsMode: servers.stripe ? 'local' : 'stripe',
    }),
    endpoints: { cognito: emulators.cognito.endpoint, filesBucket: emulators.s3.endpoint },
  });

/**
 * The site's edge, and the local preview distribution on its own port (framed by the site only,
 * and framed by it: the site's CSP names its origin).
 */
const startEdges = async (
  options: LocalStackOptions,
  parts: { emulators: LocalEmulators; resources: LocalResources; servers: LocalServers },
  previewPort: number,
) => {
  const { emulators, resources, servers } = parts;
  const previewOrigin = previewEdgeOrigin(previewPort);
  const edge = await startWeb(options, emulators, resources, servers, previewOrigin);
  const previewEdge = await startPreviewEdge({
    port: previewPort,
    s3: resources.s3Client,
    bucket: storageDesign.localBucketNames.livePreviews,
    siteOrigin: `http://localhost:${options.port}`,
    // The handlers' own variable, read per request as they read it (lambdas/shared/secrets.ts).
    signingKey: () => process.env[secretDesign.previewSigningKey.envVar] ?? '',
  }).catch(async (error: unknown) => {
    await edge.close();
    throw error;
  });
  return { edge, previewEdge };
};

const pickGithub = (github: LocalGithub): LocalStack['github'] => ({
  endpoint: github.endpoint,
  gitUrl: github.gitUrl,
  control: github.control,
});

/** Stops everything in the reverse order of the start; the same promise for a second call. */
const stopper = (parts: {
  scheduler: { stop(): void };
  demoSites: { stop: AbortController; made: Promise<void> };
  servers: LocalServers;
  edge: Edge;
  previewEdge: PreviewEdge;
  workflows: { stop(): Promise<void> };
  emulators: LocalEmulators;
}) => {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      parts.scheduler.stop();
      // The demo's sites and repositories stop after the templates in hand.
      parts.demoSites.stop.abort();
      await parts.demoSites.made;
      // No deliveries to a server that is going away; the queue is kept for the next start.
      await parts.servers.stop();
      await parts.edge.close();
      await parts.previewEdge.close();
      // Let running executions finish their writes before the emulators go away.
      await parts.workflows.stop();
      await parts.emulators.stop();
    })();
    return stopping;
  };
};

/** Starts the whole local cloud; resolves once `url` answers. */
export const startLocalStack = async (options: LocalStackOptions): Promise<LocalStack> => {
  const log: Log = (line) => {
    if (!options.quiet) console.log(line);
  };
  const dataDir = resolve(options.dataDir);
  const url = `http://localhost:${options.port}`;
  await assertPortFree(options.port, 'the web server', 'PORT');
  // Chosen first: the handlers sign preview addresses on this origin.
  const previewPort = await choosePort('PREVIEW_PORT', 12119);
  const emulators = await startEmulators(dataDir);
  emulators.cognito.events.on('code', ({ email, code }) =>
    log(`Confirmation code for ${email}: ${code}`),
  );
  let servers: LocalServers | undefined;
  try {
    const resources = await provisionResources(emulators, dataDir);
    servers = await startServers({
      port: options.port,
      dataDir,
      localSecrets: resources.localSecrets,
    });
    const betaAccess = options.betaAccess ?? false;
    const env = applyHandlerEnvironment({
      emulators,
      resources,
      servers,
      siteUrl: url,
      previewOrigin: previewEdgeOrigin(previewPort),
      betaAccess,
    });
    const registry = servers.npmRegistry;
    void registry.then((started) => {
      if (!started) return;
      const { seed } = started;
      log(
        `Local npm registry for version builds: ${started.url} (${seed.versions} package versions, ${seed.seeded ? `seeded in ${seed.ms} ms` : 'seed reused'}).`,
      );
    });
    const workflows = await startWorkflows({
      registryUrl: async () => (await registry)?.url ?? null,
    });
    const demo = await seedDemo(options, resources, servers, log);
    const scheduler = await startScheduler();
    const parts = { emulators, resources, servers };
    const { edge, previewEdge } = await startEdges(options, parts, previewPort);
    // Events wait in the local Stripe server's queue until the webhook route can take them.
    servers.stripe?.setWebhookUrl(`${url}/api/webhooks/stripe`);
    await demo
      ?.settle()
      .catch((error: unknown) => console.error("Settling the demo's payments failed:", error));
    // The demo templates' sites and repositories, in the background once everything is up.
    const demoSitesStop = new AbortController();
    const demoSites = {
      stop: demoSitesStop,
      made: demo?.demoSites(demoSitesStop.signal) ?? Promise.resolve(),
    };
    // The Vite demo's build from the local registry, in the background like the sites.
    await demo?.demoBuild();
    return {
      url,
      previewUrl: previewEdge.origin,
      apiUrl: `${url}/api`,
      cognitoEndpoint: emulators.cognito.endpoint,
      userPoolId: resources.userPool.userPoolId,
      userPoolClientId: resources.userPool.userPoolClientId,
      env,
      stripe: servers.stripe && {
        endpoint: servers.stripe.endpoint,
        controlUrl: servers.stripe.controlUrl,
      },
      github: pickGithub(servers.github),
      netlify: { endpoint: servers.netlify.endpoint, control: servers.netlify.control },
      osv: { endpoint: servers.osv.endpoint, control: servers.osv.control },
      sesEndpoint: emulators.ses.endpoint,
      readConfirmationCode: (email) =>
        waitForConfirmationCode(emulators.cognito.dataDir, resources.userPool.userPoolId, email),
      stop: stopper({ scheduler, demoSites, servers, edge, previewEdge, workflows, emulators }),
    };
  } catch (error) {
    await servers?.stop();
    await emulators.stop();
    throw error;
  }
};
