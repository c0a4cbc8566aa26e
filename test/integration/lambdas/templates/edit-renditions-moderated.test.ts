/**
 * PUBLISH_MODE=moderate: an edit replacing a live template's preview is held, and its renditions
 * are made once an admin approves it (the processing state machine's RenditionsOnly branch, run
 * in process), not before: buyers keep the live preview and its renditions meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  renditionKey,
  type TemplateDetail,
  type TemplateSummary,
} from '../../../../contract/catalog';
import type { HttpMethod } from '../../../../contract/routes';
import type { TemplateWriteResult } from '../../../../contract/templates';
import type { UploadGrant } from '../../../../contract/uploads';
import { makePreviewRenditions } from '../../../../lambdas/processing/tasks/renditions';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import { putProfile } from '../../../fixtures/profiles';
import { templateFormFields } from '../../../fixtures/template-fixtures';
import { seedTemplate } from '../../../fixtures/template-items';
import { localCloud } from '../../../fixtures/users';

// Read once, at the first request of this file's modules: every write here is moderated. The
// worker's environment is given back afterwards, so files run after this one publish as usual.
const publishModeBefore = process.env.PUBLISH_MODE;
process.env.PUBLISH_MODE = 'moderate';
afterAll(() => {
  if (publishModeBefore === undefined) delete process.env.PUBLISH_MODE;
  else process.env.PUBLISH_MODE = publishModeBefore;
});

const { settled } = useLocalWorkflows();
const s3 = () => createS3Client(localCloud().s3Endpoint);
const previews = () => process.env.PREVIEW_IMAGES_BUCKET!;

const sub = `seller-${randomUUID()}`;
const seller = { claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
const adminSub = `admin-${randomUUID()}`;
const admin = idTokenClaims({ sub: adminSub, email: `${adminSub}@example.com` });

beforeAll(async () => {
  await putProfile({ id: sub, role: 'seller', is_seller_approved: true });
  await putProfile({ id: adminSub, role: 'admin' });
});

const call = async <T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  claims = seller.claims,
) => {
  const result = await dispatch(
    apiEvent({ method, path, body, claims }),
    lambdaContext('templates'),
  );
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
};

const png = (width: number, shade: number) =>
  sharp({
    create: { width, height: width / 2, channels: 3, background: { r: shade, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();

const exists = (key: string) =>
  s3()
    .send(new HeadObjectCommand({ Bucket: previews(), Key: key }))
    .then(
      () => true,
      () => false,
    );

/** A live template with one preview already in the bucket; its renditions made if `rendered`. */
const liveTemplate = async (names: string[], rendered: boolean) => {
  const id = ulid();
  const keys = names.map((name) => `previews/mvps/${id}/seed/${name}`);
  for (const key of keys) {
    const body = key.endsWith('.svg')
      ? '<svg xmlns="http://www.w3.org/2000/svg"/>'
      : key.endsWith('.broken.png')
        ? 'not an image'
        : await png(1600, 30);
    await s3().send(new PutObjectCommand({ Bucket: previews(), Key: key, Body: body }));
  }
  const template = await seedTemplate(sub, {
    id,
    status: 'approved',
    preview_image_keys: keys,
  });
  if (rendered) await makePreviewRenditions({ mvpId: id });
  return { template, keys };
};

/** The detail page of a template, as buyers get it. */
const detailOf = async (id: string) => (await call<TemplateDetail>('GET', `/api/mvps/${id}`)).body;

/** Every rendition URL a card or detail gives names an object that exists. */
const renditionUrlsExist = async (shape: Pick<TemplateSummary, 'preview_renditions'>) => {
  const urls = (shape.preview_renditions ?? []).flatMap((r) => (r ? [r.w400, r.w1200] : []));
  for (const url of urls) expect(await exists(url.slice(1)), url).toBe(true);
};

/** A new preview uploaded as the browser does it, restated for the edit form. */
const uploadPreview = async () => {
  const bytes = await png(2000, 200);
  const image = { fileName: 'new-shot.png', size: bytes.length, contentType: 'image/png' };
  const grant = await call<UploadGrant>('POST', '/api/uploads', { images: [image] });
  expect(grant.status).toBe(201);
  const [slot] = grant.body.images;
  const put = await fetch(slot!.url, {
    method: 'PUT',
    headers: slot!.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return { uploadId: grant.body.uploadId, images: [{ ...image, key: slot!.key }] };
};

describe('renditions of a held edit of the previews (PUBLISH_MODE=moderate)', () => {
  it('are made once the edit is approved, not while it is held', async () => {
    const { template, keys } = await liveTemplate(['live.png'], true);
    const [liveKey] = keys as [string];
    const of = (key: string) => ({
      w400: `/${renditionKey(key, 400)}`,
      w1200: `/${renditionKey(key, 1200)}`,
    });
    const edited = await call<TemplateWriteResult>('PATCH', `/api/mvps/${template.id}`, {
      fields: templateFormFields({ title: template.title, tagline: template.tagline }),
      version_number: template.version_number,
      ...(await uploadPreview()),
    });
    expect(edited.status).toBe(200);
    await settled();
    // Held: buyers keep the live preview with its renditions, and nothing was made for the new one.
    expect((await detailOf(template.id)).preview_renditions).toEqual([of(liveKey)]);
    const held = (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data!;
    const [heldKey] = held.pending_edit?.set.preview_image_keys as [string];
    expect(await exists(renditionKey(heldKey, 400))).toBe(false);

    const approved = await call<TemplateWriteResult>(
      'POST',
      `/api/admin/mvps/${template.id}/approve`,
      { edit_at: edited.body.mvp.pending_edit?.at },
      admin,
    );
    expect(approved.status).toBe(200);
    await settled();
    const detail = await detailOf(template.id);
    expect(detail.preview_renditions).toEqual([of(heldKey)]);
    await renditionUrlsExist(detail);
    expect(JSON.stringify(detail)).not.toContain(liveKey);
  });
});
