/**
 * RAR scanning ("RAR bundles are scanned, not refused") with the official unrar compiled
 * to WebAssembly (node-unrar-js), RAR 4 and RAR 5 alike.
 *
 * Two passes over the archive, held in memory (an upload is at most 100 MB):
 * 1. the headers: every entry's name against the path and name rules, encrypted entries and
 *    archives refused (they cannot be scanned), and the declared unpacked sizes against the total
 *    and ratio limits, so a bomb is refused before a byte is inflated (unrar itself stops an entry
 *    at its declared size and checks its CRC, so declared sizes are the real ones);
 * 2. the contents: unrar writes each entry through our `write` callback, which counts its bytes
 *    and keeps only the head the content rules read (never the whole file), and refuses to write
 *    past the limits.
 * An entry that unrar lists but never creates as a file is a link (unrar makes links by a system
 * call, not through the callbacks): reported like a symlink in a zip or tar.gz.
 */
import {
  InMemoryExtractor,
  loadUnrar,
  MAX_RAR_BYTES,
  UnrarError,
  type FileHeader,
} from '../../shared/archives/unrar';
import { scanLimits } from './limits';
import type { ScanReport } from './report';
import { headBytesNeeded, linkFinding } from './rules';
import { isPassThrough, type ArchiveSource } from './source';

export { MAX_RAR_BYTES };

interface Captured {
  size: number;
  head: Buffer[];
  headBytes: number;
  headLimit: number;
}

/** Every file unrar creates is counted and its head kept. */
class ScanningExtractor extends InMemoryExtractor<Captured> {
  readonly captured = new Map<string, Captured>();
  /** Bytes written into all entries so far; unrar is refused a write past the total limit. */
  written = 0;

  protected startFile(filename: string): Captured {
    const captured: Captured = {
      size: 0,
      head: [],
      headBytes: 0,
      headLimit: headBytesNeeded(filename, scanLimits.textScanBytes),
    };
    this.captured.set(filename, captured);
    return captured;
  }

  protected writeFile(captured: Captured, buf: number, size: number): boolean {
    this.written += size;
    if (this.written > scanLimits.maxTotalUncompressedBytes) return false;
    captured.size += size;
    if (captured.headBytes < captured.headLimit) {
      const take = Math.min(size, captured.headLimit - captured.headBytes);
      captured.head.push(this.bytesAt(buf, take));
      captured.headBytes += take;
    }
    return true;
  }
}

const describeUnrarError = (error: UnrarError): string =>
  error.reason === 'ERAR_MISSING_PASSWORD' || error.reason === 'ERAR_BAD_PASSWORD'
    ? 'is encrypted; encrypted archives cannot be scanned'
    : `is not a readable RAR archive (${error.message}: truncated or corrupt)`;

/** Step 1's checks of each header: encryption, the declared total size, the compression ratio. */
const checkHeaders = (headers: FileHeader[], report: ScanReport): void => {
  let declared = 0;
  for (const header of headers) {
    report.countEntry(header.name);
    if (header.flags.encrypted) {
      report.add({
        file: header.name,
        rule: 'encrypted',
        message: 'is encrypted; encrypted entries cannot be scanned',
      });
    }
    if (header.flags.directory) continue;
    declared += header.unpSize;
    if (declared > scanLimits.maxTotalUncompressedBytes) {
      report.abort(
        header.name,
        'total-size',
        `extracting the archive would exceed ${scanLimits.maxTotalUncompressedBytes / 1024 / 1024} MB (zip bomb)`,
      );
    }
    if (
      header.unpSize > scanLimits.ratioMinimumBytes &&
      header.unpSize / Math.max(1, header.packSize) > scanLimits.maxCompressionRatio
    ) {
      report.abort(
        header.name,
        'compression-ratio',
        `expands more than ${scanLimits.maxCompressionRatio}× (zip bomb)`,
      );
    }
  }
};

export const scanRar = async (source: ArchiveSource, report: ScanReport): Promise<void> => {
  const size = await source.size();
  if (size > MAX_RAR_BYTES) {
    report.abort(source.name, 'too-large', `is larger than ${MAX_RAR_BYTES / 1024 / 1024} MB`);
  }
  const bytes = await source.readRange(0, size - 1);
  const extractor = new ScanningExtractor(await loadUnrar(), bytes);

  const corrupt = (error: unknown): never => {
    if (isPassThrough(error)) throw error;
    if (error instanceof UnrarError) {
      return report.abort(error.file ?? source.name, 'corrupt', describeUnrarError(error));
    }
    throw error;
  };

  // 1. Headers.
  const headers: FileHeader[] = [];
  try {
    const list = extractor.getFileList();
    if (list.arcHeader.flags.headerEncrypted) {
      report.abort(source.name, 'encrypted', 'has encrypted headers; it cannot be scanned');
    }
    if (list.arcHeader.flags.volume) {
      report.abort(source.name, 'multi-volume', 'is one volume of a multi-part archive');
    }
    for (const header of list.fileHeaders) headers.push(header);
  } catch (error) {
    if ((error as Error).name === 'ScanAbort') throw error;
    corrupt(error);
  }
  if (headers.length === 0) report.abort(source.name, 'empty', 'is an empty archive');

  checkHeaders(headers, report);

  // 2. Contents of the entries that can be read.
  const readable = headers.filter((header) => !header.flags.directory && !header.flags.encrypted);
  if (readable.length > 0) {
    try {
      const { files } = extractor.extract({
        files: (header) => !header.flags.directory && !header.flags.encrypted,
      });
      // Consuming the generator is what makes unrar extract each entry.
      Array.from(files);
    } catch (error) {
      corrupt(error);
    }
  }
  for (const header of readable) {
    const captured = extractor.captured.get(header.name);
    if (!captured) {
      // unrar makes a link by a system call, so its target never reaches the callbacks.
      report.add(linkFinding(header.name));
      continue;
    }
    report.recordEntry(header.name, captured.size, Buffer.concat(captured.head));
  }
};
