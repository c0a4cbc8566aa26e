/**
 * The audited files of a RAR bundle (bundle-files.ts imports this on the first RAR it meets): the
 * archive in memory, as the upload scan reads it; from the headers, only the audited paths are
 * extracted (installed folders never are), a lock file over 20 MB is reported and left packed.
 * The scan ran first, so the archive is whole and not a bomb; unrar still stops a file at its
 * declared size and checks its CRC, and `write` refuses a byte past the limit.
 */
import { InMemoryExtractor, loadUnrar, MAX_RAR_BYTES } from '../shared/archives/unrar';
import type { ArchiveSource } from '../shared/archives/source';
import { normalizeEntryPath } from '../shared/archives/limits';
import { isAuditedPath, TOO_LARGE } from './lockfiles/index';

/** Keeps every file unrar creates whole, up to `maxFileBytes` each. */
class CollectingExtractor extends InMemoryExtractor<{ chunks: Buffer[]; size: number }> {
  readonly files = new Map<string, Buffer[]>();

  private readonly maxFileBytes: number;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Emscripten module
  constructor(unrar: any, archive: Uint8Array, maxFileBytes: number) {
    super(unrar, archive);
    this.maxFileBytes = maxFileBytes;
  }

  protected startFile(filename: string) {
    const file = { chunks: [] as Buffer[], size: 0 };
    this.files.set(filename, file.chunks);
    return file;
  }

  protected writeFile(file: { chunks: Buffer[]; size: number }, buf: number, size: number) {
    file.size += size;
    if (file.size > this.maxFileBytes) return false;
    file.chunks.push(this.bytesAt(buf, size));
    return true;
  }
}

export interface RarAuditedFiles {
  files: Map<string, string>;
  skipped: { path: string; reason: string }[];
}

export const readRarAuditedFiles = async (
  source: ArchiveSource,
  maxFileBytes: number,
): Promise<RarAuditedFiles> => {
  const out: RarAuditedFiles = { files: new Map(), skipped: [] };
  const size = await source.size();
  if (size === 0) return out;
  if (size > MAX_RAR_BYTES) throw new Error(`${source.name} is larger than the upload limit`);
  const bytes = await source.readRange(0, size - 1);
  const extractor = new CollectingExtractor(await loadUnrar(), bytes, maxFileBytes);
  const wanted = new Set<string>();
  for (const header of extractor.getFileList().fileHeaders) {
    const path = normalizeEntryPath(header.name);
    if (header.flags.directory || header.flags.encrypted || !isAuditedPath(path)) continue;
    if (header.unpSize > maxFileBytes) out.skipped.push({ path, reason: TOO_LARGE });
    else wanted.add(header.name);
  }
  if (wanted.size === 0) return out;
  const { files } = extractor.extract({ files: (header) => wanted.has(header.name) });
  // Consuming the generator is what makes unrar extract each entry.
  Array.from(files);
  for (const [name, chunks] of extractor.files) {
    out.files.set(normalizeEntryPath(name), Buffer.concat(chunks).toString('utf8'));
  }
  return out;
};
