/**
 * The one reader of untrusted zip archives: the security scan and the deploy both open bundles
 * with it, so both enforce the same limits (limits.ts) in the same way. Built on yauzl over a
 * random-access source (random-access.ts): the entries are listed from the central directory
 * alone, and any entry opens as a stream, so a 200 MB bundle is never held in memory.
 *
 * - Refused outright (ArchiveRefusedError): not a zip or truncated, more entries or a larger
 *   directory than the limits, declared sizes that make a bomb (total or ratio), no entry.
 * - Found per entry (`problems`, the caller decides): unsafe paths, links, encryption,
 *   compression other than Deflate, duplicate names, entries overlapping each other, and a local
 *   header naming a different file than the directory.
 * - While an entry inflates its bytes are counted, so lying sizes cannot smuggle a bomb past the
 *   limits: the total, the ratio to its compressed size, and at the end its declared size.
 */
import type { Readable } from 'node:stream';
import { fromRandomAccessReaderPromise, type Entry, type ZipFile } from 'yauzl';
import {
  ArchiveRefusedError,
  archiveLimits as limits,
  checkEntryPath,
  normalizeEntryPath,
  type ArchiveProblem,
} from './limits';
import { SourceReader } from './random-access';
import { guardedSource, type ArchiveSource } from './source';

export interface ZipEntry {
  /** The name in the central directory, as written (hostile names included). */
  name: string;
  kind: 'file' | 'directory' | 'symlink';
  /** Declared sizes (the real ones are checked as the entry inflates). */
  size: number;
  compressedSize: number;
  /** Whether the Unix permissions the zip carries mark it executable. */
  executable: boolean;
  /** What is wrong with the entry, from the directory alone. */
  problems: ArchiveProblem[];
  /** A file whose contents can be read (not encrypted, Stored or Deflated). */
  readable: boolean;
  offset: number;
}

export interface ZipArchive {
  readonly name: string;
  /** Every entry, in the central directory's order. */
  readonly entries: readonly ZipEntry[];
  /**
   * One entry's contents as they inflate, and what its local header reveals (a name other than
   * the directory's). The content throws ArchiveRefusedError past a limit or when it is corrupt.
   */
  open(entry: ZipEntry): Promise<{ problems: ArchiveProblem[]; content: AsyncIterable<Buffer> }>;
  /**
   * Where a link entry points (a zip stores a link's target as its contents), so a refusal can
   * name it; null when it cannot be read (encrypted, another compression, longer than a path).
   */
  readLinkTarget(entry: ZipEntry): Promise<string | null>;
  /** Requests made to the source so far (ranged reads, streams). */
  readonly requests: { ranges: number; streams: number };
  close(): Promise<void>;
}

const refuse = (file: string, rule: string, message: string): never => {
  throw new ArchiveRefusedError({ file, rule, message });
};

const isSourceError = (error: unknown) => (error as Error).name === 'SourceReadError';

const MB = 1024 * 1024;
/** Linux's PATH_MAX: no link target is longer. */
const MAX_LINK_TARGET_BYTES = 4096;

/** Bit 11: UTF-8 names; otherwise CP437, of which the ASCII range (all real names) is the same. */
const decodeName = (bytes: Buffer, flags: number): string =>
  flags & 0x800 ? bytes.toString('utf8') : bytes.toString('latin1');

/** The Info-ZIP Unicode path field (0x7075): extractors that honour it use its name instead. */
const unicodePathOf = (raw: Entry): string | null => {
  const field = raw.extraFields.find((extra) => extra.id === 0x7075);
  return field && field.data.length > 5 ? field.data.subarray(5).toString('utf8') : null;
};

const entryOf = (raw: Entry): ZipEntry => {
  const name = decodeName(raw.fileNameRaw, raw.generalPurposeBitFlag);
  const unixMode = raw.versionMadeBy >> 8 === 3 ? raw.externalFileAttributes >>> 16 : 0;
  const isLink = (unixMode & 0o170000) === 0o120000;
  const kind = isLink ? 'symlink' : name.endsWith('/') ? 'directory' : 'file';
  const encrypted = (raw.generalPurposeBitFlag & 0x1) !== 0;
  const method = raw.compressionMethod;
  const problems: ArchiveProblem[] = [...checkEntryPath(name)];
  const unicodePath = unicodePathOf(raw);
  if (unicodePath !== null && unicodePath !== name) {
    problems.push({
      file: name,
      rule: 'path',
      message: `has a second name in its Unicode path field ("${unicodePath.slice(0, 200)}"), a trick to hide paths from scanners`,
    });
  }
  if (isLink) {
    problems.push({
      file: name,
      rule: 'symlink',
      message: 'is a link; links are not accepted, include the file itself or leave it out',
    });
  }
  if (encrypted) {
    problems.push({ file: name, rule: 'encrypted', message: 'is encrypted and cannot be scanned' });
  }
  if (kind === 'file' && method !== 0 && method !== 8) {
    problems.push({
      file: name,
      rule: 'compression',
      message: `uses compression method ${method}, which cannot be scanned (use Deflate)`,
    });
  }
  return {
    name,
    kind,
    size: raw.uncompressedSize,
    compressedSize: raw.compressedSize,
    executable: kind === 'file' && (unixMode & 0o111) !== 0,
    problems,
    readable: kind === 'file' && !encrypted && (method === 0 || method === 8),
    offset: raw.relativeOffsetOfLocalHeader,
  };
};

/** Declared sizes that are already a bomb: refused before a byte is inflated. */
const checkDeclared = (entry: ZipEntry): void => {
  if (
    entry.size > limits.ratioMinimumBytes &&
    entry.size / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio
  ) {
    const ratio = Math.round(entry.size / Math.max(1, entry.compressedSize));
    refuse(
      entry.name,
      'compression-ratio',
      `expands ${ratio}× (more than ${limits.maxCompressionRatio}×: zip bomb)`,
    );
  }
};

/** Reads the directory: every entry, with the limits of the whole checked as it goes. */
const listEntries = async (zip: ZipFile, archive: string, raws: Map<ZipEntry, Entry>) => {
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let directoryBytes = 0;
  let declaredTotal = 0;
  try {
    for await (const raw of zip.eachEntry()) {
      directoryBytes += 46 + raw.fileNameLength + raw.extraFieldLength + raw.fileCommentLength;
      if (directoryBytes > limits.maxCentralDirectoryBytes) {
        refuse(archive, 'entry-count', 'has a central directory too large to be a template');
      }
      const entry = entryOf(raw);
      checkDeclared(entry);
      declaredTotal += entry.size;
      const path = normalizeEntryPath(entry.name);
      if (entry.kind !== 'directory' && seen.has(path)) {
        entry.problems.push({
          file: entry.name,
          rule: 'duplicate',
          message: 'appears twice in the archive (extractors disagree on which copy wins)',
        });
      }
      seen.add(path);
      entries.push(entry);
      raws.set(entry, raw);
    }
  } catch (error) {
    if (error instanceof ArchiveRefusedError || isSourceError(error)) throw error;
    refuse(archive, 'corrupt', `has a damaged central directory (${(error as Error).message})`);
  }
  if (declaredTotal > limits.maxTotalUncompressedBytes) {
    refuse(
      archive,
      'total-size',
      `would extract to ${Math.round(declaredTotal / MB)} MB (more than ${limits.maxTotalUncompressedBytes / MB} MB: zip bomb)`,
    );
  }
  if (entries.length === 0) refuse(archive, 'empty', 'is an empty archive');
  return entries;
};

/**
 * Entries whose data runs into the next entry's local header (or the directory): the overlapping
 * zip bomb inflates the same bytes many times. The span counted is the least an entry can take.
 */
const flagOverlaps = (entries: ZipEntry[], directoryStart: number): void => {
  const ordered = entries
    .filter((entry) => entry.kind !== 'directory')
    .sort((a, b) => a.offset - b.offset);
  ordered.forEach((entry, index) => {
    const next = ordered[index + 1];
    const end = entry.offset + 30 + Buffer.byteLength(entry.name) + entry.compressedSize;
    if (end > (next?.offset ?? directoryStart)) {
      (next ?? entry).problems.push({
        file: (next ?? entry).name,
        rule: 'overlap',
        message: 'overlaps another entry (a zip bomb technique)',
      });
    }
  });
};

const openStream = (zip: ZipFile, dataStart: number, raw: Entry): Promise<Readable> =>
  new Promise((resolve, reject) => {
    zip.openReadStreamLowLevel(
      dataStart,
      raw.compressedSize,
      0,
      raw.compressedSize,
      raw.compressionMethod === 8,
      raw.uncompressedSize,
      (error, stream) => (error ? reject(error) : resolve(stream)),
    );
  });

/** Counts an entry's bytes as they come, against the total, its ratio and its declared size. */
async function* counted(
  stream: Readable,
  entry: ZipEntry,
  total: { bytes: number },
): AsyncGenerator<Buffer> {
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      total.bytes += chunk.byteLength;
      if (total.bytes > limits.maxTotalUncompressedBytes) {
        refuse(
          entry.name,
          'total-size',
          `extracting the archive would exceed ${limits.maxTotalUncompressedBytes / MB} MB (zip bomb)`,
        );
      }
      if (
        size > limits.ratioMinimumBytes &&
        size / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio
      ) {
        refuse(
          entry.name,
          'compression-ratio',
          `expands more than ${limits.maxCompressionRatio}× (zip bomb)`,
        );
      }
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ArchiveRefusedError || isSourceError(error)) throw error;
    refuse(
      entry.name,
      'corrupt',
      `cannot be decompressed (corrupt or truncated archive: ${(error as Error).message})`,
    );
  } finally {
    stream.destroy();
  }
  if (size !== entry.size) {
    refuse(
      entry.name,
      'size-mismatch',
      `inflates to ${size} bytes but declares ${entry.size} (corrupt or crafted archive)`,
    );
  }
}

/** A link entry's target, read from its contents (see `ZipArchive.readLinkTarget`). */
const readLinkTarget = async (
  zip: ZipFile,
  entry: ZipEntry,
  raw: Entry | undefined,
): Promise<string | null> => {
  const method = raw?.compressionMethod;
  if (
    !raw ||
    entry.kind !== 'symlink' ||
    (raw.generalPurposeBitFlag & 0x1) !== 0 ||
    (method !== 0 && method !== 8) ||
    entry.size > MAX_LINK_TARGET_BYTES ||
    entry.compressedSize > MAX_LINK_TARGET_BYTES
  ) {
    return null;
  }
  try {
    const local = await zip.readLocalFileHeaderPromise(raw);
    const stream = await openStream(zip, local.fileDataStart, raw);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > MAX_LINK_TARGET_BYTES) return null;
        chunks.push(chunk);
      }
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (isSourceError(error)) throw error;
    return null;
  }
};

const archiveOf = (input: {
  zip: ZipFile;
  reader: SourceReader;
  name: string;
  entries: ZipEntry[];
  raws: Map<ZipEntry, Entry>;
}): ZipArchive => {
  const { zip, reader, raws } = input;
  const total = { bytes: 0 };
  return {
    name: input.name,
    entries: input.entries,
    requests: reader.requests,
    open: async (entry) => {
      const raw = raws.get(entry);
      if (!raw || !entry.readable) {
        throw new ArchiveRefusedError(
          entry.problems[0] ?? { file: entry.name, rule: 'corrupt', message: 'is not a file' },
        );
      }
      let stream: Readable;
      const problems: ArchiveProblem[] = [];
      try {
        const local = await zip.readLocalFileHeaderPromise(raw);
        const localName = decodeName(local.fileName, local.generalPurposeBitFlag);
        if (localName !== entry.name) {
          problems.push({
            file: entry.name,
            rule: 'path',
            message: `has a different name in its local header ("${localName.slice(0, 200)}"), a trick to hide paths from scanners`,
          });
        }
        stream = await openStream(zip, local.fileDataStart, raw);
      } catch (error) {
        if (isSourceError(error)) throw error;
        return refuse(
          entry.name,
          'corrupt',
          `has a damaged local header (${(error as Error).message}: corrupt archive)`,
        );
      }
      return { problems, content: counted(stream, entry, total) };
    },
    readLinkTarget: (entry) => readLinkTarget(zip, entry, raws.get(entry)),
    close: async () => {
      if (zip.isOpen) zip.close();
      await reader.release();
    },
  };
};

export const openZip = async (unguarded: ArchiveSource): Promise<ZipArchive> => {
  const source = guardedSource(unguarded);
  const size = await source.size();
  const reader = new SourceReader(source, size);
  let zip: ZipFile;
  try {
    zip = await fromRandomAccessReaderPromise(reader, size, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch (error) {
    await reader.release();
    if (isSourceError(error)) throw error;
    return refuse(
      source.name,
      'corrupt',
      `is not a readable zip archive (${(error as Error).message}: truncated or corrupt)`,
    );
  }
  try {
    reader.directoryStart = zip.readEntryCursor as unknown as number;
    if (zip.entryCount > limits.maxEntries) {
      refuse(
        source.name,
        'entry-count',
        `the archive has ${zip.entryCount.toLocaleString('en-US')} entries (more than ${limits.maxEntries.toLocaleString('en-US')})`,
      );
    }
    const raws = new Map<ZipEntry, Entry>();
    const entries = await listEntries(zip, source.name, raws);
    flagOverlaps(entries, reader.directoryStart);
    return archiveOf({ zip, reader, name: source.name, entries, raws });
  } catch (error) {
    if (zip.isOpen) zip.close();
    await reader.release();
    throw error;
  }
};
