/**
 * A template's bundle as the files of a repository (buyer deploys and upgrade pull requests): the
 * archive the scan passed, read from S3, binary files included.
 *
 * - zip: the shared reader of untrusted zips (lambdas/shared/archives/zip-reader.ts), the one the
 *   scan uses, with the same limits: the files are listed from the directory by ranged reads and
 *   each file's bytes are read when the git writer asks for them (`read`, one file at a time, in
 *   one sequential stream when asked in order), so a 200 MB bundle is never held whole. Any
 *   problem the scan would report about the archive itself (a path, a link, a bomb) refuses it.
 * - tar.gz: node's gunzip and tar-stream, streamed from S3, its files kept in memory (a tar.gz
 *   has no index to come back to). RAR bundles are downloaded, not deployed (a repository needs
 *   the files unpacked, and the RAR reader is the scanner's).
 * - Directories, links and device entries of a tar.gz are left out; paths are normalised and
 *   anything that would leave the repository (`..`, absolute) is refused, as the scan refused it.
 * - When every file sits in one top folder (`my-app/…`, a GitHub zipball's `owner-repo-sha/…`),
 *   that folder is removed, so `package.json` and `netlify.toml` land at the repository's root.
 * - Limits: at most 5,000 files and 200 MB unpacked, the scan's own bounds for a template.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { ArchiveRefusedError } from '../shared/archives/limits';
import { BundleReadError } from './bundle-read-error';
import { s3Source } from '../shared/archives/s3-source';
import { bufferSource, guardedSource, type ArchiveSource } from '../shared/archives/source';
import { openZip, type ZipArchive, type ZipEntry } from '../shared/archives/zip-reader';

export interface BundleFile {
  path: string;
  /** Bytes once unpacked. */
  size: number;
  executable: boolean;
  /** The file's bytes (read from the archive when asked: the bundle is not held whole). */
  read(): Promise<Uint8Array>;
}

export const MAX_BUNDLE_FILES = 5000;
export const MAX_BUNDLE_BYTES = 200 * 1024 * 1024;

export { BundleReadError };

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
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_BUNDLE_BYTES)
    throw new BundleReadError('The bundle is larger than 200 MB unpacked.');
  return stripTopFolder(files);
};

const refusal = (error: unknown): unknown =>
  error instanceof ArchiveRefusedError
    ? new BundleReadError(
        `The zip bundle cannot be deployed: ${error.problem.file} ${error.problem.message}.`,
      )
    : error;

/** Reads one entry whole (a file of the repository), its limits checked as it inflates. */
const readEntry = async (zip: ZipArchive, entry: ZipEntry): Promise<Uint8Array> => {
  try {
    const { problems, content } = await zip.open(entry);
    if (problems[0]) throw new ArchiveRefusedError(problems[0]);
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(chunk);
    return Buffer.concat(chunks);
  } catch (error) {
    throw refusal(error);
  }
};

const unzip = async (source: ArchiveSource): Promise<BundleFile[]> => {
  let zip: ZipArchive;
  try {
    zip = await openZip(source);
  } catch (error) {
    if (!(error instanceof ArchiveRefusedError)) throw error;
    const { file, message } = error.problem;
    throw new BundleReadError(`The zip bundle could not be read (${file} ${message}).`);
  }
  const problem = zip.entries.flatMap((entry) => entry.problems)[0];
  if (problem) {
    await zip.close();
    throw refusal(new ArchiveRefusedError(problem));
  }
  // One file at a time, so files asked for in order are one stream; idle, the stream is let go.
  let queue: Promise<unknown> = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;
  const files: BundleFile[] = [];
  for (const entry of zip.entries) {
    const path = entry.kind === 'file' ? normalise(entry.name) : null;
    if (!path) continue;
    const read = () => {
      const next = queue.then(() => {
        clearTimeout(idle);
        return readEntry(zip, entry);
      });
      queue = next
        .catch(() => undefined)
        .then(() => {
          idle = setTimeout(() => void zip.close(), IDLE_MS).unref();
        });
      return next;
    };
    files.push({ path, size: entry.size, executable: entry.executable, read });
  }
  return files;
};

/** How long a zip's stream stays open without a read (the git writer reads in bursts). */
const IDLE_MS = 2_000;

const untar = async (source: ArchiveSource): Promise<BundleFile[]> => {
  const files: BundleFile[] = [];
  const parser = extract();
  const gunzip = createGunzip();
  const input = Readable.from(guardedSource(source).stream());
  input.on('error', (error) => parser.destroy(error));
  gunzip.on('error', (error) => parser.destroy(error));
  input.pipe(gunzip).pipe(parser);
  try {
    for await (const entry of parser) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const path = entry.header.type === 'file' ? normalise(entry.header.name) : null;
      if (path) {
        const bytes = Buffer.concat(chunks);
        files.push({
          path,
          size: bytes.byteLength,
          executable: ((entry.header.mode ?? 0) & 0o111) !== 0,
          read: async () => bytes,
        });
      }
      if (files.length > MAX_BUNDLE_FILES) break;
    }
  } catch (error) {
    if (error instanceof BundleReadError || (error as Error).name === 'SourceReadError')
      throw error;
    throw new BundleReadError(`The tar.gz bundle could not be read (${(error as Error).message}).`);
  } finally {
    input.destroy();
  }
  return files;
};

/** The files of the archive in `source` (`fileKey` names its format). */
const filesOfSource = async (source: ArchiveSource, fileKey: string): Promise<BundleFile[]> => {
  const lower = fileKey.toLowerCase();
  if (lower.endsWith('.zip')) return bounded(await unzip(source));
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return bounded(await untar(source));
  if (lower.endsWith('.rar')) {
    throw new BundleReadError(
      'RAR bundles cannot be deployed to a repository; download the template instead.',
    );
  }
  throw new BundleReadError('The bundle is not a zip or tar.gz archive.');
};

/** The files of an archive held in memory (`fileKey` names its format). */
export const filesOfArchive = (bytes: Uint8Array, fileKey: string): Promise<BundleFile[]> =>
  filesOfSource(bufferSource(bytes, fileKey), fileKey);

/** The files of the bundle stored at `fileKey` in the templates' bucket. */
export const readBundleFiles = async (fileKey: string): Promise<BundleFile[]> => {
  try {
    return await filesOfSource(s3Source(fileKey), fileKey);
  } catch (error) {
    const cause = (error as Error).name === 'SourceReadError' ? (error as Error).cause : error;
    const name = (cause as { name?: string } | undefined)?.name;
    if (name === 'NoSuchKey' || name === 'NotFound') {
      throw new BundleReadError('The template file is missing.');
    }
    throw error;
  }
};
