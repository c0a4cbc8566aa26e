/**
 * `GET /api/mvps/{id}/files/image` on the emulators: the images a README shows are served from
 * the bundle to anyone (as the README is), with an image type, nosniff, a sandboxing CSP and a
 * cache lifetime; any other image, a path that climbs out of the bundle, a file that is no image,
 * and an image past the size limit are refused.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/downloads/index';
import { startProcessing } from '../../../../lambdas/templates/processing-start';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { BUNDLE_IMAGE_MAX_BYTES } from '../../../../contract/bundle-paths';
import { CODE_PREVIEW_MESSAGES } from '../../../../contract/downloads';
import type { ApiErrorBody } from '../../../../contract/errors';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { pseudoRandomBytes } from '../../../fixtures/archives/clean-templates';
import { tarGzOf, zipOf, type FileTree } from '../../../fixtures/archives/writers';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { pngOf } from '../../../fixtures/png';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';
import { localCloud } from '../../../fixtures/users';

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });
const s3 = () => createS3Client(localCloud().s3Endpoint);

const LOGO = pngOf(24, 12, ['#7c3aed', '#f59e0b']);
const SHOT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(1)</script><rect width="40" height="20" fill="#0ea5e9"/></svg>\n';
const README = `<p align="center"><img src="public/logo.png" width="120"></p>

# Kit

![Shot](./docs/shot.svg)

See [the setup guide](docs/SETUP.md). <img src="public/huge.png"> <img src="src/app.ts">
`;
const tree: FileTree = {
  'kit/README.md': README,
  'kit/docs/SETUP.md': '# Setup\n',
  'kit/docs/shot.svg': SHOT_SVG,
  'kit/public/logo.png': LOGO,
  'kit/public/unlisted.png': pngOf(4, 4, ['#000000']),
  'kit/public/huge.png': pseudoRandomBytes('huge', BUNDLE_IMAGE_MAX_BYTES + 1024),
  'kit/src/app.ts': 'export const answer = 42;\n',
};

/** What the seller domain does before calling startProcessing: object, template, version. */
const upload = async (bytes: Uint8Array, fileName: string) => {
  const sellerId = `seller-${randomUUID()}`;
  await putProfile({ id: sellerId, role: 'seller', is_seller_approved: true });
  const template = templateItem({
    seller_id: sellerId,
    status: 'pending_review',
    published_at: undefined,
    version_number: '1.0.0',
    access_tier: 'subscription',
  });
  const versionId = ulid();
  const fileKey = `mvps/${sellerId}/${template.id}/${versionId}/${fileName}`;
  await s3().send(
    new PutObjectCommand({ Bucket: process.env.MVP_FILES_BUCKET!, Key: fileKey, Body: bytes }),
  );
  const file = { file_key: fileKey, file_size: bytes.length, original_file_name: fileName };
  await TemplateEntity.create({ ...template, ...file }).go();
  await TemplateVersionEntity.create({
    mvp_id: template.id,
    id: versionId,
    version_number: '1.0.0',
    ...file,
    source: 'upload',
    uploaded_at: new Date().toISOString(),
  }).go();
  await startProcessing({ mvpId: template.id, versionId, fileKey });
  return { mvpId: template.id, sellerId };
};

const readImage = (templateId: string, path: string, sub: string | null = null) =>
  handler(
    apiEvent({
      path: `/api/mvps/${templateId}/files/image`,
      query: { path },
      ...(sub ? { claims: idTokenClaims({ sub, email: `${sub}@example.com` }) } : {}),
    }),
    lambdaContext('downloads'),
  );

const bytesOf = (answer: Awaited<ReturnType<typeof readImage>>) =>
  Buffer.from(answer.body ?? '', answer.isBase64Encoded ? 'base64' : 'utf8');

let zip: { mvpId: string; sellerId: string };
let tarGz: { mvpId: string; sellerId: string };

beforeAll(async () => {
  setWorkflowRunner(runner);
  [zip, tarGz] = await Promise.all([
    upload(zipOf(tree), 'kit.zip'),
    upload(await tarGzOf(tree), 'kit.tar.gz'),
  ]);
  await Promise.all([...runner.running]);
  for (const { mvpId } of [zip, tarGz]) {
    const template = (await TemplateEntity.get({ id: mvpId }).go({ consistent: true })).data!;
    expect(template.status, template.last_processing_error).toBe('approved');
  }
}, 60_000);

afterAll(() => setWorkflowRunner(undefined));

describe('an image the README shows', () => {
  it('is served to an anonymous visitor from the zip, as the PNG it is, cacheable', async () => {
    const answer = await readImage(zip.mvpId, 'kit/public/logo.png');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers?.['content-type']).toBe('image/png');
    expect(answer.headers?.['x-content-type-options']).toBe('nosniff');
    expect(answer.headers?.['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(bytesOf(answer).equals(LOGO)).toBe(true);
  });

  it('is served to a signed-in buyer who may not download the template, too', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer, role: 'buyer' });
    const answer = await readImage(zip.mvpId, 'kit/public/logo.png', buyer);
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('as an SVG, from the preview pack of any format, sandboxed so it runs nothing', async () => {
    for (const { mvpId } of [zip, tarGz]) {
      const answer = await readImage(mvpId, 'kit/docs/shot.svg');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers?.['content-type']).toBe('image/svg+xml');
      expect(answer.headers?.['content-security-policy']).toMatch(/sandbox/);
      expect(answer.headers?.['content-security-policy']).toMatch(/default-src 'none'/);
      expect(bytesOf(answer).toString('utf8')).toBe(SHOT_SVG);
    }
  });

  it('is not served from a tar.gz when it is binary (no directory to read one entry from)', async () => {
    const answer = await readImage(tarGz.mvpId, 'kit/public/logo.png');
    expect(answer.statusCode).toBe(422);
    expect(jsonBody<ApiErrorBody>(answer).message).toBe(CODE_PREVIEW_MESSAGES.imageUnavailable);
  });

  it('is refused past the size limit', async () => {
    const answer = await readImage(zip.mvpId, 'kit/public/huge.png');
    expect(answer.statusCode).toBe(422);
    expect(jsonBody<ApiErrorBody>(answer).message).toBe(CODE_PREVIEW_MESSAGES.imageTooLarge);
  });
});

describe('anything else', () => {
  it('an image the README does not show is refused to everyone, its seller included', async () => {
    for (const caller of [null, zip.sellerId]) {
      const answer = await readImage(zip.mvpId, 'kit/public/unlisted.png', caller);
      expect(answer.statusCode, String(caller)).toBe(403);
      expect(jsonBody<ApiErrorBody>(answer).message).toBe(CODE_PREVIEW_MESSAGES.imageNotShown);
    }
  });

  it.each([
    ['kit/../../outside.png', CODE_PREVIEW_MESSAGES.notInBundle],
    ['/etc/passwd.png', CODE_PREVIEW_MESSAGES.notInBundle],
    ['kit/./public/logo.png', CODE_PREVIEW_MESSAGES.notInBundle],
    ['kit\\public\\logo.png', CODE_PREVIEW_MESSAGES.notInBundle],
    ['kit/src/app.ts', CODE_PREVIEW_MESSAGES.notAnImage],
    ['kit/README.md', CODE_PREVIEW_MESSAGES.notAnImage],
  ])('%s is refused with 400', async (path, message) => {
    const answer = await readImage(zip.mvpId, path);
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(jsonBody(answer))).toContain(message);
  });

  it('a missing image, and a template that does not exist, are 404', async () => {
    expect((await readImage(zip.mvpId, 'kit/public/missing.png')).statusCode).toBe(404);
    expect((await readImage(ulid(), 'kit/public/logo.png')).statusCode).toBe(404);
  });
});
