/**
 * Sequential reads of exact byte counts from a chunked stream (an S3 body or a file), keeping at
 * most one chunk in hand: the zip reader's cursor (random-access.ts) walks an archive front to back
 * with it, so a bundle read in order is one request, with bounded memory.
 */
export class StreamReader {
  private readonly iterator: AsyncIterator<Uint8Array>;
  private pending: Buffer = Buffer.alloc(0);
  /** Absolute position in the underlying object of the next unread byte. */
  position: number;

  constructor(source: AsyncIterable<Uint8Array>, startPosition = 0) {
    this.iterator = source[Symbol.asyncIterator]();
    this.position = startPosition;
  }

  private async fill(): Promise<boolean> {
    const next = await this.iterator.next();
    if (next.done) return false;
    this.pending = this.pending.length
      ? Buffer.concat([this.pending, Buffer.from(next.value)])
      : Buffer.from(next.value);
    return true;
  }

  /** The next `length` bytes as chunks, without holding more than one chunk. */
  async *take(length: number): AsyncGenerator<Buffer> {
    let left = length;
    while (left > 0) {
      if (this.pending.length === 0 && !(await this.fill())) throw new TruncatedStreamError();
      const size = Math.min(left, this.pending.length);
      const chunk = this.pending.subarray(0, size);
      this.pending = this.pending.subarray(size);
      this.position += size;
      left -= size;
      yield chunk;
    }
  }

  async skip(length: number): Promise<void> {
    for await (const chunk of this.take(length)) void chunk;
  }

  /** Stops reading the underlying stream (releases the connection). */
  async close(): Promise<void> {
    await this.iterator.return?.();
  }
}

export class TruncatedStreamError extends Error {
  constructor() {
    super('The archive ends before its declared contents (truncated or corrupt).');
    this.name = 'TruncatedStreamError';
  }
}
