/**
 * `GET /api/health` with its dependencies failing: every service this file's handlers talk to
 * (DynamoDB, S3, Cognito, SES and the local Stripe, GitHub and Netlify servers) sits behind a
 * fault proxy of its own. Refused, then hanging, then back: each component says `down` in words
 * while its service fails, the report says `degraded` and still answers within the checks' budget,
 * and everything is operational again once the services answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEALTH_CHECK_TIMEOUT_MS,
  HEALTH_COMPONENTS,
  type HealthComponent,
  type HealthReport,
} from '../../../../contract/health';
import { getHealth } from '../../../../lambdas/stats/health';
import { handler } from '../../../../lambdas/stats/index';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { startFaultProxy, type FaultMode, type FaultProxy } from '../../../fixtures/fault-proxy';

/** The checks run at once: their budget plus room for a busy machine. */
const ANSWER_BUDGET_MS = HEALTH_CHECK_TIMEOUT_MS + 3_000;

/** The environment variable our clients read each service's address from, by component. */
const SERVICES: Record<string, string> = {
  [HEALTH_COMPONENTS.database]: 'AWS_ENDPOINT_URL_DYNAMODB',
  [HEALTH_COMPONENTS.files]: 'AWS_ENDPOINT_URL_S3',
  [HEALTH_COMPONENTS.signIn]: 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  [HEALTH_COMPONENTS.payments]: 'STRIPE_API_URL',
  [HEALTH_COMPONENTS.github]: 'GITHUB_API_URL',
  [HEALTH_COMPONENTS.netlify]: 'NETLIFY_API_URL',
  [HEALTH_COMPONENTS.email]: 'AWS_ENDPOINT_URL_SESV2',
};
const proxies = new Map<string, FaultProxy>();

/** `http://127.0.0.1:1234/api/v1` behind a proxy keeps its path. */
const throughProxy = (address: string, proxy: FaultProxy) => {
  const url = new URL(address);
  return `${proxy.endpoint}${url.pathname === '/' ? '' : url.pathname}`;
};

beforeAll(async () => {
  for (const [service, variable] of Object.entries(SERVICES)) {
    const address = process.env[variable];
    if (!address) throw new Error(`${variable} is not set for this run`);
    const proxy = await startFaultProxy(address);
    proxies.set(service, proxy);
    process.env[variable] = throughProxy(address, proxy);
  }
});

afterAll(async () => {
  await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
});

const setAll = (mode: FaultMode) =>
  Promise.all([...proxies.values()].map((proxy) => proxy.setMode(mode)));

const timedReport = async (): Promise<{ report: HealthReport; ms: number }> => {
  const started = Date.now();
  const report = await getHealth();
  return { report, ms: Date.now() - started };
};

/** Asked again while a busy machine makes a healthy check miss its budget. */
const POLL = { timeout: 30_000, interval: 1_000 };

const downNames = (report: HealthReport) =>
  report.components.filter((component) => component.status === 'down').map((c) => c.name);

const byName = (report: HealthReport) =>
  new Map(report.components.map((component) => [component.name, component]));

describe('GET /api/health while its dependencies fail', () => {
  it('lists every dependency, operational while all answer', async () => {
    const result = await handler(apiEvent({ path: '/api/health' }), lambdaContext('stats'));
    expect(result.statusCode).toBe(200);
    const report = jsonBody<HealthReport>(result);
    expect(report.components.map((component) => component.name)).toEqual([
      HEALTH_COMPONENTS.api,
      ...Object.keys(SERVICES),
      HEALTH_COMPONENTS.pipeline,
    ]);
    // None is down (on a busy machine a check may miss its 2 s once: asked again until none does).
    await expect.poll(async () => downNames(await getHealth()), POLL).toEqual([]);
  }, 60_000);

  it.each<[string, FaultMode, RegExp]>([
    ['refused', 'refuse', /^Not answering\.$/],
    ['hanging', 'hang', /^Not answering \(no answer within 2 s\)\.$/],
  ])(
    'says each one is down, and the whole degraded, within budget while %s',
    async (_, mode, detail) => {
      await setAll(mode);
      try {
        const { report, ms } = await timedReport();
        expect(ms).toBeLessThan(ANSWER_BUDGET_MS);
        expect(report.status).toBe('degraded');
        const components = byName(report);
        for (const service of Object.keys(SERVICES)) {
          expect(components.get(service)).toEqual<HealthComponent>({
            name: service,
            status: 'down',
            detail: expect.stringMatching(detail) as string,
          });
        }
        expect(components.get('API')?.status).toBe('operational');
        // The pipeline's state is read from the database.
        expect(components.get('Processing pipeline')?.status).toBe('down');
      } finally {
        await setAll('pass');
      }
    },
    30_000,
  );

  it('names only the service that fails', { timeout: 60_000 }, async () => {
    await proxies.get(HEALTH_COMPONENTS.files)!.setMode('refuse');
    try {
      await expect
        .poll(async () => downNames(await getHealth()), POLL)
        .toEqual([HEALTH_COMPONENTS.files]);
    } finally {
      await proxies.get(HEALTH_COMPONENTS.files)!.setMode('pass');
    }
  });

  it('is operational again once every service answers', async () => {
    await expect.poll(async () => downNames(await getHealth()), POLL).toEqual([]);
  }, 60_000);
});
