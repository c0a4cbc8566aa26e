/**
 * Zip scanning with bounded memory: the central directory (the index at the end of the file) is
 * read with ranged reads, then the entries are read front to back in ONE sequential stream, each
 * inflated chunk by chunk and counted as it inflates. Only a 1 MB head per entry is kept, for the
 * secret search. Sizes are taken from the central directory (local headers may defer them to a
 * data descriptor), and the inflated byte count is checked against them, so lying headers cannot
 * smuggle a bomb past the limits.
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { scanLimits } from './limits';
import type { ScanReport } from './report';
import { isPassThrough, type ArchiveSource } from './source';
import { StreamReader } from './stream-reader';

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_EOCD_SEARCH = 22 + 65_535;

interface CentralEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  isSymlink: boolean;
  isDirectory: boolean;
}

const u64 = (view: Buffer, at: number): number => Number(view.readBigUInt64LE(at));

const decodeName = (bytes: Buffer, flags: number): string =>
  // Bit 11: UTF-8 names; otherwise CP437, of which the ASCII range (all real names) is the same.
  flags & 0x800 ? bytes.toString('utf8') : bytes.toString('latin1');

/** Reads the end-of-central-directory record (and its zip64 form) from the file's tail. */
const readDirectoryLocation = async (source: ArchiveSource, size: number, report: ScanReport) => {
  const tailStart = Math.max(0, size - MAX_EOCD_SEARCH);
  const tail = Buffer.from(await source.readRange(tailStart, size - 1));
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      at = i;
      break;
    }
  }
  if (at < 0)
    report.abort(
      source.name,
      'corrupt',
      'is not a readable zip archive (no central directory: truncated or corrupt)',
    );
  let entries = tail.readUInt16LE(at + 10);
  let directorySize = tail.readUInt32LE(at + 12);
  let directoryOffset = tail.readUInt32LE(at + 16);
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locatorAt = at - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR_SIGNATURE) {
      report.abort(
        source.name,
        'corrupt',
        'is a zip64 archive without its zip64 directory record (corrupt)',
      );
    }
    const recordOffset = u64(tail, locatorAt + 8);
    const record = Buffer.from(await source.readRange(recordOffset, recordOffset + 55));
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) {
      report.abort(source.name, 'corrupt', 'has a damaged zip64 directory record');
    }
    entries = u64(record, 32);
    directorySize = u64(record, 40);
    directoryOffset = u64(record, 48);
  }
  if (directoryOffset + directorySize > size) {
    report.abort(
      source.name,
      'corrupt',
      'is truncated (its directory points past the end of the file)',
    );
  }
  return { entries, directorySize, directoryOffset };
};

const parseCentralDirectory = (
  directory: Buffer,
  count: number,
  report: ScanReport,
  archive: string,
) => {
  const entries: CentralEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      report.abort(archive, 'corrupt', 'has a damaged central directory (corrupt archive)');
    }
    const madeBy = directory.readUInt16LE(at + 4);
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    let compressedSize = directory.readUInt32LE(at + 20);
    let uncompressedSize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const externalAttributes = directory.readUInt32LE(at + 38);
    let localHeaderOffset = directory.readUInt32LE(at + 42);
    const name = decodeName(directory.subarray(at + 46, at + 46 + nameLength), flags);
    // Zip64 sizes and offsets live in extra field 0x0001, in this order, only when saturated.
    let extraAt = at + 46 + nameLength;
    const extraEnd = extraAt + extraLength;
    while (extraAt + 4 <= extraEnd) {
      const id = directory.readUInt16LE(extraAt);
      const length = directory.readUInt16LE(extraAt + 2);
      if (id === 0x0001) {
        let field = extraAt + 4;
        if (uncompressedSize === 0xffffffff) {
          uncompressedSize = u64(directory, field);
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(directory, field);
          field += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(directory, field);
      }
      extraAt += 4 + length;
    }
    const unixMode = madeBy >> 8 === 3 ? externalAttributes >>> 16 : 0;
    entries.push({
      name,
      method,
      flags,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
      isSymlink: (unixMode & 0o170000) === 0o120000,
      isDirectory: name.endsWith('/'),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

/** The central directory's entries, refused early when there are too many or it is too large. */
const readEntries = async (source: ArchiveSource, report: ScanReport) => {
  const size = await source.size();
  const location = await readDirectoryLocation(source, size, report);
  if (location.entries > scanLimits.maxEntries) {
    report.abort(
      source.name,
      'entry-count',
      `the archive has ${location.entries.toLocaleString('en-US')} entries (more than ${scanLimits.maxEntries.toLocaleString('en-US')})`,
    );
  }
  if (location.directorySize > scanLimits.maxCentralDirectoryBytes) {
    report.abort(source.name, 'entry-count', 'has a central directory too large to be a template');
  }
  const directory = Buffer.from(
    location.directorySize > 0
      ? await source.readRange(
          location.directoryOffset,
          location.directoryOffset + location.directorySize - 1,
        )
      : new Uint8Array(),
  );
  const entries = parseCentralDirectory(directory, location.entries, report, source.name);
  if (entries.length === 0) report.abort(source.name, 'empty', 'is an empty archive');
  return entries;
};

/** Step 1: what the directory alone tells: names, links, declared sizes, encryption, methods. */
const checkDirectory = (entries: CentralEntry[], report: ScanReport, archiveName: string): void => {
  let declaredTotal = 0;
  for (const entry of entries) {
    report.countEntry(entry.name);
    if (entry.isSymlink)
      report.add({
        file: entry.name,
        rule: 'symlink',
        message: 'is a symbolic link (it could point outside the extraction folder)',
      });
    if (entry.flags & 0x1)
      report.add({
        file: entry.name,
        rule: 'encrypted',
        message: 'is encrypted and cannot be scanned',
      });
    if (!entry.isDirectory && entry.method !== 0 && entry.method !== 8) {
      report.add({
        file: entry.name,
        rule: 'compression',
        message: `uses compression method ${entry.method}, which cannot be scanned (use Deflate)`,
      });
    }
    declaredTotal += entry.uncompressedSize;
    if (
      entry.uncompressedSize > scanLimits.ratioMinimumBytes &&
      entry.uncompressedSize / Math.max(1, entry.compressedSize) > scanLimits.maxCompressionRatio
    ) {
      report.abort(
        entry.name,
        'compression-ratio',
        `expands ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))}× (more than ${scanLimits.maxCompressionRatio}×: zip bomb)`,
      );
    }
  }
  if (declaredTotal > scanLimits.maxTotalUncompressedBytes) {
    report.abort(
      archiveName,
      'total-size',
      `would extract to ${Math.round(declaredTotal / 1024 / 1024)} MB (more than ${scanLimits.maxTotalUncompressedBytes / 1024 / 1024} MB: zip bomb)`,
    );
  }
};

/** One entry of step 2, read at the stream's position: its local header, then its contents. */
const scanEntry = async (reader: StreamReader, entry: CentralEntry, report: ScanReport) => {
  if (entry.localHeaderOffset < reader.position) {
    report.abort(entry.name, 'overlap', 'overlaps another entry (a zip bomb technique)');
  }
  await reader.skip(entry.localHeaderOffset - reader.position);
  const header = await reader.read(30);
  if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    report.abort(entry.name, 'corrupt', 'has a damaged local header (corrupt archive)');
  }
  const localName = decodeName(await reader.read(header.readUInt16LE(26)), header.readUInt16LE(6));
  await reader.skip(header.readUInt16LE(28));
  // Extractors that stream (without the directory) use this name: check it too.
  if (localName !== entry.name) {
    report.add(...checkLocalName(localName, entry.name));
  }
  const compressed = reader.take(entry.compressedSize);
  let consumed = 0;
  const counted = (async function* () {
    for await (const chunk of compressed) {
      consumed += chunk.byteLength;
      yield chunk;
    }
  })();
  const content: AsyncIterable<Uint8Array> = entry.method === 8 ? inflate(counted) : counted;
  let actual: number;
  try {
    actual = await report.inspectEntry(entry.name, content, () =>
      entry.method === 8 ? entry.compressedSize : Math.max(consumed, 1),
    );
  } catch (error) {
    if (isPassThrough(error)) throw error;
    report.abort(
      entry.name,
      'corrupt',
      `cannot be decompressed (corrupt or truncated archive: ${(error as Error).message})`,
    );
  }
  // Drain whatever the inflater did not need (trailing bytes), to stay aligned.
  for await (const rest of compressed) void rest;
  if (actual !== entry.uncompressedSize) {
    report.abort(
      entry.name,
      'size-mismatch',
      `inflates to ${actual} bytes but declares ${entry.uncompressedSize} (corrupt or crafted archive)`,
    );
  }
};

/** Step 2: the contents, front to back in one stream. */
const scanContents = async (
  source: ArchiveSource,
  entries: CentralEntry[],
  report: ScanReport,
): Promise<void> => {
  const ordered = entries
    .filter(
      (entry) =>
        !entry.isDirectory &&
        !entry.isSymlink &&
        !(entry.flags & 0x1) &&
        (entry.method === 0 || entry.method === 8),
    )
    .sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  if (ordered.length === 0) return;
  const reader = new StreamReader(
    source.stream(ordered[0]!.localHeaderOffset),
    ordered[0]!.localHeaderOffset,
  );
  try {
    for (const entry of ordered) {
      await scanEntry(reader, entry, report);
    }
  } finally {
    await reader.close();
  }
};

/** Scans a zip archive into `report`; throws ScanAbort when it must stop early. */
export const scanZip = async (source: ArchiveSource, report: ScanReport): Promise<void> => {
  const entries = await readEntries(source, report);
  checkDirectory(entries, report, source.name);
  await scanContents(source, entries, report);
};

/** Inflates a raw deflate stream; an error of the input (a read error) fails the output too. */
const inflate = (compressed: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> => {
  const inflater = createInflateRaw();
  const input = Readable.from(compressed);
  input.on('error', (error) => inflater.destroy(error));
  return input.pipe(inflater);
};

const checkLocalName = (localName: string, name: string) => [
  {
    file: name,
    rule: 'path',
    message: `has a different name in its local header ("${localName.slice(0, 200)}"), a trick to hide paths from scanners`,
  },
];
