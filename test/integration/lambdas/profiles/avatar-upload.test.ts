/**
 * Avatar upload: any signed-in user gets a presigned PUT for one image (the preview
 * images' rules and the product's server texts), puts it to s3rver, and `PUT /api/me/avatar` makes
 * it their picture at `/previews/avatars/{userId}/…`; nobody can make another user's upload theirs.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { dispatch as handler } from '../../../fixtures/dispatch';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { Profile } from '../../../../contract/profile';
import {
  AVATAR_PATH_PATTERN,
  SERVER_FILE_MESSAGES,
  type AvatarUploadGrant,
} from '../../../../contract/uploads';
import type { HttpMethod } from '../../../../contract/routes';
import { s3 } from '../../../../lambdas/shared/storage/s3';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

interface Caller {
  sub: string;
  claims: Record<string, string>;
}

const makeBuyer = async (): Promise<Caller> => {
  const sub = `buyer-${randomUUID()}`;
  await putProfile({ id: sub, email: `${sub}@example.com`, role: 'buyer' });
  return { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
};

const call = async <T>(method: HttpMethod, path: string, caller: Caller, body?: unknown) => {
  const result = await handler(
    apiEvent({ method, path, body, claims: caller.claims }),
    lambdaContext('profiles'),
  );
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
};

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const previewsBucket = () => process.env.PREVIEW_IMAGES_BUCKET!;
const listKeys = async (prefix: string): Promise<string[]> => {
  const { client } = await s3();
  const listed = await client.send(
    new ListObjectsV2Command({ Bucket: previewsBucket(), Prefix: prefix }),
  );
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
};

/** Asks for a grant and puts the image; returns what `PUT /api/me/avatar` restates. */
const upload = async (caller: Caller) => {
  const grant = await call<AvatarUploadGrant>('POST', '/api/uploads/avatar', caller, {
    fileName: 'me.png',
    size: png.length,
    contentType: 'image/png',
  });
  expect(grant.status).toBe(201);
  const { image, uploadId } = grant.body;
  expect(image.key.startsWith(`uploads/${caller.sub}/${uploadId}/`)).toBe(true);
  const put = await fetch(image.url, {
    method: 'PUT',
    headers: image.headers,
    body: Buffer.from(png),
  });
  expect(put.status).toBe(200);
  return {
    uploadId,
    image: {
      key: image.key,
      fileName: image.fileName,
      size: image.size,
      contentType: image.contentType,
    },
  };
};

describe('avatar upload', () => {
  it("makes a buyer's uploaded image their picture, and replaces the previous one", async () => {
    const buyer = await makeBuyer();
    const first = await call<Profile>('PUT', '/api/me/avatar', buyer, await upload(buyer));
    expect(first.status).toBe(200);
    const firstUrl = first.body.profile_picture_url!;
    expect(firstUrl).toMatch(AVATAR_PATH_PATTERN);
    expect(firstUrl.startsWith(`/previews/avatars/${buyer.sub}/`)).toBe(true);
    expect(await listKeys(firstUrl.slice(1))).toEqual([firstUrl.slice(1)]);
    // The original upload is gone once placed.
    expect(await listKeys(`uploads/${buyer.sub}/`)).toEqual([]);

    const second = await call<Profile>('PUT', '/api/me/avatar', buyer, await upload(buyer));
    const secondUrl = second.body.profile_picture_url!;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await listKeys(`previews/avatars/${buyer.sub}/`)).toEqual([secondUrl.slice(1)]);

    // Saving the profile form again keeps the uploaded picture's path.
    const saved = await call<Profile>('PATCH', '/api/me', buyer, {
      username: `u${randomUUID().slice(0, 8)}`,
      profile_picture_url: secondUrl,
      social_links: {},
    });
    expect(saved.status).toBe(200);
    expect(saved.body.profile_picture_url).toBe(secondUrl);
  });

  it("refuses other files with the product's texts", async () => {
    const buyer = await makeBuyer();
    const ask = (file: { fileName: string; size: number; contentType: string }) =>
      call<ApiErrorBody>('POST', '/api/uploads/avatar', buyer, file);
    const wrongType = await ask({ fileName: 'me.svg', size: 100, contentType: 'image/svg+xml' });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toContain(SERVER_FILE_MESSAGES.invalidImageType);
    const tooLarge = await ask({
      fileName: 'me.png',
      size: 10 * 1024 * 1024 + 1,
      contentType: 'image/png',
    });
    expect(tooLarge.status).toBe(400);
    expect(JSON.stringify(tooLarge.body)).toContain(SERVER_FILE_MESSAGES.imageTooLarge);
  });

  it("cannot make another user's upload one's own picture", async () => {
    const owner = await makeBuyer();
    const thief = await makeBuyer();
    const uploaded = await upload(owner);
    const stolen = await call<ApiErrorBody>('PUT', '/api/me/avatar', thief, uploaded);
    expect(stolen.status).toBe(400);
    const profile = await call<Profile>('GET', '/api/me', thief);
    expect(profile.body.profile_picture_url).toBeNull();
    expect(await listKeys(`previews/avatars/${thief.sub}/`)).toEqual([]);
    // Nor can a form save point the picture at an arbitrary path of this site.
    const sneaky = await call<ApiErrorBody>('PATCH', '/api/me', thief, {
      username: `u${randomUUID().slice(0, 8)}`,
      profile_picture_url: '/api/me',
      social_links: {},
    });
    expect(sneaky.status).toBe(400);
  });
});
