/**
 * Runs before each integration test file, before the file's own imports: gives the file a table
 * and buckets of its own (unique names), and points the handlers' environment (lambda-env.ts) at
 * them and at the run's emulators and local Stripe server. Test files may import `lambdas/` modules statically: by then
 * the configuration they read at load time is in place.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, inject, vi } from 'vitest';
import { applyLambdaEnvironment, lambdaEnvironment } from '../../../lib/local/cloud/lambda-env';
import {
  createDynamoClient,
  createS3Client,
  ensureBuckets,
  ensureTable,
} from '../../../lib/local/emulators/resources';
import './provided-context';

// The files of a worker share the libraries they load (isolate: false); each file starts from the
// environment the worker began with and loads the project's own modules afresh.
const started = ((globalThis as { __integrationEnv?: NodeJS.ProcessEnv }).__integrationEnv ??= {
  ...process.env,
});
for (const key of Object.keys(process.env)) if (!(key in started)) delete process.env[key];
Object.assign(process.env, started);
vi.resetModules();
// What a file may have replaced for its own tests goes back before the next file in the worker.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cloud = inject('localCloud');
const suffix = randomUUID().slice(0, 8);
const tableName = `it-${suffix}`;
const buckets = {
  mvpFiles: `it-${suffix}-mvp-files`,
  previewImages: `it-${suffix}-previews`,
  livePreviews: `it-${suffix}-live-previews`,
};

applyLambdaEnvironment(
  lambdaEnvironment({
    tableName,
    buckets,
    userPoolId: cloud.userPoolId,
    userPoolClientId: cloud.userPoolClientId,
    endpoints: {
      dynamodb: cloud.dynamodbEndpoint,
      s3: cloud.s3Endpoint,
      cognito: cloud.cognitoEndpoint,
      ses: cloud.sesEndpoint,
    },
    betaAccess: false,
    // Where signed preview addresses point; the preview server's test starts its own server.
    previewOrigin: 'http://localhost:3100',
    secrets: {
      stripeSecretKey: cloud.stripe.secretKey,
      stripeWebhookSecret: cloud.stripe.webhookSecret,
      githubAppPrivateKey: cloud.github.appPrivateKey,
      githubAppClientSecret: cloud.github.clientSecret,
      githubOAuthClientSecret: cloud.github.oauthClientSecret,
      netlifyClientSecret: cloud.netlify.clientSecret,
    },
    github: {
      apiUrl: cloud.github.apiUrl,
      appId: cloud.github.appId,
      appSlug: cloud.github.appSlug,
      clientId: cloud.github.clientId,
      oauthClientId: cloud.github.oauthClientId,
    },
    netlify: { apiUrl: cloud.netlify.apiUrl, clientId: cloud.netlify.clientId, pollSeconds: 1 },
    stripe: { apiUrl: cloud.stripe.apiUrl, prices: cloud.stripe.prices },
    osv: { apiUrl: cloud.osv.apiUrl, retryBaseMs: 10, requestTimeoutMs: 2_000 },
  }),
);
// Handler logs and metrics would drown the test output; tests assert on responses instead.
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
// A buyer's GitHub writes 0.1 s apart, not 1 s (docs/operations.md, "Buyer deploys"): each deploy
// in a test would otherwise wait seconds for nothing; the local server's limit still applies.
process.env.GITHUB_WRITE_INTERVAL_MS ??= '100';
// Octokit's retries of a GitHub made to fail wait 10 ms, 40 ms, not 1 s, 4 s: a deploy test that
// takes GitHub down would otherwise wait half a minute through the state machine's retries.
process.env.GITHUB_RETRY_BASE_MS ??= '10';
// The processing pipeline's Build step records "not built" at once instead of installing and
// building each test's bundle: the build tests turn builds on for their own runner.
process.env.LOCAL_BUILDS ??= 'off';

await Promise.all([
  ensureTable(createDynamoClient(cloud.dynamodbEndpoint), tableName),
  ensureBuckets(createS3Client(cloud.s3Endpoint), buckets),
]);
