/**
 * The code preview's stored form (storage-design.ts `manifestsPrefix`): a manifest of
 * every file in a scanned bundle and a pack of the text files' contents, so that listing a bundle
 * is one GET and reading a file is one ranged GET, with no read of the bundle itself. The Scan
 * task writes both (processing), the downloads domain reads them.
 */
import * as z from 'zod';
import { storageDesign } from '../../../contract/design/storage-design';

/** What a manifest keeps of text files: the head of each, and a total for the whole pack. */
export const manifestLimits = {
  /** A text file's content is kept up to this many bytes (`truncated` beyond). */
  fileContentBytes: 256 * 1024,
  /** The pack holds at most this much; later text files are listed without content. */
  packBytes: 8 * 1024 * 1024,
  /** A NUL byte in this many leading bytes makes a file binary. */
  binarySniffBytes: 8000,
} as const;

export const manifestFileSchema = z.object({
  /** The entry's path inside the archive, `/`-separated, without a leading `./`. */
  path: z.string(),
  /** Uncompressed size in bytes. */
  size: z.number().int().nonnegative(),
  kind: z.enum(['text', 'binary']),
  /** Where the file's (possibly truncated) text is in the pack; absent for binary files and for
   *  text files past the pack's cap. */
  offset: z.number().int().nonnegative().optional(),
  length: z.number().int().nonnegative().optional(),
  /** The pack holds only the first `length` bytes of a longer file. */
  truncated: z.boolean().optional(),
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

export const bundleManifestSchema = z.object({
  version: z.literal(1),
  format: z.enum(['zip', 'tar.gz', 'rar']),
  /** Every file (folders are implied by the paths), sorted by path. */
  files: z.array(manifestFileSchema),
  /** The pack's size in bytes. */
  packBytes: z.number().int().nonnegative(),
});
export type BundleManifest = z.infer<typeof bundleManifestSchema>;

/** The manifest's and the pack's keys in the mvp-files bucket, from the bundle's own key. */
export const manifestKeysOf = (fileKey: string): { manifest: string; pack: string } => ({
  manifest: `${storageDesign.manifestsPrefix}${fileKey}/manifest.json`,
  pack: `${storageDesign.manifestsPrefix}${fileKey}/files.bin`,
});
