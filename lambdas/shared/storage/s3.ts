/**
 * The S3 client and presigned URLs, shared by every domain that touches the buckets (downloads,
 * uploads, processing). Created once per container.
 *
 * - `forcePathStyle` comes from configuration: s3rver serves buckets by path only, real S3 prefers
 *   virtual-hosted style. The endpoint itself is the SDK's own `AWS_ENDPOINT_URL_S3`.
 * - `requestChecksumCalculation: 'WHEN_REQUIRED'`: otherwise SDK v3 signs a CRC32 checksum into
 *   presigned PUTs that the browser's body cannot match (real S3 rejects it, s3rver hides it), and
 *   adds checksum headers nobody asked for on plain GETs.
 * - The S3 SDK is imported on first use, not at cold start: most routes of a function that can
 *   touch S3 never do, and loading the client costs tens of milliseconds.
 * - Time limits ({@link S3_TIMEOUTS}): storage that stops answering fails a request in seconds
 *   instead of holding it until the Lambda's own timeout; its failures name "file storage" in the
 *   503 (shared/dependencies.ts).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { storageDesign } from '../../../contract/design/storage-design';
import { unavailableMessage } from '../../../contract/errors';
import { config } from '../config';
import { withinDeadline } from '../deadline';
import { watchDependency } from '../dependencies';
import { ServiceUnavailableError } from '../errors';

/**
 * A connection gets 1 s; a request 15 s without a byte (an idle limit, not a total: a large
 * object streams for as long as bytes keep coming), so no task or route waits on a silent bucket
 * until its own timeout; it is generous because tasks copy and read large bundles. The SDK's
 * standard retries make at most 3 attempts. A route that must answer quickly passes its own total
 * limit over every attempt (`STORAGE_CHECK_MS`, the download's file check).
 */
export const S3_TIMEOUTS = {
  connectionTimeout: 1_000,
  requestTimeout: 15_000,
  throwOnRequestTimeout: true,
} as const;

/** What a route waits at most for storage to say whether a file can be served (all attempts). */
export const STORAGE_CHECK_MS = 3_000;

/**
 * What a route that reads a bundle while its caller waits (the code preview, a README's images)
 * may spend on storage: each attempt of a read gets `attemptMs` without a byte (the SDK's
 * `requestTimeout`, per command), the client's standard retries make `attempts` of it, and all of
 * the request's reads together stop at `totalMs` (attempts x attempt ≤ total, and the total, with
 * the route's database reads, well inside the API functions' 10 s timeout and API Gateway's 29 s).
 * Past the total the caller gets storage's 503 in words, never a wait to the Lambda's timeout.
 */
export const STORAGE_READ_BUDGET = { attemptMs: 1_500, attempts: 3, totalMs: 5_000 } as const;

/** One route's limit on its storage reads, passed to each read (see {@link withinStorageBudget}). */
export interface StorageReadLimit {
  /** Aborts every read still running when the request's total is spent. */
  readonly signal: AbortSignal;
  /** Each attempt's time without a byte. */
  readonly requestTimeout: number;
}

/** The SDK's per-command options for a read under `limit` (none: the client's own limits). */
export const sendOptions = (limit: StorageReadLimit | undefined) =>
  limit ? { abortSignal: limit.signal, requestTimeout: limit.requestTimeout } : {};

/**
 * Runs one request's storage reads within {@link STORAGE_READ_BUDGET}: `work` passes the limit
 * it is given to each read; when the total is spent, the reads still running are aborted and the
 * request fails with storage's 503 for a read ("Our file storage is not answering right now …").
 */
export const withinStorageBudget = <T>(work: (limit: StorageReadLimit) => Promise<T>): Promise<T> =>
  withinDeadline(
    STORAGE_READ_BUDGET.totalMs,
    () => new ServiceUnavailableError(unavailableMessage('storage', 'read')),
    (signal) => work({ signal, requestTimeout: STORAGE_READ_BUDGET.attemptMs }),
  );

/** The commands that change a bucket: a 503 after one of them cannot say "nothing was changed". */
const CHANGES = new Set([
  'PutObjectCommand',
  'CopyObjectCommand',
  'DeleteObjectCommand',
  'DeleteObjectsCommand',
  'PutObjectTaggingCommand',
  'CreateMultipartUploadCommand',
  'UploadPartCommand',
  'CompleteMultipartUploadCommand',
]);

type S3Sdk = typeof import('@aws-sdk/client-s3');
type Presigner = typeof import('@aws-sdk/s3-request-presigner');

export interface S3Access {
  /** The SDK module, for its command classes. */
  sdk: S3Sdk;
  client: S3Client;
  getSignedUrl: Presigner['getSignedUrl'];
}

let loading: Promise<S3Access> | undefined;

/** The one S3 client of this container, with the SDK it came from (loaded once, on first use). */
export const s3 = (): Promise<S3Access> => {
  loading ??= Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]).then(([sdk, presigner]) => ({
    sdk,
    client: watchDependency(
      new sdk.S3Client({
        forcePathStyle: config().S3_FORCE_PATH_STYLE,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: S3_TIMEOUTS,
      }),
      'storage',
      (command) => CHANGES.has(command),
    ),
    getSignedUrl: presigner.getSignedUrl,
  }));
  return loading;
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
export const presignGetObject = async (input: PresignGetInput): Promise<string> => {
  const { sdk, client, getSignedUrl } = await s3();
  const params: ConstructorParameters<S3Sdk['GetObjectCommand']>[0] = {
    Bucket: input.bucket,
    Key: input.key,
    ...(input.downloadFileName
      ? { ResponseContentDisposition: attachmentDisposition(input.downloadFileName) }
      : {}),
    ...(input.contentType ? { ResponseContentType: input.contentType } : {}),
  };
  return getSignedUrl(client, new sdk.GetObjectCommand(params), {
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
export const presignPutObject = async (input: PresignPutInput): Promise<string> => {
  const { sdk, client, getSignedUrl } = await s3();
  const params: ConstructorParameters<S3Sdk['PutObjectCommand']>[0] = {
    Bucket: input.bucket,
    Key: input.key,
    ...(input.contentType ? { ContentType: input.contentType } : {}),
  };
  return getSignedUrl(client, new sdk.PutObjectCommand(params), {
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
  limit?: StorageReadLimit,
): Promise<ObjectRange> => {
  const header = 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end}`;
  const { sdk, client } = await s3();
  try {
    const result = await client.send(
      new sdk.GetObjectCommand({ Bucket: bucket, Key: key, Range: header }),
      sendOptions(limit),
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

/** A whole (small) object's bytes, or null when it does not exist. */
export const readObject = async (
  bucket: string,
  key: string,
  limit?: StorageReadLimit,
): Promise<Uint8Array | null> => {
  const { sdk, client } = await s3();
  try {
    const result = await client.send(
      new sdk.GetObjectCommand({ Bucket: bucket, Key: key }),
      sendOptions(limit),
    );
    return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return null;
    throw error;
  }
};

export interface StoredObject {
  size: number;
  contentType: string | undefined;
}

/**
 * Size and type of an object, or null when it does not exist. `withinMs` bounds the whole call
 * (every attempt); past it the call fails with the SDK's `AbortError`.
 */
export const headObject = async (
  bucket: string,
  key: string,
  withinMs?: number,
): Promise<StoredObject | null> => {
  const { sdk, client } = await s3();
  try {
    const head = await client.send(
      new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }),
      withinMs === undefined ? {} : { abortSignal: AbortSignal.timeout(withinMs) },
    );
    return { size: head.ContentLength ?? 0, contentType: head.ContentType };
  } catch (error) {
    const name = (error as { name?: string }).name;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (name === 'NotFound' || name === 'NoSuchKey' || status === 404) return null;
    throw error;
  }
};

/** Copies an object (≤ 5 GB, far above our 100 MB limit) to its final key, type preserved. */
export const copyObject = async (
  from: { bucket: string; key: string },
  to: { bucket: string; key: string },
): Promise<void> => {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.CopyObjectCommand({
      Bucket: to.bucket,
      Key: to.key,
      CopySource: `${from.bucket}/${from.key.split('/').map(encodeURIComponent).join('/')}`,
    }),
  );
};

/**
 * Deletes objects; used for clean-up after a refused or failed registration, where a failure to
 * delete must not hide the original error (the `uploads/` lifecycle rule is the backstop), so
 * errors are returned, not thrown.
 */
export const deleteObjectsQuietly = async (
  bucket: string,
  keys: readonly string[],
): Promise<Error | null> => {
  if (keys.length === 0) return null;
  try {
    const { sdk, client } = await s3();
    await client.send(
      new sdk.DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    return null;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
};

/** Writes an object (server-side writes such as demo data and snapshots; browsers use presigned PUTs). */
export const putObject = async (input: {
  bucket: string;
  key: string;
  body: Uint8Array | string;
  contentType: string;
}): Promise<void> => {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: input.bucket,
      Key: input.key,
      Body: input.body,
      ContentType: input.contentType,
    }),
  );
};

/** Every key under a prefix (ListObjectsV2, a page of 1,000 at a time). */
export const listKeys = async (bucket: string, prefix: string): Promise<string[]> => {
  const { sdk, client } = await s3();
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
};

/**
 * Sets an object's tags (replacing any it had): what the bucket's lifecycle rules filter on, so a
 * tag is how the service marks objects for the bucket to remove.
 */
export const tagObject = async (
  bucket: string,
  key: string,
  tags: Readonly<Record<string, string>>,
): Promise<void> => {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.PutObjectTaggingCommand({
      Bucket: bucket,
      Key: key,
      Tagging: { TagSet: Object.entries(tags).map(([Key, Value]) => ({ Key, Value })) },
    }),
  );
};
