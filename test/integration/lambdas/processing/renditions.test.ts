/**
 * Preview renditions through the whole processing state machine (the ASL file, run by
 * aws-local-stepfunctions with the real task functions) against DynamoDB Local and s3rver: WebP
 * renditions 400 and 1200 px wide beside each raster preview, made once, and a version published
 * whatever its images hold.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseQuerySchema, renditionKey } from '../../../../contract/catalog';
import { getTemplate, listTemplates } from '../../../../lambdas/catalog/service';
import { makePreviewRenditions } from '../../../../lambdas/processing/tasks/renditions';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { startProcessing } from '../../../../lambdas/templates/processing-start';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { zipOf } from '../../../fixtures/archives/writers';
import { cleanTemplates } from '../../../fixtures/archives/clean-templates';
import { templateItem } from '../../../fixtures/template-fixtures';
import { localCloud } from '../../../fixtures/users';

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });
const s3 = () => createS3Client(localCloud().s3Endpoint);
const previews = () => process.env.PREVIEW_IMAGES_BUCKET!;

beforeAll(() => setWorkflowRunner(runner));
afterAll(() => setWorkflowRunner(undefined));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const put = (key: string, body: Uint8Array | string) =>
  s3().send(new PutObjectCommand({ Bucket: previews(), Key: key, Body: body }));

const read = async (key: string) => {
  const object = await s3().send(new GetObjectCommand({ Bucket: previews(), Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
};

const exists = (key: string) =>
  s3()
    .send(new HeadObjectCommand({ Bucket: previews(), Key: key }))
    .then(
      () => true,
      () => false,
    );

/** A template waiting for processing, with these preview objects already in the bucket. */
const uploadWith = async (images: Record<string, Uint8Array | string>) => {
  const template = templateItem({ status: 'pending_review', published_at: undefined });
  const versionId = ulid();
  const keys = Object.keys(images).map(
    (name) => `previews/mvps/${template.id}/${versionId}/${name}`,
  );
  await Promise.all(keys.map((key, index) => put(key, Object.values(images)[index]!)));
  const fileKey = `mvps/${template.seller_id}/${template.id}/${versionId}/starter.zip`;
  const bytes = zipOf(cleanTemplates['react-vite-app']!);
  await s3().send(
    new PutObjectCommand({ Bucket: process.env.MVP_FILES_BUCKET, Key: fileKey, Body: bytes }),
  );
  await TemplateEntity.create({
    ...template,
    preview_image_keys: keys,
    file_key: fileKey,
    file_size: bytes.length,
    original_file_name: 'starter.zip',
  }).go();
  await TemplateVersionEntity.create({
    mvp_id: template.id,
    id: versionId,
    version_number: '1.0.0',
    file_key: fileKey,
    file_size: bytes.length,
    original_file_name: 'starter.zip',
    source: 'upload',
    uploaded_at: new Date().toISOString(),
    status: 'processing',
  }).go();
  const input = { mvpId: template.id, versionId, fileKey };
  await startProcessing(input);
  await Promise.all([...runner.running]);
  return { input, keys };
};

const templateOf = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data!;

describe('preview renditions in mvp-processing', () => {
  it('makes 400 and 1200 px WebP renditions of a raster preview, once, and the detail lists them', async () => {
    const { input, keys } = await uploadWith({
      '0.png': await png(2000, 1200),
      '1.png': await png(300, 200),
    });
    const [large, small] = keys as [string, string];

    const template = await templateOf(input.mvpId);
    expect(template.status).toBe('approved');
    expect(template.preview_rendition_keys).toEqual([large, small]);
    const sizes = async (key: string) => {
      const { format, width, height, exif, icc } = await sharp(await read(key)).metadata();
      return { format, width, height, stripped: exif === undefined && icc === undefined };
    };
    expect(await sizes(renditionKey(large, 400))).toEqual({
      format: 'webp',
      width: 400,
      height: 240,
      stripped: true,
    });
    expect(await sizes(renditionKey(large, 1200))).toMatchObject({ width: 1200, height: 720 });
    // Never upscaled: a 300 px image stays 300 px in both.
    expect(await sizes(renditionKey(small, 400))).toMatchObject({ width: 300, height: 200 });
    expect(await sizes(renditionKey(small, 1200))).toMatchObject({ width: 300, height: 200 });

    // Written once: the step run again finds them and writes nothing.
    const before = await read(renditionKey(large, 400));
    await put(renditionKey(large, 400), 'kept as is');
    expect(await makePreviewRenditions(input)).toEqual({ made: 0, kept: 2, failed: 0 });
    expect((await read(renditionKey(large, 400))).toString()).toBe('kept as is');
    expect(before.length).toBeGreaterThan(0);

    const detail = await getTemplate(input.mvpId);
    expect(detail.preview_renditions).toEqual([
      { w400: `/${large}.w400.webp`, w1200: `/${large}.w1200.webp` },
      { w400: `/${small}.w400.webp`, w1200: `/${small}.w1200.webp` },
    ]);
    // The card in browse (the catalog cache) carries them too.
    const browse = await listTemplates(
      browseQuerySchema.parse({ search: detail.title.toLowerCase() }),
    );
    const card = browse.items.find((item) => item.id === input.mvpId);
    expect(card?.preview_renditions).toEqual(detail.preview_renditions);
  });

  it('publishes a version whose preview is not an image, with no renditions for it', async () => {
    const { input, keys } = await uploadWith({
      '0.png': 'not a PNG at all',
      '1.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      '2.jpg': await sharp(await png(800, 600))
        .jpeg()
        .toBuffer(),
    });
    const [broken, svg, photo] = keys as [string, string, string];

    const template = await templateOf(input.mvpId);
    expect(template.status).toBe('approved');
    expect(template.preview_rendition_keys).toEqual([photo]);
    expect(await exists(renditionKey(broken, 400))).toBe(false);
    expect(await exists(renditionKey(svg, 400))).toBe(false);
    const detail = await getTemplate(input.mvpId);
    expect(detail.preview_images).toEqual(keys.map((key) => `/${key}`));
    expect(detail.preview_renditions).toEqual([
      null,
      null,
      { w400: `/${photo}.w400.webp`, w1200: `/${photo}.w1200.webp` },
    ]);
  });

  it('publishes a version whose only preview is broken: the card keeps its original', async () => {
    const { input } = await uploadWith({ '0.webp': Buffer.from('RIFF....WEBPVP8 broken') });

    const template = await templateOf(input.mvpId);
    expect(template.status).toBe('approved');
    expect(template.preview_rendition_keys).toBeUndefined();
    expect((await getTemplate(input.mvpId)).preview_renditions).toBeUndefined();
  });
});
