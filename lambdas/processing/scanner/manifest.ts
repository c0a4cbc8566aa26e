/**
 * The bundle's manifest, built while the scan visits its entries (zip, tar.gz and RAR alike: every
 * file passes through `ScanReport.inspectEntry` or `recordEntry` with the head the rules read).
 * Each file is listed with its size and kind; text files keep their first bytes (capped per file
 * and in total) in a pack. Nothing here reads the archive again.
 */
import {
  manifestLimits,
  type BundleManifest,
  type ManifestFile,
} from '../../shared/storage/bundle-manifest';
import { normalizeEntryPath } from '../../shared/archives/limits';
import { isBinaryAssetName } from './rules';

export interface BuiltManifest {
  manifest: BundleManifest;
  pack: Buffer;
}

type Limits = { -readonly [K in keyof typeof manifestLimits]: number };

/** Cuts `bytes` back to a whole number of UTF-8 characters (a cap may fall inside one). */
const wholeUtf8 = (bytes: Buffer): Buffer => {
  let end = bytes.length;
  // Step back over continuation bytes (10xxxxxx) to the start of the last character.
  let start = end - 1;
  while (start >= 0 && end - start <= 4 && (bytes[start]! & 0xc0) === 0x80) start -= 1;
  if (start < 0) return bytes;
  const lead = bytes[start]!;
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (end - start < needed) end = start;
  return bytes.subarray(0, end);
};

export class ManifestBuilder {
  private readonly files: ManifestFile[] = [];
  private readonly seen = new Set<string>();
  private readonly chunks: Buffer[] = [];
  private packed = 0;
  private readonly limits: Limits;

  constructor(limits: Partial<Limits> = {}) {
    this.limits = { ...manifestLimits, ...limits };
  }

  /**
   * One file of `size` bytes whose first bytes are `head` (at least the per-file cap for a text
   * file, or the whole file when smaller; a few bytes suffice for a binary asset's name).
   */
  add(name: string, size: number, head: Uint8Array): void {
    const path = normalizeEntryPath(name);
    if (path === '' || this.seen.has(path)) return;
    this.seen.add(path);
    const sniff = head.subarray(0, this.limits.binarySniffBytes);
    if (isBinaryAssetName(path) || sniff.includes(0)) {
      this.files.push({ path, size, kind: 'binary' });
      return;
    }
    const kept = Math.min(size, head.byteLength, this.limits.fileContentBytes);
    const truncated = kept < size;
    const content = truncated
      ? wholeUtf8(Buffer.from(head.subarray(0, kept)))
      : Buffer.from(head.subarray(0, kept));
    if (this.packed + content.byteLength > this.limits.packBytes) {
      this.files.push({ path, size, kind: 'text' });
      return;
    }
    this.files.push({
      path,
      size,
      kind: 'text',
      offset: this.packed,
      length: content.byteLength,
      ...(truncated && { truncated: true }),
    });
    this.chunks.push(content);
    this.packed += content.byteLength;
  }

  build(format: BundleManifest['format']): BuiltManifest {
    const files = [...this.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return {
      manifest: { version: 1, format, files, packBytes: this.packed },
      pack: Buffer.concat(this.chunks),
    };
  }
}
