/**
 * A template's bundle as the files of a repository (buyer deploys and upgrade pull requests): the
 * archive the scan passed, read from S3 and unpacked in memory, binary files included.
 *
 * - zip: fflate's `unzipSync`; tar.gz: node's gunzip and tar-stream. RAR bundles are downloaded,
 *   not deployed (a repository needs the files unpacked, and the RAR reader is the scanner's).
 * - Directories, links and device entries are left out; paths are normalised and anything that
 *   would leave the repository (`..`, absolute) is refused, as the scan refused it.
 * - When every file sits in one top folder (`my-app/…`, a GitHub zipball's `owner-repo-sha/…`),
 *   that folder is removed, so `package.json` and `netlify.toml` land at the repository's root.
 * - Limits: at most 5,000 files and 200 MB unpacked, the scan's own bounds for a template.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { unzipSync } from 'fflate';
import { extract } from 'tar-stream';
import { config } from '../shared/config';
import { readObject } from '../shared/storage/s3';

export interface BundleFile {
  path: string;
  bytes: Uint8Array;
  executable: boolean;
}

export const MAX_BUNDLE_FILES = 5000;
export const MAX_BUNDLE_BYTES = 200 * 1024 * 1024;

/** A bundle that cannot become a repository; its message is shown to the buyer. */
export class BundleReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BundleReadError';
  }
}

const normalise = (name: string): string | null => {
  const path = name.replace(/\\/g, '/').replace(/^\.\/+/, '');
  if (path === '' || path.endsWith('/')) return null;
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (path.startsWith('/') || parts.some((part) => part === '..')) {
    throw new BundleReadError(`The bundle has a path outside its folder: ${name}`);
  }
  if (parts.includes('.git') || parts.includes('__MACOSX')) return null;
  return parts.join('/');
};

const stripTopFolder = (files: BundleFile[]): BundleFile[] => {
  const tops = new Set(
    files.map((file) => (file.path.includes('/') ? file.path.split('/')[0] : '')),
  );
  const [only] = tops;
  if (tops.size !== 1 || !only) return files;
  return files.map((file) => ({ ...file, path: file.path.slice(only.length + 1) }));
};

const bounded = (files: BundleFile[]): BundleFile[] => {
  if (files.length === 0) throw new BundleReadError('The bundle has no files.');
  if (files.length > MAX_BUNDLE_FILES) {
    throw new BundleReadError(`The bundle has more than ${MAX_BUNDLE_FILES} files.`);
  }
  const total = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (total > MAX_BUNDLE_BYTES)
    throw new BundleReadError('The bundle is larger than 200 MB unpacked.');
  return stripTopFolder(files);
};

const unzip = (bytes: Uint8Array): BundleFile[] => {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new BundleReadError(`The zip bundle could not be read (${(error as Error).message}).`);
  }
  const files: BundleFile[] = [];
  for (const [name, content] of Object.entries(entries)) {
    const path = normalise(name);
    if (path) files.push({ path, bytes: content, executable: false });
  }
  return files;
};

const untar = async (bytes: Uint8Array): Promise<BundleFile[]> => {
  const files: BundleFile[] = [];
  const parser = extract();
  const gunzip = createGunzip();
  gunzip.on('error', (error) => parser.destroy(error));
  Readable.from([Buffer.from(bytes)])
    .pipe(gunzip)
    .pipe(parser);
  try {
    for await (const entry of parser) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const path = entry.header.type === 'file' ? normalise(entry.header.name) : null;
      if (path) {
        files.push({
          path,
          bytes: Buffer.concat(chunks),
          executable: ((entry.header.mode ?? 0) & 0o111) !== 0,
        });
      }
      if (files.length > MAX_BUNDLE_FILES) break;
    }
  } catch (error) {
    if (error instanceof BundleReadError) throw error;
    throw new BundleReadError(`The tar.gz bundle could not be read (${(error as Error).message}).`);
  }
  return files;
};

/** The files of an archive (`fileKey` names its format). */
export const filesOfArchive = async (bytes: Uint8Array, fileKey: string): Promise<BundleFile[]> => {
  const lower = fileKey.toLowerCase();
  if (lower.endsWith('.zip')) return bounded(unzip(bytes));
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return bounded(await untar(bytes));
  if (lower.endsWith('.rar')) {
    throw new BundleReadError(
      'RAR bundles cannot be deployed to a repository; download the template instead.',
    );
  }
  throw new BundleReadError('The bundle is not a zip or tar.gz archive.');
};

/** The files of the bundle stored at `fileKey` in the templates' bucket. */
export const readBundleFiles = async (fileKey: string): Promise<BundleFile[]> => {
  const bytes = await readObject(config().MVP_FILES_BUCKET, fileKey);
  if (!bytes) throw new BundleReadError('The template file is missing.');
  return filesOfArchive(bytes, fileKey);
};
