/**
 * Where an archive is read from: the bundle in S3 (s3-source.ts) for the scan and the deploy, local
 * files for tests and benchmarks. Each gives random access (ranged reads: a zip's directory at the
 * end of the file, one entry anywhere) and a sequential stream from any offset (the contents read
 * front to back, or one large entry).
 */
import { open, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';

export interface ArchiveSource {
  /** Shown in findings about the archive as a whole (its original file name). */
  readonly name: string;
  /** Total size in bytes. */
  size(): Promise<number>;
  /** Bytes `start`..`end` inclusive. */
  readRange(start: number, end: number): Promise<Uint8Array>;
  /** The bytes from `start` to the end, as a stream. */
  stream(start?: number): AsyncIterable<Uint8Array>;
}

/** An archive on the local disk (tests, benchmark). */
export const fileSource = (path: string, name = path): ArchiveSource => ({
  name,
  size: async () => (await stat(path)).size,
  readRange: async (start, end) => {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(Math.max(0, end - start + 1));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  },
  stream: (start = 0) => createReadStream(path, { start, highWaterMark: 256 * 1024 }),
});

/** An archive held in memory (unit tests of small crafted archives). */
export const bufferSource = (bytes: Uint8Array, name: string): ArchiveSource => ({
  name,
  size: async () => bytes.byteLength,
  readRange: async (start, end) => bytes.subarray(start, end + 1),
  stream: async function* (start = 0) {
    for (let offset = start; offset < bytes.byteLength; offset += 64 * 1024) {
      yield bytes.subarray(offset, Math.min(bytes.byteLength, offset + 64 * 1024));
    }
  },
});

/**
 * A failure to read the source itself (S3 unavailable, object gone): not a property of the
 * archive, so it is thrown out of the scan instead of becoming a finding.
 */
export class SourceReadError extends Error {
  constructor(cause: unknown) {
    super(`The bundle could not be read: ${(cause as Error).message ?? String(cause)}`, { cause });
    this.name = 'SourceReadError';
  }
}

/** The same source, with its read failures marked as SourceReadError. */
export const guardedSource = (source: ArchiveSource, name = source.name): ArchiveSource => {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw error instanceof SourceReadError ? error : new SourceReadError(error);
    }
  };
  return {
    name,
    size: () => guard(() => source.size()),
    readRange: (start, end) => guard(() => source.readRange(start, end)),
    stream: async function* (start?: number) {
      const iterator = source.stream(start)[Symbol.asyncIterator]();
      try {
        for (;;) {
          const next = await guard(() => iterator.next());
          if (next.done) return;
          yield next.value;
        }
      } finally {
        await iterator.return?.();
      }
    },
  };
};
