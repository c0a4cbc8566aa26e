/**
 * Browser uploads straight to S3: the API hands out presigned PUT URLs
 * for exactly one key each, with the declared size and type signed into the URL, and checks the
 * object before anything refers to it. Files never pass through API Gateway or Lambda.
 *
 * Keys: `uploads/{userId}/{uploadId}/{n}-{name}` in the bucket the file is meant for. The
 * `uploads/` prefix expires after a day (storage-design.ts), so an upload that is never registered
 * cleans itself up; registration (the templates domain) copies the object to its final key and
 * deletes the upload.
 *
 * Shared because three domains meet here: uploads hands out the URLs, templates (a bundle and
 * preview images) and profiles (a picture) check what arrived and remove the originals.
 */
import { storageDesign } from '../../../contract/design/storage-design';
import {
  FILE_MESSAGES,
  declaredBundleProblem,
  declaredImageProblem,
  type UploadedFile,
} from '../../../contract/uploads';
import { config } from '../config';
import { ValidationError } from '../errors';
import { logger } from '../observability';
import { PRESIGNED_URL_SECONDS, deleteObjectsQuietly, headObject, s3 } from './s3';

/** The bucket of each kind of upload: bundles beside the template files, images beside previews. */
export const uploadBuckets = () => ({
  files: config().MVP_FILES_BUCKET,
  previews: config().PREVIEW_IMAGES_BUCKET,
});

/** Upload URLs live longer than download URLs: a 100 MB PUT on a slow line takes minutes. */
export const UPLOAD_URL_SECONDS = Math.max(PRESIGNED_URL_SECONDS, 15 * 60);

/** The key prefix of one user's one upload batch. */
export const uploadPrefix = (userId: string, uploadId: string): string =>
  `${storageDesign.uploadsPrefix}${userId}/${uploadId}/`;

/** A file name reduced to safe key characters (the original name is kept on the item). */
export const keySafeName = (fileName: string): string =>
  fileName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+/, '')
    .slice(-100) || 'file';

export interface PresignUploadInput {
  bucket: string;
  key: string;
  size: number;
  contentType: string;
  expiresInSeconds?: number;
}

/**
 * A presigned PUT for one key whose `Content-Type` and `Content-Length` are part of the
 * signature: S3 refuses a body of another size or a different type, so the URL cannot be used to
 * store anything but the declared file. Returns the headers the PUT must send.
 */
export const presignUpload = async (
  input: PresignUploadInput,
): Promise<{ url: string; headers: Record<string, string> }> => {
  const { sdk, client, getSignedUrl } = await s3();
  const url = await getSignedUrl(
    client,
    new sdk.PutObjectCommand({
      Bucket: input.bucket,
      Key: input.key,
      ContentType: input.contentType,
      ContentLength: input.size,
    }),
    {
      expiresIn: input.expiresInSeconds ?? UPLOAD_URL_SECONDS,
      // Signed headers, not query parameters: the browser must send exactly these values.
      signableHeaders: new Set(['content-type', 'content-length']),
    },
  );
  return { url, headers: { 'Content-Type': input.contentType } };
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
  const { files, previews } = uploadBuckets();
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
    const { files, previews } = uploadBuckets();
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
  const { files, previews } = uploadBuckets();
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
