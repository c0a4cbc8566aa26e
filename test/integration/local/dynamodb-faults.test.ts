/**
 * Fault injection: the database pauses (SIGSTOP: connections hang), then stops
 * (connections are refused), then comes back. The API must answer within its time budget in every
 * phase: browse from its in-memory catalog (stale on error), other routes 503 "temporarily
 * unavailable" (never a 500, never a hang), and everything recovers by itself afterwards.
 *
 * This file runs its own DynamoDB Local (with a data folder, so a restart keeps the data) and
 * points this file's handlers at it; the run's shared emulator is left alone.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as catalogHandler } from '../../../lambdas/catalog/index';
import { bumpCatalogVersion } from '../../fixtures/catalog';
import { handler as profilesHandler } from '../../../lambdas/profiles/index';
import { handler as downloadsHandler } from '../../../lambdas/downloads/index';
import { unavailableMessage } from '../../../contract/errors';
import { DYNAMODB_MAX_ATTEMPTS, DYNAMODB_TIMEOUTS } from '../../../lambdas/shared/db/client';
import { DownloadEntity } from '../../../lambdas/shared/db/entities/download';
import { TemplateEntity } from '../../../lambdas/shared/db/entities/template';
import { startDynamoDb, type EmulatorHandle } from '../../../lib/local/emulators/index';
import { createDynamoClient, ensureTable } from '../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../fixtures/api-event';
import { putProfile, storedEntitlement } from '../../fixtures/profiles';
import { templateItem, templateWithFile } from '../../fixtures/template-fixtures';
import { storeTemplateFile } from '../../fixtures/template-items';

/**
 * Every request must be answered within this, whatever the database does (Lambda times out at
 * 10 s): the client's budget (every attempt timing out, docs/operations.md) with room for a busy
 * machine.
 */
const ANSWER_BUDGET_MS = DYNAMODB_MAX_ATTEMPTS * DYNAMODB_TIMEOUTS.requestTimeout + 3_000;

let dataDir: string;
let port: number;
let dynamo: EmulatorHandle;
const user = { sub: randomUUID(), email: `faults-${randomUUID()}@example.com` };
const buyer = { sub: randomUUID(), email: `faults-buyer-${randomUUID()}@example.com` };
const kit = templateWithFile({ status: 'approved', title: 'Outage Download Kit' });

const timed = async <T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> => {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
};

const browse = () =>
  timed(async () => {
    const result = await catalogHandler(
      apiEvent({ method: 'GET', path: '/api/mvps' }),
      lambdaContext(),
    );
    return result as { statusCode: number; body: string };
  });

/** POST download: reads the profile and the template before it writes anything. */
const download = () =>
  timed(async () => {
    const result = await downloadsHandler(
      apiEvent({
        method: 'POST',
        path: `/api/mvps/${kit.id}/download`,
        claims: idTokenClaims(buyer),
      }),
      lambdaContext(),
    );
    return result as { statusCode: number; body: string };
  });

/** What a download writes: the buyer's quota and their download rows. */
const spent = async () => ({
  remaining: (await storedEntitlement(buyer.sub))?.downloads_remaining,
  rows: (await DownloadEntity.query.byUser({ user_id: buyer.sub }).go()).data.length,
});

const me = () =>
  timed(async () => {
    const result = await profilesHandler(
      apiEvent({ method: 'GET', path: '/api/me', claims: idTokenClaims(user) }),
      lambdaContext(),
    );
    return result as { statusCode: number; body: string };
  });

/** SIGSTOP, then wait until the kernel reports the process stopped (state T in /proc). */
const pauseEmulator = async () => {
  process.kill(dynamo.pid!, 'SIGSTOP');
  const stopped = async () =>
    (await readFile(`/proc/${dynamo.pid}/stat`, 'utf8')).split(') ')[1]?.startsWith('T') ?? false;
  await expect.poll(stopped, { timeout: 5_000, interval: 10 }).toBe(true);
};

const startEmulator = async () => {
  dynamo = await startDynamoDb({ port, path: dataDir });
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dynamodb-faults-'));
  port = await getPort();
  await startEmulator();
  // This file's handlers talk to this emulator (the client is created on first use).
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.endpoint;
  await ensureTable(createDynamoClient(dynamo.endpoint), process.env.TABLE_NAME!);
  const now = new Date().toISOString();
  await TemplateEntity.create(
    templateItem({ status: 'approved', published_at: now, title: 'Fault Tolerant Starter' }),
  ).go();
  await TemplateEntity.create(kit).go();
  await bumpCatalogVersion({ approvedDelta: 2 });
  await storeTemplateFile(kit);
  await putProfile({
    id: buyer.sub,
    email: buyer.email,
    download_quota: 15,
    downloads_remaining: 2,
  });
}, 60_000);

afterAll(async () => {
  await dynamo.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('when DynamoDB pauses, stops and comes back', () => {
  it('answers normally while the database is healthy', async () => {
    const listed = await browse();
    expect(listed.result.statusCode).toBe(200);
    expect(jsonBody<{ total: number }>(listed.result).total).toBe(2);
    expect((await me()).result.statusCode).toBe(200);
  });

  it('keeps browsing from memory and answers 503 elsewhere while it is paused', async () => {
    await pauseEmulator();
    try {
      const listed = await browse();
      expect(listed.result.statusCode).toBe(200);
      expect(
        jsonBody<{ items: { title: string }[] }>(listed.result).items.map((item) => item.title),
      ).toContain('Fault Tolerant Starter');
      expect(listed.ms).toBeLessThan(ANSWER_BUDGET_MS);

      const profile = await me();
      expect(profile.result.statusCode).toBe(503);
      expect(jsonBody(profile.result)).toEqual({ message: unavailableMessage('database', 'read') });
      expect(profile.ms).toBeLessThan(ANSWER_BUDGET_MS);

      // A write route that failed on its first read: the database named, nothing changed.
      const refused = await download();
      expect(refused.result.statusCode).toBe(503);
      expect(jsonBody(refused.result)).toEqual({
        message: unavailableMessage('database', 'unchanged'),
      });
      expect(refused.ms).toBeLessThan(ANSWER_BUDGET_MS);

      // By now the catalog's once-a-second version check is due again and meets the paused table:
      // it still answers from memory, within its own short budget.
      const again = await browse();
      expect(again.result.statusCode).toBe(200);
      expect(again.ms).toBeLessThan(ANSWER_BUDGET_MS);
    } finally {
      process.kill(dynamo.pid!, 'SIGCONT');
    }
  }, 30_000);

  it('recovers by itself once it runs again, with nothing spent by the refused download', async () => {
    await expect.poll(async () => (await me()).result.statusCode, { timeout: 10_000 }).toBe(200);
    expect((await browse()).result.statusCode).toBe(200);
    expect(await spent()).toEqual({ remaining: 2, rows: 0 });
  }, 30_000);

  it('answers at once while it is stopped (connections refused), then recovers after a restart', async () => {
    await dynamo.stop();
    try {
      const listed = await browse();
      expect(listed.result.statusCode).toBe(200);
      const profile = await me();
      expect(profile.result.statusCode).toBe(503);
      expect(profile.ms).toBeLessThan(ANSWER_BUDGET_MS);
      const refused = await download();
      expect(refused.result.statusCode).toBe(503);
      expect(jsonBody(refused.result)).toEqual({
        message: unavailableMessage('database', 'unchanged'),
      });
      expect(refused.ms).toBeLessThan(ANSWER_BUDGET_MS);
    } finally {
      await startEmulator();
    }
    await expect.poll(async () => (await me()).result.statusCode, { timeout: 15_000 }).toBe(200);
    const after = await browse();
    expect(after.result.statusCode).toBe(200);
    expect(jsonBody<{ total: number }>(after.result).total).toBe(2);
    // Nothing was spent while it was down; with it back, the same download spends once.
    expect(await spent()).toEqual({ remaining: 2, rows: 0 });
    expect((await download()).result.statusCode).toBe(200);
    expect(await spent()).toEqual({ remaining: 1, rows: 1 });
  }, 60_000);
});
