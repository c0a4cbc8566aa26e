/**
 * The whole local stack as `npm start` and the e2e suite run it, on free ports with a fresh data
 * folder: config.json, the API, previews, confirmation codes, a restart that reuses the pool and
 * skips the seed, and a stop that frees every port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { Octokit } from '@octokit/rest';
import getPort from 'get-port';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResult } from '../../../contract/catalog';
import { assertPortFree } from '../../../lib/local/emulators/index';
import { DEMO_GITHUB_LOGIN, DEMO_GITHUB_REPO } from '../../../lib/local/seed/github';
import { createCognitoClient } from '../../../lib/local/emulators/resources';
import { startLocalStack, type LocalStack } from '../../../lib/local/stack';

let dataDir: string;
let stack: LocalStack | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'marketplace-stack-'));
  stack = await startLocalStack({
    port: await getPort(),
    dataDir,
    seed: true,
    web: 'dist',
    quiet: true,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('startLocalStack', () => {
  it('serves config.json per the contract', async () => {
    const response = await fetch(`${stack!.url}/config.json`);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      mode: 'local',
      region: 'us-east-1',
      userPoolId: stack!.userPoolId,
      userPoolClientId: stack!.userPoolClientId,
      userPoolEndpoint: stack!.cognitoEndpoint,
      apiBaseUrl: '/api',
      betaAccess: false,
      launchAt: '2025-08-01T00:00:00Z',
      paymentsMode: 'local',
    });
  });

  it('starts the local Stripe server, points the handlers at it and sends its events to the webhook route', async () => {
    const { endpoint, controlUrl } = stack!.stripe!;
    expect(stack!.env).toMatchObject({
      STRIPE_API_URL: endpoint,
      STRIPE_PRICE_BASIC: 'price_local_basic',
      STRIPE_PRICE_PRO: 'price_local_pro',
      STRIPE_PRICE_PREMIUM: 'price_local_premium',
      STRIPE_SECRET_KEY: expect.stringMatching(/^sk_test_local_/),
      STRIPE_WEBHOOK_SECRET: expect.stringMatching(/^whsec_/),
    });
    const authorization = { authorization: `Bearer ${stack!.env.STRIPE_SECRET_KEY}` };
    const price = await fetch(`${endpoint}/v1/prices/price_local_pro`, { headers: authorization });
    expect(await price.json()).toMatchObject({ unit_amount: 200, currency: 'gbp' });
    const webhooks = await fetch(`${controlUrl}/webhooks`, { headers: authorization });
    expect(await webhooks.json()).toMatchObject({ url: `${stack!.url}/api/webhooks/stripe` });
  });

  it('answers the API with the seeded catalog, and 404 JSON for unknown API paths', async () => {
    // The first read builds the catalog's snapshot: on a busy machine it may miss the database's
    // time limit once and answer 503 (its words say to try again), so it is asked again.
    let response = await fetch(`${stack!.apiUrl}/mvps`);
    await expect
      .poll(
        async () => {
          if (response.status === 503) response = await fetch(`${stack!.apiUrl}/mvps`);
          return response.status;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(200);
    const browse = (await response.json()) as BrowseResult;
    expect(browse.total).toBe(30);
    expect(browse.items).toHaveLength(20);
    const missing = await fetch(`${stack!.apiUrl}/does-not-exist`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not Found' });
    expect((await fetch(`${stack!.apiUrl}/me`)).status).toBe(401);
  });

  it('streams preview images from the preview bucket, 404 when absent', async () => {
    const browse = (await (await fetch(`${stack!.apiUrl}/mvps`)).json()) as BrowseResult;
    const image = browse.items[0]!.preview_images[0]!;
    expect(image.startsWith('/previews/')).toBe(true);
    const response = await fetch(`${stack!.url}${image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('<svg');
    expect((await fetch(`${stack!.url}/previews/mvps/none/1.svg`)).status).toBe(404);
  });

  it('reads the confirmation code of a sign-up', async () => {
    const email = `stack-${Date.now()}@example.com`;
    await createCognitoClient(stack!.cognitoEndpoint).send(
      new SignUpCommand({
        ClientId: stack!.userPoolClientId,
        Username: email,
        Password: 'secret1',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    expect(await stack!.readConfirmationCode(email)).toMatch(/^\d{6}$/);
  });

  it('takes a 60 KB signed Stripe event and a push of over 200 KB from GitHub through the edge', async () => {
    // Last before the restart: the work these deliveries cause must not slow the other checks.
    // Real payloads are this large (an invoice with many lines, a push of many commits): the
    // edge and the webhook routes must not refuse them (in the cloud, WAF's body rules only count
    // under /api/: lib/constructs/waf.ts).
    const payload = JSON.stringify({
      id: `evt_large_${Date.now()}`,
      object: 'event',
      type: 'product.updated',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: 'prod_large', object: 'product', description: 'x'.repeat(60_000) } },
    });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(60_000);
    const stripe = await fetch(`${stack!.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: stack!.env.STRIPE_WEBHOOK_SECRET!,
        }),
      },
      body: payload,
    });
    expect(stripe.status).toBe(200);

    // A push to the seeded linked repository, delivered by the local GitHub server with the
    // secret the product set on its webhook; on a branch, so no sync starts.
    const { control, endpoint } = stack!.github;
    const octokit = new Octokit({
      baseUrl: endpoint,
      auth: await control.createToken(DEMO_GITHUB_LOGIN),
    });
    const repo = { owner: DEMO_GITHUB_LOGIN, repo: DEMO_GITHUB_REPO };
    const { data: main } = await octokit.rest.git.getRef({ ...repo, ref: 'heads/main' });
    await octokit.rest.git.createRef({
      ...repo,
      ref: 'refs/heads/large-push',
      sha: main.object.sha,
    });
    await octokit.rest.repos.createOrUpdateFileContents({
      ...repo,
      branch: 'large-push',
      path: 'NOTES.md',
      message: `Notes\n\n${'A long commit message. '.repeat(10_000)}`,
      content: Buffer.from('# Notes\n').toString('base64'),
    });
    expect(await control.waitForDeliveries(30_000)).toBe(true);
    const push = (
      await control.deliveries({ repo: `${DEMO_GITHUB_LOGIN}/${DEMO_GITHUB_REPO}`, event: 'push' })
    )
      .filter((delivery) => JSON.stringify(delivery.payload).includes('large-push'))
      .at(-1);
    expect(Buffer.byteLength(JSON.stringify(push!.payload))).toBeGreaterThan(200_000);
    // 202: signature verified, a push to another branch than the default one is let be.
    expect(push!.status_code).toBe(202);
  }, 60_000);

  it('frees its ports on stop, and restarts on the same data with the same pool and catalog', async () => {
    const first = stack!;
    const port = Number(new URL(first.url).port);
    const emulatorPorts = [
      first.env.AWS_ENDPOINT_URL_DYNAMODB,
      first.env.AWS_ENDPOINT_URL_S3,
      first.cognitoEndpoint,
      first.stripe!.endpoint,
    ].map((endpoint) => Number(new URL(endpoint!).port));
    await first.stop();
    stack = undefined;
    for (const freed of [port, ...emulatorPorts])
      await expect(assertPortFree(freed, 'x', 'X')).resolves.toBeUndefined();

    // The same ports, as a second `npm start` would find them: the handlers' SDK clients in this
    // process keep the endpoints they were created with (get-port would avoid just-used ports).
    const [dynamoPort, s3Port, cognitoPort, stripePort] = emulatorPorts;
    Object.assign(process.env, {
      DYNAMODB_PORT: `${dynamoPort}`,
      S3_PORT: `${s3Port}`,
      COGNITO_PORT: `${cognitoPort}`,
      STRIPE_PORT: `${stripePort}`,
    });
    try {
      stack = await startLocalStack({ port, dataDir, seed: true, web: 'dist', quiet: true });
    } finally {
      delete process.env.DYNAMODB_PORT;
      delete process.env.S3_PORT;
      delete process.env.COGNITO_PORT;
      delete process.env.STRIPE_PORT;
    }
    expect(stack.userPoolId).toBe(first.userPoolId);
    expect(stack.userPoolClientId).toBe(first.userPoolClientId);
    // The local Stripe account too: same keys, same catalogue.
    expect(stack.env.STRIPE_SECRET_KEY).toBe(first.env.STRIPE_SECRET_KEY);
    expect(stack.stripe!.endpoint).toBe(first.stripe!.endpoint);
    const browse = (await (await fetch(`${stack.apiUrl}/mvps`)).json()) as BrowseResult;
    expect(browse.total).toBe(30);
  }, 120_000);
});
