/**
 * Stale on error: when the table hangs or refuses connections, browse keeps
 * answering from the catalog in memory (or from the snapshot, in a new container) within about a
 * second, with a warning; detail, which needs the full item, answers the database's 503
 * ("Our database is not answering right now."). Everything recovers by itself.
 *
 * The catalog's DynamoDB client talks to the run's emulator through a proxy this file controls
 * (test/fixtures/fault-proxy.ts), so only this file's process sees the outage.
 */
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../lambdas/catalog/index';
import { publishCatalogSnapshot, resetCatalogCache } from '../../../../lambdas/catalog/service';
import { bumpCatalogVersion } from '../../../fixtures/catalog';
import { VERSION_RETRY_AFTER_FAILURE_MS } from '../../../../lambdas/catalog/catalog-cache';
import { VERSION_CHECK_TIMEOUT_MS } from '../../../../lambdas/catalog/catalog-timing';
import { outageBound } from '../../../fixtures/third-party-outage';
import type { BrowseResult } from '../../../../contract/catalog';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { unavailableMessage } from '../../../../contract/errors';
import { logger } from '../../../../lambdas/shared/observability';
import { storageDesign } from '../../../../contract/design/storage-design';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { startFaultProxy, type FaultProxy } from '../../../fixtures/fault-proxy';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';
import { localCloud } from '../../../fixtures/users';

/**
 * A version check gives up after the cloud's 1 s (this file leaves the local stack's longer
 * catalog budget unset); with the request's own work on a busy machine, within this. A hang would
 * last until the test's own timeout.
 */
const STALE_ANSWER_MS = outageBound(VERSION_CHECK_TIMEOUT_MS);

let proxy: FaultProxy;
let skew = 0;
const clock = () => Date.now() + skew;

const timed = async (path: string) => {
  const started = Date.now();
  const result = await handler(apiEvent({ path }), lambdaContext('catalog'));
  return { result, status: result.statusCode, ms: Date.now() - started };
};
const titles = (result: { body?: string }) =>
  jsonBody<BrowseResult>(result)
    .items.map((item) => item.title)
    .sort();

const seller = 'seller-stale-1';
const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
const kept = templateItem({ title: 'Kept In Memory', seller_id: seller, updated_at: anHourAgo });

beforeAll(async () => {
  proxy = await startFaultProxy(localCloud().dynamodbEndpoint);
  // The handlers' client is created on first use, so from here on it goes through the proxy.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = proxy.endpoint;
  // The cloud's budgets, which are what a hang is about (the local stack sets a longer one).
  delete process.env.CATALOG_READ_TIMEOUT_MS;
  await putProfile({
    id: seller,
    email: 'stale-seller@example.com',
    username: 'stale-seller',
    role: 'seller',
    created_at: anHourAgo,
    updated_at: anHourAgo,
  });
  await TemplateEntity.create(kept).go();
  await bumpCatalogVersion({ approvedDelta: 1 });
});

afterAll(async () => {
  await proxy.close();
});

describe('a warm container while the table does not answer', () => {
  it('keeps serving browse from memory (logged), answers detail 503, and recovers', async () => {
    resetCatalogCache({ now: clock });
    expect((await timed('/api/mvps')).status).toBe(200);
    expect((await timed(`/api/mvps/${kept.id}`)).status).toBe(200);

    const warn = vi.spyOn(logger, 'warn');
    try {
      // Paused: connections hang.
      await proxy.setMode('hang');
      skew += 1_000; // the next request checks the version
      const checked = await timed('/api/mvps');
      expect(checked.status).toBe(200);
      expect(titles(checked.result)).toEqual(['Kept In Memory']);
      expect(jsonBody<BrowseResult>(checked.result).items[0]?.seller.username).toBe('stale-seller');
      expect(checked.ms).toBeLessThan(STALE_ANSWER_MS);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('serves the catalog in memory'),
        expect.objectContaining({ error: expect.stringContaining('AbortError') }),
      );
      // Until the next attempt, requests do not ask the table at all: a check would wait out its
      // second and log its failure again (said by the log, not by a time a busy machine may miss).
      const warnings = warn.mock.calls.length;
      skew += 1_000;
      const quiet = await timed('/api/mvps');
      expect(quiet.status).toBe(200);
      expect(warn.mock.calls.length).toBe(warnings);

      const detail = await timed(`/api/mvps/${kept.id}`);
      expect(detail.status).toBe(503);
      expect(jsonBody(detail.result)).toEqual({ message: unavailableMessage('database', 'read') });
      expect(detail.result.headers?.['cache-control']).toBe('no-store');

      // Stopped: connections refused.
      await proxy.setMode('refuse');
      skew += VERSION_RETRY_AFTER_FAILURE_MS;
      const refused = await timed('/api/mvps');
      expect(refused.status).toBe(200);
      expect(titles(refused.result)).toEqual(['Kept In Memory']);
      expect(refused.ms).toBeLessThan(STALE_ANSWER_MS);
      expect((await timed(`/api/mvps/${kept.id}`)).status).toBe(503);
    } finally {
      warn.mockRestore();
      await proxy.setMode('pass');
    }

    // Back: a template approved meanwhile shows at the next attempt.
    await TemplateEntity.create(templateItem({ title: 'Approved After', seller_id: seller })).go();
    await bumpCatalogVersion({ approvedDelta: 1 });
    skew += VERSION_RETRY_AFTER_FAILURE_MS;
    const recovered = await timed('/api/mvps');
    expect(recovered.status).toBe(200);
    expect(titles(recovered.result)).toEqual(['Approved After', 'Kept In Memory']);
    expect((await timed(`/api/mvps/${kept.id}`)).status).toBe(200);
  }, 60_000);
});

describe('a new container while the table does not answer', () => {
  it('serves the snapshot, with a warning', async () => {
    await publishCatalogSnapshot();
    const warn = vi.spyOn(logger, 'warn');
    try {
      await proxy.setMode('hang');
      resetCatalogCache({ now: clock });
      const cold = await timed('/api/mvps');
      expect(cold.status).toBe(200);
      expect(titles(cold.result)).toEqual(['Approved After', 'Kept In Memory']);
      expect(cold.ms).toBeLessThan(STALE_ANSWER_MS);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('serves the catalog snapshot'),
        expect.anything(),
      );
    } finally {
      warn.mockRestore();
      await proxy.setMode('pass');
    }
  }, 30_000);

  it('answers 503 at once without a snapshot, then serves as soon as the table is back', async () => {
    await createS3Client(localCloud().s3Endpoint).send(
      new DeleteObjectCommand({
        Bucket: process.env.MVP_FILES_BUCKET!,
        Key: storageDesign.catalogSnapshotKey,
      }),
    );
    try {
      await proxy.setMode('refuse');
      resetCatalogCache({ now: clock });
      const cold = await timed('/api/mvps');
      expect(cold.status).toBe(503);
      expect(jsonBody(cold.result)).toEqual({ message: unavailableMessage('database', 'read') });
      expect(cold.ms).toBeLessThan(STALE_ANSWER_MS);
    } finally {
      await proxy.setMode('pass');
    }
    expect((await timed('/api/mvps')).status).toBe(200);
  }, 30_000);
});
