/**
 * The code preview and a README's images while file storage fails: with storage accepting
 * connections and never answering, `GET /api/mvps/{id}/files` and `GET /api/mvps/{id}/files/image`
 * answer 503 in words (storage named, a read's message) within the route's storage budget
 * (STORAGE_READ_BUDGET, far below API Gateway's 29 s); with storage back, both answer 200.
 *
 * This file's S3 client goes through a fault proxy in front of the run's s3rver (the client is
 * created on first use, after the endpoint is pointed here); the emulator itself is left alone.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleFiles } from '../../../../contract/downloads';
import { unavailableMessage } from '../../../../contract/errors';
import { handler } from '../../../../lambdas/downloads/index';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import type { BundleManifest } from '../../../../lambdas/shared/storage/bundle-manifest';
import { manifestKeysOf } from '../../../../lambdas/shared/storage/bundle-manifest';
import { STORAGE_READ_BUDGET } from '../../../../lambdas/shared/storage/s3';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { startFaultProxy, type FaultProxy } from '../../../fixtures/fault-proxy';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { outageBound, timed } from '../../../fixtures/third-party-outage';
import { localCloud } from '../../../fixtures/users';

/** The route's storage total, with room for a busy machine: far below the Lambda's 10 s. */
const ANSWER_BUDGET_MS = outageBound(STORAGE_READ_BUDGET.totalMs);

const README = '# Kit\n\n![Shot](docs/shot.svg)\n';
const SHOT = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>\n';
const template = templateWithFile({
  title: 'Preview Outage Kit',
  seller_id: `seller-${randomUUID()}`,
});
let proxy: FaultProxy;

const get = (path: string, query?: Record<string, string>) =>
  timed(
    async () =>
      (await handler(apiEvent({ method: 'GET', path, query }), lambdaContext('downloads'))) as {
        statusCode: number;
        body: string;
      },
  );

const listFiles = () => get(`/api/mvps/${template.id}/files`);
const readImage = () => get(`/api/mvps/${template.id}/files/image`, { path: 'docs/shot.svg' });

beforeAll(async () => {
  const s3Endpoint = localCloud().s3Endpoint;
  const s3 = createS3Client(s3Endpoint);
  const pack = Buffer.from(README + SHOT, 'utf8');
  const manifest: BundleManifest = {
    version: 1,
    format: 'zip',
    files: [
      { path: 'README.md', size: README.length, kind: 'text', offset: 0, length: README.length },
      {
        path: 'docs/shot.svg',
        size: SHOT.length,
        kind: 'text',
        offset: README.length,
        length: SHOT.length,
      },
    ],
    packBytes: pack.length,
  };
  const keys = manifestKeysOf(template.file_key!);
  const bucket = process.env.MVP_FILES_BUCKET!;
  await s3.send(
    new PutObjectCommand({ Bucket: bucket, Key: keys.manifest, Body: JSON.stringify(manifest) }),
  );
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: keys.pack, Body: pack }));
  await TemplateEntity.create(template).go();
  proxy = await startFaultProxy(s3Endpoint);
  process.env.AWS_ENDPOINT_URL_S3 = proxy.endpoint;
});

afterAll(async () => {
  await proxy.close();
});

describe('The code preview while file storage does not answer', () => {
  it.each([
    ['the files of the bundle', listFiles],
    ['an image the README shows', readImage],
  ])(
    '%s: 503 in words within the storage budget',
    async (_, read) => {
      await proxy.setMode('hang');
      try {
        const { result, ms } = await read();
        expect(result.statusCode, result.body).toBe(503);
        expect(jsonBody(result)).toEqual({ message: unavailableMessage('storage', 'read') });
        expect(ms).toBeLessThan(ANSWER_BUDGET_MS);
      } finally {
        await proxy.setMode('pass');
      }
    },
    ANSWER_BUDGET_MS + 20_000,
  );

  it('answers 200 again once storage answers', async () => {
    const files = await listFiles();
    expect(files.result.statusCode, files.result.body).toBe(200);
    const body = jsonBody<BundleFiles>(files.result);
    expect(body.readme?.content).toBe(README);
    const image = await readImage();
    expect(image.result.statusCode, image.result.body).toBe(200);
  }, 30_000);
});
