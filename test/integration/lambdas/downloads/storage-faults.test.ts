/**
 * A download is spent and counted only when its file can be served: with file storage refusing
 * connections, then accepting them and never answering, Download answers 503 in words (storage
 * named, nothing spent) within the storage check's budget, and the buyer's quota, the download
 * rows, the template's count and the period's grant are exactly as before; with storage back the
 * same click downloads and spends once.
 *
 * This file's S3 client goes through a fault proxy in front of the run's s3rver (the client is
 * created on first use, after the endpoint is pointed here); the emulator itself is left alone.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES, type DownloadResult } from '../../../../contract/downloads';
import { handler } from '../../../../lambdas/downloads/index';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { DownloadGrantEntity } from '../../../../lambdas/shared/db/entities/download-grant';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { STORAGE_CHECK_MS } from '../../../../lambdas/shared/storage/s3';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { startFaultProxy, type FaultMode, type FaultProxy } from '../../../fixtures/fault-proxy';
import { putProfile, storedEntitlement } from '../../../fixtures/profiles';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { localCloud } from '../../../fixtures/users';

/**
 * The storage check's own budget plus the database reads around it, with room for a busy CI
 * machine: far below the Lambda's 10 s, which is what a hanging storage used to cost.
 */
const ANSWER_BUDGET_MS = STORAGE_CHECK_MS + 4_000;

const template = templateWithFile({
  title: 'Storage Outage Kit',
  seller_id: `seller-${randomUUID()}`,
});
const buyer = `buyer-${randomUUID()}`;
let proxy: FaultProxy;

const download = async () => {
  const started = Date.now();
  const result = (await handler(
    apiEvent({
      method: 'POST',
      path: `/api/mvps/${template.id}/download`,
      claims: idTokenClaims({ sub: buyer, email: `${buyer}@example.com` }),
    }),
    lambdaContext('downloads'),
  )) as { statusCode: number; body: string };
  return { result, ms: Date.now() - started };
};

/** Everything a download writes, read consistently. */
const written = async () => ({
  remaining: (await storedEntitlement(buyer))?.downloads_remaining,
  rows: (await DownloadEntity.query.byUser({ user_id: buyer }).go({ pages: 'all' })).data.length,
  count: (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data
    ?.download_count,
  grants: (await DownloadGrantEntity.query.byUserMvpPeriod({ user_id: buyer }).go({ pages: 'all' }))
    .data.length,
});

beforeAll(async () => {
  const s3Endpoint = localCloud().s3Endpoint;
  await createS3Client(s3Endpoint).send(
    new PutObjectCommand({
      Bucket: process.env.MVP_FILES_BUCKET!,
      Key: template.file_key,
      Body: 'PK\u0005\u0006' + '\u0000'.repeat(18),
    }),
  );
  await TemplateEntity.create(template).go();
  await putProfile({ id: buyer, download_quota: 15, downloads_remaining: 3 });
  proxy = await startFaultProxy(s3Endpoint);
  process.env.AWS_ENDPOINT_URL_S3 = proxy.endpoint;
});

afterAll(async () => {
  await proxy.close();
});

describe('Download while file storage fails', () => {
  it.each<[string, FaultMode]>([
    ['refuses connections', 'refuse'],
    ['accepts connections and never answers', 'hang'],
  ])(
    'answers 503 in words and spends nothing while storage %s',
    async (_, mode) => {
      const before = await written();
      await proxy.setMode(mode);
      try {
        const { result, ms } = await download();
        expect(result.statusCode).toBe(503);
        expect(jsonBody(result)).toEqual({ message: DOWNLOAD_MESSAGES.storageUnavailable });
        expect(ms).toBeLessThan(ANSWER_BUDGET_MS);
      } finally {
        await proxy.setMode('pass');
      }
      expect(await written()).toEqual(before);
      expect(before).toMatchObject({ remaining: 3, rows: 0, grants: 0 });
    },
    30_000,
  );

  it('downloads and spends once when storage answers again', async () => {
    const before = await written();
    const { result } = await download();
    expect(result.statusCode).toBe(200);
    const body = jsonBody<DownloadResult>(result);
    expect(body.quotaSpent).toBe(true);
    // The link is served by the same storage, through the proxy that passes again.
    expect((await fetch(body.url)).status).toBe(200);
    expect(await written()).toEqual({
      remaining: before.remaining! - 1,
      rows: 1,
      count: before.count! + 1,
      grants: 1,
    });
  }, 30_000);
});
