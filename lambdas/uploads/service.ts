/**
 * Uploads: presigned PUTs for a bundle and preview images, each for one key under
 * the caller's own `uploads/{userId}/{uploadId}/` prefix with size and type signed. The check of
 * what arrived (lambdas/shared/storage/uploads.ts) before the templates domain registers
 * it. Files never pass through Lambda.
 */
import { ulid } from 'ulid';
import type { UserProfile } from '../../contract/profile';
import type {
  AvatarUploadGrant,
  PresignedUpload,
  UploadGrant,
  UploadRequestInput,
} from '../../contract/uploads';
import {
  UPLOAD_URL_SECONDS,
  keySafeName,
  presignUpload,
  uploadPrefix,
  uploadBuckets as buckets,
} from '../shared/storage/uploads';

/**
 * `POST /api/uploads` (approved sellers, admin and both: the route's policy): presigned PUT URLs
 * for one bundle and/or preview images.
 */
export const createUpload = async (
  profile: Pick<UserProfile, 'id'>,
  request: UploadRequestInput,
): Promise<UploadGrant> => {
  const uploadId = ulid();
  const prefix = uploadPrefix(profile.id, uploadId);
  const { files, previews } = buckets();
  const sign = async (
    bucket: string,
    key: string,
    file: { fileName: string; size: number; contentType: string },
  ): Promise<PresignedUpload> => {
    const { url, headers } = await presignUpload({
      bucket,
      key,
      size: file.size,
      contentType: file.contentType,
    });
    return { ...file, key, url, headers };
  };
  const bundle = request.bundle
    ? await sign(files, `${prefix}bundle-${keySafeName(request.bundle.fileName)}`, request.bundle)
    : null;
  const images = await Promise.all(
    request.images.map((image, index) =>
      sign(previews, `${prefix}image-${index + 1}-${keySafeName(image.fileName)}`, image),
    ),
  );
  return { uploadId, expiresInSeconds: UPLOAD_URL_SECONDS, bundle, images };
};

/**
 * `POST /api/uploads/avatar` (any signed-in user): a presigned PUT URL for one image, with the
 * preview images' rules, under the caller's own upload prefix.
 */
export const createAvatarUpload = async (
  userId: string,
  image: { fileName: string; size: number; contentType: string },
): Promise<AvatarUploadGrant> => {
  const grant = await createUpload({ id: userId }, { images: [image] });
  return {
    uploadId: grant.uploadId,
    expiresInSeconds: grant.expiresInSeconds,
    image: grant.images[0]!,
  };
};
