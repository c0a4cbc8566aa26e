/**
 * A bundle in the mvp-files bucket as an ArchiveSource: ranged GETs for the zip directory and
 * single entries, streaming GETs for contents read in order. Nothing is downloaded to disk or held
 * whole (the scan and the deploy read bundles of up to 200 MB this way).
 */
import type { Readable } from 'node:stream';
import { config } from '../config';
import { s3, sendOptions, type StorageReadLimit } from '../storage/s3';
import type { ArchiveSource } from './source';

const get = async (key: string, range?: string, limit?: StorageReadLimit): Promise<Readable> => {
  const { sdk, client } = await s3();
  const result = await client.send(
    new sdk.GetObjectCommand({ Bucket: config().MVP_FILES_BUCKET, Key: key, Range: range }),
    sendOptions(limit),
  );
  if (!result.Body) throw new Error(`s3://${config().MVP_FILES_BUCKET}/${key} has no body.`);
  return result.Body as Readable;
};

/**
 * `limit`: a route's storage budget (storage/s3.ts, `withinStorageBudget`) for every read of the
 * source; without it, the client's own limits (tasks reading large bundles).
 */
export const s3Source = (key: string, limit?: StorageReadLimit): ArchiveSource => {
  let size: Promise<number> | undefined;
  return {
    name: key,
    size: () =>
      (size ??= s3()
        .then(({ sdk, client }) =>
          client.send(
            new sdk.HeadObjectCommand({ Bucket: config().MVP_FILES_BUCKET, Key: key }),
            sendOptions(limit),
          ),
        )
        .then((head) => head.ContentLength ?? 0)),
    readRange: async (start, end) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await get(key, `bytes=${start}-${end}`, limit))
        chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    stream: (start = 0) => ({
      [Symbol.asyncIterator]: async function* () {
        yield* await get(key, start > 0 ? `bytes=${start}-` : undefined, limit);
      },
    }),
  };
};
