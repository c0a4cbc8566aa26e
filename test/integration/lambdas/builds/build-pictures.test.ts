/**
 * The pictures of the newest build through their Lambdas (the security one serves them, the
 * sellers one adds one to the gallery), against DynamoDB Local and S3: the seller and admins see
 * them, nobody else; the seller's Add to gallery copies the picture into the template's preview
 * images as an upload ends up there, once however often it is pressed, and a full gallery is
 * refused in the upload form's words.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PICTURE_MESSAGES } from '../../../../contract/build-pictures';
import type { AddPictureResult, NewestBuild } from '../../../../contract/builds';
import {
  capturePixels,
  capturedGalleryFileName,
  pngSizeOf,
} from '../../../../contract/design/capture';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { HttpMethod } from '../../../../contract/routes';
import { FILE_MESSAGES, MAX_PREVIEW_IMAGES } from '../../../../contract/uploads';
import {
  setWorkflowRunner,
  type WorkflowInput,
} from '../../../../lambdas/shared/adapters/workflow';
import { config } from '../../../../lambdas/shared/config';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { readObject } from '../../../../lambdas/shared/storage/s3';
import { callRoute, makeCaller, type Caller } from '../../../fixtures/callers';
import { templateWithPictures } from '../../../fixtures/build-records';

const started: WorkflowInput[] = [];
beforeAll(() => {
  setWorkflowRunner({
    start: async (_workflow, input) => {
      started.push(input);
    },
  });
});
afterAll(() => setWorkflowRunner(undefined));
beforeEach(() => {
  started.length = 0;
});

const call = <T>(method: HttpMethod, path: string, caller: Caller | null) =>
  callRoute<T>('security', method, path, caller);

const addPath = (mvpId: string, viewport: string) =>
  `/api/mvps/${mvpId}/build/screenshots/${viewport}/gallery`;

const galleryOf = async (mvpId: string) =>
  (await TemplateEntity.get({ id: mvpId }).go()).data!.preview_image_keys;

let owner: Caller;
let otherSeller: Caller;
let admin: Caller;
beforeAll(async () => {
  [owner, otherSeller, admin] = await Promise.all([
    makeCaller('seller', true),
    makeCaller('seller', true),
    makeCaller('admin', false),
  ]);
});

describe('GET /api/mvps/{id}/build/screenshots/{viewport}', () => {
  it('gives the seller and an admin the PNG, and lists the pictures on the report', async () => {
    const { mvpId } = await templateWithPictures(owner.sub);
    for (const caller of [owner, admin]) {
      const report = await call<NewestBuild>('GET', `/api/mvps/${mvpId}/build/newest`, caller);
      expect(report.status).toBe(200);
      expect(report.body.pictures).toEqual([
        {
          viewport: 'desktop',
          label: 'Desktop',
          ...capturePixels('desktop'),
          bytes: expect.any(Number),
          in_gallery: false,
        },
        {
          viewport: 'phone',
          label: 'Phone',
          ...capturePixels('phone'),
          bytes: expect.any(Number),
          in_gallery: false,
        },
      ]);
      expect(report.body.pictures_reason).toBeNull();
      for (const viewport of ['desktop', 'phone'] as const) {
        const picture = await call(
          'GET',
          `/api/mvps/${mvpId}/build/screenshots/${viewport}`,
          caller,
        );
        expect(picture.status).toBe(200);
        expect(picture.headers['content-type']).toBe('image/png');
        expect(picture.headers['cache-control']).toBe('private, no-store');
        expect(picture.isBase64Encoded).toBe(true);
        expect(pngSizeOf(Buffer.from(picture.raw, 'base64'))).toEqual(capturePixels(viewport));
      }
    }
  });

  it('refuses another seller (403) and the signed out (401), and says a bad viewport in words', async () => {
    const { mvpId } = await templateWithPictures(owner.sub);
    const path = `/api/mvps/${mvpId}/build/screenshots/desktop`;
    expect((await call('GET', path, otherSeller)).status).toBe(403);
    expect((await call('GET', path, null)).status).toBe(401);
    const bad = await call<ApiErrorBody>(
      'GET',
      `/api/mvps/${mvpId}/build/screenshots/tablet`,
      owner,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(PICTURE_MESSAGES.badViewport);
  });

  it('is a 404 in words when the picture expired with the record', async () => {
    const { mvpId } = await templateWithPictures(owner.sub, { missing: true });
    const gone = await call<ApiErrorBody>(
      'GET',
      `/api/mvps/${mvpId}/build/screenshots/phone`,
      owner,
    );
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(PICTURE_MESSAGES.notFound);
  });
});

describe('POST /api/mvps/{id}/build/screenshots/{viewport}/gallery', () => {
  it("copies the seller's picture into the gallery, asks for its renditions, and the report says so", async () => {
    const { mvpId, versionId } = await templateWithPictures(owner.sub);
    const before = await galleryOf(mvpId);
    const added = await call<AddPictureResult>('POST', addPath(mvpId, 'desktop'), owner);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      message: PICTURE_MESSAGES.added('Desktop'),
      added: true,
      held: false,
    });
    const after = await galleryOf(mvpId);
    const key = `previews/mvps/${mvpId}/${capturedGalleryFileName(versionId, 'desktop')}`;
    expect(after).toEqual([...before, key]);
    // The copy is the picture itself, in the preview images' bucket, served as an upload is.
    const copy = await readObject(config().PREVIEW_IMAGES_BUCKET, key);
    expect(pngSizeOf(copy!)).toEqual(capturePixels('desktop'));
    expect(started).toEqual([{ mvpId, only: 'renditions' }]);
    const report = await call<NewestBuild>('GET', `/api/mvps/${mvpId}/build/newest`, owner);
    expect(report.body.pictures?.map((picture) => picture.in_gallery)).toEqual([true, false]);
  });

  it('adds a picture once, pressed twice in turn or twice at once', async () => {
    const { mvpId } = await templateWithPictures(owner.sub);
    const before = (await galleryOf(mvpId)).length;
    await call('POST', addPath(mvpId, 'desktop'), owner);
    const again = await call<AddPictureResult>('POST', addPath(mvpId, 'desktop'), owner);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: PICTURE_MESSAGES.alreadyAdded, added: false });
    const both = await Promise.all([
      call<AddPictureResult>('POST', addPath(mvpId, 'phone'), owner),
      call<AddPictureResult>('POST', addPath(mvpId, 'phone'), owner),
    ]);
    for (const answer of both) expect([200, 201, 409]).toContain(answer.status);
    const gallery = await galleryOf(mvpId);
    expect(gallery).toHaveLength(before + 2);
    expect(new Set(gallery).size).toBe(gallery.length);
  });

  it("refuses another seller's and an admin's press (403) and changes nothing", async () => {
    const { mvpId } = await templateWithPictures(owner.sub);
    const before = await galleryOf(mvpId);
    for (const caller of [otherSeller, admin]) {
      const refused = await call<ApiErrorBody>('POST', addPath(mvpId, 'desktop'), caller);
      expect(refused.status).toBe(403);
    }
    expect(await galleryOf(mvpId)).toEqual(before);
  });

  it('refuses a full gallery in the upload form’s words', async () => {
    const { mvpId } = await templateWithPictures(owner.sub, { previews: MAX_PREVIEW_IMAGES });
    const refused = await call<ApiErrorBody>('POST', addPath(mvpId, 'phone'), owner);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(FILE_MESSAGES.tooManyImages);
    expect(await galleryOf(mvpId)).toHaveLength(MAX_PREVIEW_IMAGES);
  });

  it('is a 404 in words when the picture expired, and adds nothing', async () => {
    const { mvpId } = await templateWithPictures(owner.sub, { missing: true });
    const before = await galleryOf(mvpId);
    const gone = await call<ApiErrorBody>('POST', addPath(mvpId, 'desktop'), owner);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(PICTURE_MESSAGES.notFound);
    expect(await galleryOf(mvpId)).toEqual(before);
  });
});
