/**
 * The S3 client and presigned URLs, shared by every domain that touches the buckets (downloads,
 * uploads, processing). Created once per container.
 *
 * - `forcePathStyle` comes from configuration: s3rver serves buckets by path only, real S3 prefers
 *   virtual-hosted style. The endpoint itself is the SDK's own `AWS_ENDPOINT_URL_S3`.
 * - `requestChecksumCalculation: 'WHEN_REQUIRED'`: otherwise SDK v3 signs a CRC32 checksum into
 *   presigned PUTs that the browser's body cannot match (real S3 rejects it, s3rver hides it), and
 *   adds checksum headers nobody asked for on plain GETs.
 */
import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandInput,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { storageDesign } from '../../../lib/definitions/storage-design';
import { config } from '../config';

let client: S3Client | undefined;

/** The one S3 client of this container. */
export const s3Client = (): S3Client => {
  client ??= new S3Client({
    forcePathStyle: config().S3_FORCE_PATH_STYLE,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return client;
};

/** How long presigned URLs live unless a caller says otherwise (storage-design.ts). */
export const PRESIGNED_URL_SECONDS = storageDesign.presignedUrlSeconds;

/**
 * A `Content-Disposition: attachment` header value with a safe ASCII fallback name and the exact
 * name in RFC 5987 form, so browsers save the file under a good name instead of the S3 key.
 */
export const attachmentDisposition = (fileName: string): string => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

export interface PresignGetInput {
  bucket: string;
  key: string;
  /** When given, the browser saves the object under this name instead of showing it. */
  downloadFileName?: string;
  contentType?: string;
  expiresInSeconds?: number;
}

/** A presigned GET URL of one object; the object never passes through the Lambda. */
export const presignGetObject = (input: PresignGetInput): Promise<string> => {
  const params: GetObjectCommandInput = {
    Bucket: input.bucket,
    Key: input.key,
    ...(input.downloadFileName
      ? { ResponseContentDisposition: attachmentDisposition(input.downloadFileName) }
      : {}),
    ...(input.contentType ? { ResponseContentType: input.contentType } : {}),
  };
  return getSignedUrl(s3Client(), new GetObjectCommand(params), {
    expiresIn: input.expiresInSeconds ?? PRESIGNED_URL_SECONDS,
  });
};

export interface PresignPutInput {
  bucket: string;
  key: string;
  contentType?: string;
  expiresInSeconds?: number;
}

/** A presigned PUT URL for a browser upload straight to S3. */
export const presignPutObject = (input: PresignPutInput): Promise<string> => {
  const params: PutObjectCommandInput = {
    Bucket: input.bucket,
    Key: input.key,
    ...(input.contentType ? { ContentType: input.contentType } : {}),
  };
  return getSignedUrl(s3Client(), new PutObjectCommand(params), {
    expiresIn: input.expiresInSeconds ?? PRESIGNED_URL_SECONDS,
  });
};

/** Thrown by `readObjectRange` when the object does not exist. */
export class ObjectNotFoundError extends Error {
  constructor(bucket: string, key: string) {
    super(`s3://${bucket}/${key} does not exist.`);
    this.name = 'ObjectNotFoundError';
  }
}

export interface ObjectRange {
  bytes: Uint8Array;
  /** The whole object's size, from `Content-Range`. */
  totalSize: number;
}

/**
 * Bytes of an object by HTTP range, e.g. `{ suffix: 65_557 }` for its last bytes or
 * `{ start, end }` (inclusive). Only the range travels, never the whole object.
 */
export const readObjectRange = async (
  bucket: string,
  key: string,
  range: { suffix: number } | { start: number; end: number },
): Promise<ObjectRange> => {
  const header = 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end}`;
  try {
    const result = await s3Client().send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: header }),
    );
    const bytes = result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
    const total = /\/(\d+)$/.exec(result.ContentRange ?? '')?.[1];
    return { bytes, totalSize: total ? Number(total) : bytes.length };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') throw new ObjectNotFoundError(bucket, key);
    throw error;
  }
};
