/**
 * Browser uploads straight to S3: the API hands out presigned PUT URLs
 * for exactly one key each, with the declared size and type signed into the URL, and checks the
 * object before anything refers to it. Files never pass through API Gateway or Lambda.
 *
 * Keys: `uploads/{userId}/{uploadId}/{n}-{name}` in the bucket the file is meant for. The
 * `uploads/` prefix expires after a day (storage-design.ts), so an upload that is never registered
 * cleans itself up; registration (the templates domain) copies the object to its final key and
 * deletes the upload.
 */
import { storageDesign } from '../../contract/design/storage-design';
import { PRESIGNED_URL_SECONDS, s3 } from '../shared/storage/s3';

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
