/**
 * Lists the files of a zip archive from its central directory, reading only the archive's tail and
 * the directory itself through ranged reads: a 100 MB bundle costs two small GETs, not 100 MB.
 *
 * Layout used (APPNOTE 6.3): the End Of Central Directory record (EOCD, at most 22 + 65,535 bytes
 * from the end) gives the directory's offset, size and entry count; ZIP64 archives put the real
 * values in a ZIP64 EOCD record found through a locator right before the EOCD.
 */

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const EOCD_MIN_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** The tail that must contain the EOCD record whatever the comment length. */
export const ZIP_TAIL_BYTES = EOCD_MIN_SIZE + MAX_COMMENT;
const CENTRAL_HEADER_SIZE = 46;
/** Directory bytes fetched per ranged read while listing. */
const DIRECTORY_CHUNK = 256 * 1024;

export class InvalidZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidZipError';
  }
}

/** Reads bytes `[start, end]` (inclusive) of the archive. */
export type RangeReader = (start: number, end: number) => Promise<Uint8Array>;

export interface ZipEntry {
  path: string;
  size: number;
  isDirectory: boolean;
}

export interface ZipListing {
  entries: ZipEntry[];
  totalEntries: number;
}

interface DirectoryLocation {
  offset: number;
  size: number;
  entries: number;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const u64 = (data: DataView, at: number): number => {
  const value = data.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new InvalidZipError('Archive too large.');
  return Number(value);
};

/** The EOCD is the last occurrence of its signature whose comment length fits the tail. */
const findEocd = (tail: Uint8Array): number => {
  const data = view(tail);
  for (let at = tail.length - EOCD_MIN_SIZE; at >= 0; at -= 1) {
    if (
      data.getUint32(at, true) === EOCD_SIGNATURE &&
      at + EOCD_MIN_SIZE + data.getUint16(at + 20, true) === tail.length
    ) {
      return at;
    }
  }
  throw new InvalidZipError('No end of central directory record: not a zip archive.');
};

const locateDirectory = async (
  tail: Uint8Array,
  tailStart: number,
  read: RangeReader,
): Promise<DirectoryLocation> => {
  const eocd = findEocd(tail);
  const data = view(tail);
  let location: DirectoryLocation = {
    entries: data.getUint16(eocd + 10, true),
    size: data.getUint32(eocd + 12, true),
    offset: data.getUint32(eocd + 16, true),
  };
  const needsZip64 =
    location.entries === 0xffff || location.size === 0xffffffff || location.offset === 0xffffffff;
  const locatorAt = eocd - 20;
  if (needsZip64 && locatorAt >= 0 && data.getUint32(locatorAt, true) === ZIP64_LOCATOR_SIGNATURE) {
    const recordOffset = u64(data, locatorAt + 8);
    const record =
      recordOffset >= tailStart && recordOffset - tailStart + 56 <= tail.length
        ? tail.subarray(recordOffset - tailStart, recordOffset - tailStart + 56)
        : await read(recordOffset, recordOffset + 55);
    const zip64 = view(record);
    if (record.length < 56 || zip64.getUint32(0, true) !== ZIP64_EOCD_SIGNATURE) {
      throw new InvalidZipError('Broken ZIP64 end of central directory record.');
    }
    location = { entries: u64(zip64, 32), size: u64(zip64, 40), offset: u64(zip64, 48) };
  }
  return location;
};

const decoder = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

/** Sizes stored as 0xFFFFFFFF live in the ZIP64 extra field (id 0x0001). */
const zip64Size = (extra: Uint8Array): number | null => {
  const data = view(extra);
  for (let at = 0; at + 4 <= extra.length;) {
    const id = data.getUint16(at, true);
    const length = data.getUint16(at + 2, true);
    if (id === 0x0001 && length >= 8) {
      // The uncompressed size comes first when it is present.
      return u64(data, at + 4);
    }
    at += 4 + length;
  }
  return null;
};

/**
 * The first `limit` file and folder entries of the archive whose last bytes are `tail` (ending at
 * `totalSize`), reading the central directory through `read` when it is not inside the tail.
 */
export const listZipEntries = async (
  tail: Uint8Array,
  totalSize: number,
  read: RangeReader,
  limit: number,
): Promise<ZipListing> => {
  const tailStart = totalSize - tail.length;
  const location = await locateDirectory(tail, tailStart, read);
  if (location.offset + location.size > totalSize) {
    throw new InvalidZipError('The central directory lies outside the archive.');
  }

  const entries: ZipEntry[] = [];
  let buffer: Uint8Array = new Uint8Array(0);
  let bufferStart = location.offset;
  let position = location.offset;
  const directoryEnd = location.offset + location.size;

  /** Makes bytes [position, position + length) available in `buffer`. */
  const ensure = async (length: number): Promise<boolean> => {
    if (position + length > directoryEnd) return false;
    if (position + length <= bufferStart + buffer.length) return true;
    const start = position;
    const end = Math.min(directoryEnd, start + Math.max(length, DIRECTORY_CHUNK)) - 1;
    buffer =
      start >= tailStart
        ? tail.subarray(start - tailStart, end - tailStart + 1)
        : await read(start, end);
    bufferStart = start;
    return buffer.length >= length;
  };

  while (entries.length < limit && (await ensure(CENTRAL_HEADER_SIZE))) {
    const header = view(buffer.subarray(position - bufferStart));
    if (header.getUint32(0, true) !== CENTRAL_HEADER_SIGNATURE) {
      throw new InvalidZipError('Broken central directory entry.');
    }
    const flags = header.getUint16(8, true);
    const storedSize = header.getUint32(24, true);
    const nameLength = header.getUint16(28, true);
    const extraLength = header.getUint16(30, true);
    const commentLength = header.getUint16(32, true);
    const recordLength = CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (!(await ensure(recordLength))) throw new InvalidZipError('Truncated central directory.');
    const record = buffer.subarray(position - bufferStart, position - bufferStart + recordLength);
    const nameBytes = record.subarray(CENTRAL_HEADER_SIZE, CENTRAL_HEADER_SIZE + nameLength);
    // Bit 11: the name is UTF-8; otherwise CP437, close enough to Latin-1 for a listing.
    const path = (flags & 0x0800 ? decoder : latin1).decode(nameBytes);
    const size =
      storedSize === 0xffffffff
        ? (zip64Size(
            record.subarray(
              CENTRAL_HEADER_SIZE + nameLength,
              CENTRAL_HEADER_SIZE + nameLength + extraLength,
            ),
          ) ?? storedSize)
        : storedSize;
    entries.push({ path, size, isDirectory: path.endsWith('/') });
    position += recordLength;
  }
  return { entries, totalEntries: location.entries };
};
