/**
 * yauzl's random-access reader over an ArchiveSource (S3 or a file), shaped for how a zip is read:
 * - the end records and the central directory (everything from `directoryStart` on) are read in
 *   256 KB blocks by ranged reads: yauzl asks for each directory record separately (a few dozen
 *   bytes), and one block serves thousands of them;
 * - the entries before it (local headers and data) come from a cursor: one sequential stream that
 *   serves every read at or just ahead of its position, so entries read in the order they sit in
 *   the archive cost ONE request, whatever their number. A read behind the cursor or far ahead of
 *   it starts a new stream there; a read while the cursor is busy gets a stream of its own.
 * Memory stays at one block plus the chunk in hand, whatever the archive's size.
 */
import { Readable } from 'node:stream';
import { RandomAccessReader } from 'yauzl';
import type { ArchiveSource } from './source';
import { StreamReader } from './stream-reader';

const BLOCK_BYTES = 256 * 1024;
/** A gap the cursor reads through rather than opening a new request for (skipped entries). */
const SKIP_BYTES = 1024 * 1024;

interface Cursor {
  reader: StreamReader;
  busy: boolean;
}

export class SourceReader extends RandomAccessReader {
  /** Reads at or after this offset are the directory's (block reads); set once it is known. */
  directoryStart = 0;
  /** Requests made to the source, for tests and benchmarks. */
  readonly requests = { ranges: 0, streams: 0 };
  private block: { start: number; bytes: Uint8Array } | null = null;
  private cursor: Cursor | null = null;

  constructor(
    private readonly source: ArchiveSource,
    private readonly size: number,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.range(start, end), { objectMode: false });
  }

  /** Ends the cursor's stream (releases the connection); safe to call more than once. */
  async release(): Promise<void> {
    const cursor = this.cursor;
    this.cursor = null;
    this.block = null;
    await cursor?.reader.close().catch(() => undefined);
  }

  private async *range(start: number, end: number): AsyncGenerator<Uint8Array> {
    if (end <= start) return;
    if (start >= this.directoryStart) yield await this.fromBlock(start, end);
    else yield* this.fromCursor(start, end);
  }

  private async fromBlock(start: number, end: number): Promise<Uint8Array> {
    if (end - start > BLOCK_BYTES) {
      this.requests.ranges += 1;
      return this.source.readRange(start, end - 1);
    }
    let block = this.block;
    if (!block || start < block.start || end > block.start + block.bytes.byteLength) {
      this.requests.ranges += 1;
      const bytes = await this.source.readRange(
        start,
        Math.min(this.size, start + BLOCK_BYTES) - 1,
      );
      block = { start, bytes };
      this.block = block;
    }
    return block.bytes.subarray(start - block.start, end - block.start);
  }

  private async *fromCursor(start: number, end: number): AsyncGenerator<Uint8Array> {
    let cursor = this.cursor;
    const reusable =
      cursor !== null &&
      !cursor.busy &&
      cursor.reader.position <= start &&
      start - cursor.reader.position <= SKIP_BYTES;
    if (!reusable) {
      const shared = cursor === null || !cursor.busy;
      if (cursor && shared) await cursor.reader.close();
      this.requests.streams += 1;
      cursor = { reader: new StreamReader(this.source.stream(start), start), busy: false };
      if (shared) this.cursor = cursor;
    }
    const own = cursor!;
    own.busy = true;
    try {
      await own.reader.skip(start - own.reader.position);
      yield* own.reader.take(end - start);
    } finally {
      own.busy = false;
      if (own !== this.cursor) await own.reader.close();
    }
  }
}
