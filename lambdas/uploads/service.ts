/**
 * Uploads: presigned PUTs for a bundle and preview images, each for one key under
 * the caller's own `uploads/{userId}/{uploadId}/` prefix with size and type signed, and the check
 * of what arrived before the templates domain registers it. Files never pass through Lambda.
 */
import { ulid } from 'ulid';
import { config } from '../shared/config';
import type { Profile } from '../../contract/profile';
import {
  FILE_MESSAGES,
  declaredBundleProblem,
  declaredImageProblem,
  type AvatarUploadGrant,
  type PresignedUpload,
  type UploadedFile,
  type UploadGrant,
  type UploadRequestInput,
} from '../../contract/uploads';
import { ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import { deleteObjectsQuietly, headObject } from '../shared/storage/s3';
import { UPLOAD_URL_SECONDS, keySafeName, presignUpload, uploadPrefix } from './storage';

const buckets = () => ({
  files: config().MVP_FILES_BUCKET,
  previews: config().PREVIEW_IMAGES_BUCKET,
});

/**
 * `POST /api/uploads` (approved sellers, admin and both: the route's policy): presigned PUT URLs
 * for one bundle and/or preview images.
 */
export const createUpload = async (
  profile: Pick<Profile, 'id'>,
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

/** An uploaded file that passed every check, with the bucket it is in. */
export interface CheckedUpload extends UploadedFile {
  bucket: string;
}

const isOwnKey = (userId: string, uploadId: string, key: string) =>
  key.startsWith(uploadPrefix(userId, uploadId)) && !key.includes('..');

/**
 * Checks one uploaded file against the rules and against S3: it must lie under the caller's upload
 * prefix, follow the file rules, exist, and have exactly the declared size and type (the URL
 * signed them, so a mismatch means the object is not the one declared).
 */
const checkUploadedFile = async (
  userId: string,
  uploadId: string,
  file: UploadedFile,
  kind: 'bundle' | 'image',
): Promise<CheckedUpload> => {
  const { files, previews } = buckets();
  const bucket = kind === 'bundle' ? files : previews;
  const field = kind === 'bundle' ? 'bundle' : 'images';
  const refuse = (message: string): never => {
    throw new ValidationError(message, { [field]: message });
  };
  if (!isOwnKey(userId, uploadId, file.key)) refuse(FILE_MESSAGES.uploadMissing);
  const declared = { name: file.fileName, size: file.size, contentType: file.contentType };
  const problem =
    kind === 'bundle' ? declaredBundleProblem(declared) : declaredImageProblem(declared);
  if (problem) refuse(problem);
  const stored = await headObject(bucket, file.key);
  if (!stored) refuse(FILE_MESSAGES.uploadMissing);
  if (stored && (stored.size !== file.size || stored.contentType !== file.contentType)) {
    refuse(FILE_MESSAGES.uploadMismatch);
  }
  return { ...file, bucket };
};

/**
 * Checks every file of a registration or a new version; on any problem removes all of them (only
 * objects under the caller's own upload prefix, whatever keys the body named) and rethrows.
 */
export const checkUploadedFiles = async (
  userId: string,
  uploadId: string,
  bundle: UploadedFile | undefined,
  images: readonly UploadedFile[],
): Promise<{ bundle: CheckedUpload | null; images: CheckedUpload[] }> => {
  try {
    return {
      bundle: bundle ? await checkUploadedFile(userId, uploadId, bundle, 'bundle') : null,
      images: await Promise.all(
        images.map((image) => checkUploadedFile(userId, uploadId, image, 'image')),
      ),
    };
  } catch (error) {
    const { files, previews } = buckets();
    const own = (file: UploadedFile | undefined) =>
      file && isOwnKey(userId, uploadId, file.key) ? [file.key] : [];
    await Promise.all([
      deleteObjectsQuietly(files, own(bundle)),
      deleteObjectsQuietly(previews, images.flatMap(own)),
    ]);
    throw error;
  }
};

/** The uploads were copied to their final keys: the originals go (the lifecycle rule is the backstop). */
export const removeUploads = async (
  bundle: CheckedUpload | null,
  images: readonly CheckedUpload[],
): Promise<void> => {
  const { files, previews } = buckets();
  const failures = await Promise.all([
    deleteObjectsQuietly(files, bundle ? [bundle.key] : []),
    deleteObjectsQuietly(
      previews,
      images.map((image) => image.key),
    ),
  ]);
  for (const failure of failures) {
    if (failure) logger.warn('Uploaded originals left for the lifecycle rule', failure);
  }
};
