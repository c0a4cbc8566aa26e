/**
 * Starts the emulators once per integration run: DynamoDB Local in memory, cognito-local and
 * s3rver in a temporary folder, aws-ses-v2-local in memory, one user pool with its client and groups (auth-design.ts), and
 * the local Stripe server in memory (no webhook URL: tests deliver events themselves, or start a
 * server of their own to watch delivery), and the local GitHub server (temporary data) with the
 * marketplace's App (a key pair made here).
 * Each test file then gets its own table and buckets (per-file.ts), so files never see each
 * other's data. Everything is stopped and removed when the run ends.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import type { TestProject } from 'vitest/node';
import {
  startCognitoLocal,
  startDynamoDb,
  startS3,
  startSes,
} from '../../../lib/local/emulators/index';
import { generateLocalSecrets } from '../../../lib/local/cloud/lambda-env';
import { createCognitoClient, ensureUserPool } from '../../../lib/local/emulators/resources';
import { startLocalGithub } from '../../../lib/local/servers/github/index';
import { startLocalNetlify } from '../../../lib/local/servers/netlify/index';
import { startLocalOsv } from '../../../lib/local/servers/osv/index';
import { startLocalStripe } from '../../../lib/local/servers/stripe/index';
import './provided-context';

const INTEGRATION_GITHUB_APP = {
  id: 7,
  slug: 'mvp-marketplace-integration',
  clientId: 'Iv1.integration',
} as const;

/** The buyers' OAuth apps on the local GitHub and Netlify servers. */
const INTEGRATION_OAUTH_CLIENT_IDS = {
  github: 'Ov23integration',
  netlify: 'integration-netlify',
} as const;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'marketplace-integration-'));
  const [dynamoPort, cognitoPort, s3Port] = [await getPort(), await getPort(), await getPort()];
  const {
    stripeSecretKey,
    stripeWebhookSecret,
    githubAppClientSecret,
    githubOAuthClientSecret,
    netlifyClientSecret,
  } = generateLocalSecrets();
  const githubKeys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const started = await Promise.allSettled([
    startDynamoDb({ port: dynamoPort }),
    startCognitoLocal({ port: cognitoPort, dataDir: join(root, 'cognito') }),
    startS3({ port: s3Port, directory: join(root, 's3') }),
    startLocalStripe({ port: 0, secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret }),
    startSes({ port: 0 }),
    startLocalGithub({
      port: 0,
      app: {
        ...INTEGRATION_GITHUB_APP,
        publicKey: githubKeys.publicKey,
        setupUrl: 'http://localhost:3000/github-app-callback',
        clientSecret: githubAppClientSecret,
      },
      oauthApp: {
        clientId: INTEGRATION_OAUTH_CLIENT_IDS.github,
        clientSecret: githubOAuthClientSecret,
        callbackUrl: 'http://localhost:3000/buyer-github-callback',
      },
    }),
    startLocalNetlify({
      port: 0,
      dataDir: join(root, 'netlify'),
      stepDelayMs: 0,
      clients: [
        {
          client_id: INTEGRATION_OAUTH_CLIENT_IDS.netlify,
          client_secret: netlifyClientSecret,
          redirect_uris: ['http://localhost:3000/buyer-netlify-callback'],
        },
      ],
    }),
    // Read only by the runs' audits: tests that change its advisories or outage start their own.
    startLocalOsv({ port: 0 }),
  ]);
  const handles = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const teardown = async () => {
    await Promise.all(handles.map((handle) => handle.stop()));
    await rm(root, { recursive: true, force: true });
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await teardown();
    throw failure.reason;
  }
  const [dynamo, cognito, s3, stripe, ses, github, netlify, osv] = started.map(
    (result) => (result as PromiseFulfilledResult<{ endpoint: string }>).value,
  );
  const { prices } = stripe as Awaited<ReturnType<typeof startLocalStripe>>;
  try {
    const pool = await ensureUserPool(createCognitoClient(cognito!.endpoint), {
      poolName: 'integration',
    });
    project.provide('localCloud', {
      dynamodbEndpoint: dynamo!.endpoint,
      s3Endpoint: s3!.endpoint,
      cognitoEndpoint: cognito!.endpoint,
      sesEndpoint: ses!.endpoint,
      cognitoDataDir: join(root, 'cognito'),
      ...pool,
      stripe: {
        apiUrl: stripe!.endpoint,
        secretKey: stripeSecretKey,
        webhookSecret: stripeWebhookSecret,
        prices,
      },
      github: {
        apiUrl: github!.endpoint,
        appId: INTEGRATION_GITHUB_APP.id,
        appSlug: INTEGRATION_GITHUB_APP.slug,
        appPrivateKey: githubKeys.privateKey,
        clientId: INTEGRATION_GITHUB_APP.clientId,
        clientSecret: githubAppClientSecret,
        oauthClientId: INTEGRATION_OAUTH_CLIENT_IDS.github,
        oauthClientSecret: githubOAuthClientSecret,
      },
      osv: { apiUrl: osv!.endpoint },
      netlify: {
        apiUrl: netlify!.endpoint,
        clientId: INTEGRATION_OAUTH_CLIENT_IDS.netlify,
        clientSecret: netlifyClientSecret,
      },
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
