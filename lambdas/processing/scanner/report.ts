/**
 * The running result of one scan: findings, entry count and bytes actually extracted, with the
 * limits enforced as the numbers grow (so a bomb is stopped while it inflates, not after).
 */
import type { ScanFinding } from '../schema';
import { scanLimits } from './limits';
import { ManifestBuilder } from './manifest';
import { checkEntryContent, checkEntryName, checkEntryPath, headBytesNeeded } from './rules';

/** Thrown to stop a scan that must not go on (a limit is exceeded, the archive is unreadable). */
export class ScanAbort extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScanAbort';
  }
}

export class ScanReport {
  readonly findings: ScanFinding[] = [];
  entries = 0;
  uncompressedBytes = 0;
  /** Every file that passed by, with the head of each text file (the code preview). */
  readonly manifest = new ManifestBuilder();

  add(...found: ScanFinding[]): void {
    for (const item of found) {
      if (this.findings.length >= scanLimits.maxFindings) return;
      // The same rule on the same file once is enough (e.g. two keys in one file).
      if (this.findings.some((f) => f.file === item.file && f.rule === item.rule)) continue;
      this.findings.push(item);
    }
  }

  /** Stops the scan with a finding about `file`. */
  abort(file: string, rule: string, message: string): never {
    this.add({ file, rule, message });
    throw new ScanAbort(message);
  }

  /** Counts an entry and checks its name; `symlink` etc. come from the archive format. */
  countEntry(name: string): void {
    this.entries += 1;
    if (this.entries > scanLimits.maxEntries) {
      this.abort(
        name,
        'entry-count',
        `the archive has more than ${scanLimits.maxEntries.toLocaleString('en-US')} entries`,
      );
    }
    this.add(...checkEntryPath(name), ...checkEntryName(name));
  }

  /**
   * An entry extracted elsewhere (RAR: unrar writes through a callback that keeps only the head):
   * its size counted against the total limit, its head searched.
   */
  recordEntry(name: string, size: number, head: Buffer): void {
    this.uncompressedBytes += size;
    if (this.uncompressedBytes > scanLimits.maxTotalUncompressedBytes) {
      this.abort(
        name,
        'total-size',
        `extracting the archive would exceed ${scanLimits.maxTotalUncompressedBytes / 1024 / 1024} MB (zip bomb)`,
      );
    }
    this.add(...checkEntryContent(name, head));
    this.manifest.add(name, size, head);
  }

  /**
   * Consumes one entry's (decompressed) bytes: counts them against the total limit and the
   * entry's ratio, and searches its first bytes. Returns the number of bytes.
   */
  async inspectEntry(
    name: string,
    content: AsyncIterable<Uint8Array>,
    compressedSize?: () => number,
  ): Promise<number> {
    const headLimit = headBytesNeeded(name, scanLimits.textScanBytes);
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    let ratioFlagged = false;
    for await (const chunk of content) {
      size += chunk.byteLength;
      this.uncompressedBytes += chunk.byteLength;
      if (this.uncompressedBytes > scanLimits.maxTotalUncompressedBytes) {
        this.abort(
          name,
          'total-size',
          `extracting the archive would exceed ${scanLimits.maxTotalUncompressedBytes / 1024 / 1024} MB (zip bomb)`,
        );
      }
      if (!ratioFlagged && compressedSize && size > scanLimits.ratioMinimumBytes) {
        const ratio = size / Math.max(1, compressedSize());
        if (ratio > scanLimits.maxCompressionRatio) {
          ratioFlagged = true;
          this.abort(
            name,
            'compression-ratio',
            `expands more than ${scanLimits.maxCompressionRatio}× (zip bomb)`,
          );
        }
      }
      if (headBytes < headLimit) {
        const part = chunk.subarray(0, headLimit - headBytes);
        head.push(Buffer.from(part));
        headBytes += part.byteLength;
      }
    }
    const kept = Buffer.concat(head);
    this.add(...checkEntryContent(name, kept));
    this.manifest.add(name, size, kept);
    return size;
  }
}
