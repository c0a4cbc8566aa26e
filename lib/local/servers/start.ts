/**
 * The servers phase of the local stack: the Stripe-, GitHub-, Netlify- and OSV-compatible servers, set
 * up with the marketplace's own apps and the local secrets. A real Stripe key in the environment
 * replaces the local Stripe server; the other two always run locally.
 */
import { join } from 'node:path';
import type { SecretName } from '../../../contract/design/secrets';
import { choosePort } from '../emulators/start';
import { startLocalGithub, localAppKeyPair, type LocalGithub } from './github/index';
import { startLocalNetlify, type LocalNetlify } from './netlify/index';
import { startLocalOsv, type LocalOsv } from './osv/index';
import { startLocalStripe, type LocalStripe } from './stripe/index';
import { startLocalRegistry, type LocalRegistry } from '../build/registry';

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

export interface LocalServersOptions {
  /** The web server's port, for the apps' redirect URLs. */
  port: number;
  dataDir: string;
  localSecrets: Record<SecretName, string>;
}

export interface LocalServers {
  /** Undefined when a real Stripe key is configured. */
  stripe: LocalStripe | undefined;
  /** The real Stripe account's settings when one is configured. */
  realStripe: ReturnType<typeof realStripeSettings>;
  github: LocalGithub;
  netlify: LocalNetlify;
  /** The vulnerability database the dependency audit asks (advisories in memory). */
  osv: LocalOsv;
  /**
   * The npm registry version builds install from (verdaccio, lib/local/build/registry.ts),
   * starting in the background: its first start seeds it. Undefined when it could not start.
   */
  npmRegistry: Promise<LocalRegistry | undefined>;
  /** The handlers' secrets: the local ones, a real Stripe key's, and the GitHub App's key. */
  secrets: Record<SecretName, string> & { githubAppPrivateKey: string };
  /** Stops the servers (the Stripe queue is kept for the next start). */
  stop(): Promise<void>;
}

/** The Stripe-compatible server with the local keys, unless a real key is configured. */
const startStripe = async ({ dataDir, localSecrets }: LocalServersOptions) =>
  startLocalStripe({
    port: await choosePort('STRIPE_PORT', 12111),
    dataDir: join(dataDir, 'stripe'),
    secretKey: localSecrets.stripeSecretKey,
    webhookSecret: localSecrets.stripeWebhookSecret,
  });

/**
 * The GitHub-compatible server with the marketplace's App (its key kept under .local/github); the
 * installation page sends sellers back to /github-app-callback.
 */
const startGithub = async (
  { port, dataDir, localSecrets }: LocalServersOptions,
  publicKey: string,
) =>
  startLocalGithub({
    port: await choosePort('GITHUB_PORT', 12113),
    dataDir: join(dataDir, 'github'),
    app: {
      ...LOCAL_GITHUB_APP,
      publicKey,
      setupUrl: `http://localhost:${port}/github-app-callback`,
      // With a client, the installation redirect carries a code that proves who installed.
      clientSecret: localSecrets.githubAppClientSecret,
    },
    // Buyers connect GitHub (deploys) through the OAuth app; it returns to /buyer-github-callback.
    oauthApp: {
      clientId: LOCAL_GITHUB_OAUTH_CLIENT_ID,
      clientSecret: localSecrets.githubOAuthClientSecret,
      callbackUrl: `http://localhost:${port}/buyer-github-callback`,
    },
  });

/** The Netlify-compatible server: buyers authorise it and their sites are served from it. */
const startNetlify = async ({ port, dataDir, localSecrets }: LocalServersOptions) =>
  startLocalNetlify({
    port: await choosePort('NETLIFY_PORT', 12115),
    dataDir: join(dataDir, 'netlify'),
    clients: [
      {
        client_id: LOCAL_NETLIFY_CLIENT_ID,
        client_secret: localSecrets.netlifyClientSecret,
        name: 'MVP Marketplace (local)',
        redirect_uris: [`http://localhost:${port}/buyer-netlify-callback`],
      },
    ],
  });

/** Starts the three servers; when one fails, the ones that started are stopped first. */
export const startServers = async (options: LocalServersOptions): Promise<LocalServers> => {
  const { dataDir, localSecrets } = options;
  let stripe: LocalStripe | undefined;
  let github: LocalGithub | undefined;
  let netlify: LocalNetlify | undefined;
  let osv: LocalOsv | undefined;
  // Seeding the registry reads this project's packages (seconds, once): not worth a wait at start.
  const npmRegistry = startLocalRegistry().catch((error: unknown) => {
    console.error('The local npm registry did not start: version builds are not run.', error);
    return undefined;
  });
  const stop = async () => {
    await stripe?.stop();
    await github?.stop();
    await netlify?.stop();
    await osv?.stop();
    await (await npmRegistry)?.stop();
  };
  try {
    const realStripe = realStripeSettings();
    if (!realStripe) stripe = await startStripe(options);
    else delete process.env.STRIPE_API_URL;
    const githubKeys = localAppKeyPair(join(dataDir, 'github', 'app-key.pem'));
    github = await startGithub(options, githubKeys.publicKey);
    netlify = await startNetlify(options);
    osv = await startLocalOsv({ port: await choosePort('OSV_PORT', 12117) });
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
    return { stripe, realStripe, github, netlify, osv, npmRegistry, secrets, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
