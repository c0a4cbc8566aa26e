/**
 * The code preview of a template: its files as a tree for everyone, with the README
 * and the package manifest; any text file's content for those who may download the template.
 *
 * Both read the manifest and pack the Scan task wrote under `manifests/{file_key}/`
 * (lambdas/shared/storage/bundle-manifest.ts): found from the template's `file_key`, so the
 * current version's preview is always the one read and nothing is recorded on the template.
 * Older templates without a manifest: a zip is listed from its directory (no contents), other
 * formats are "not available yet".
 *
 * Storage is read while the caller waits: each route's reads together stop at the storage
 * budget of a route (STORAGE_READ_BUDGET, storage/s3.ts), so a bucket that does not answer is a
 * 503 in words within seconds, not a wait to API Gateway's limit.
 */
import { getApprovedTemplateItem, type TemplateItem } from '../catalog/template-items';
import { getProfileWithEntitlement } from './entitlement';
import { config } from '../shared/config';
import {
  BUNDLE_FILES_LIMIT,
  CODE_PREVIEW_MESSAGES,
  DOWNLOAD_MESSAGES,
  revokedDownloadMessage,
  type BundleDocument,
  type BundleFileContent,
  type BundleFiles,
} from '../../contract/downloads';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../shared/errors';
import {
  bundleManifestSchema,
  manifestKeysOf,
  type BundleManifest,
  type ManifestFile,
} from '../shared/storage/bundle-manifest';
import { ArchiveRefusedError, normalizeEntryPath } from '../shared/archives/limits';
import { s3Source } from '../shared/archives/s3-source';
import { SourceReadError } from '../shared/archives/source';
import { openZip, type ZipArchive } from '../shared/archives/zip-reader';
import {
  ObjectNotFoundError,
  readObject,
  readObjectRange,
  withinStorageBudget,
  type StorageReadLimit,
} from '../shared/storage/s3';
import { loadTemplateAccess } from './access';

export const README_NAMES = ['readme.md', 'readme.markdown', 'readme'];
/** Package manifests, most common first; the first one found is shown. */
const PACKAGE_MANIFEST_NAMES = [
  'package.json',
  'pyproject.toml',
  'requirements.txt',
  'composer.json',
  'cargo.toml',
  'go.mod',
  'gemfile',
  'pubspec.yaml',
  'deno.json',
];

/** The bundle's manifest, or null when the scan wrote none (older templates). */
export const readManifest = async (
  fileKey: string,
  limit: StorageReadLimit,
): Promise<BundleManifest | null> => {
  const bytes = await readObject(
    config().MVP_FILES_BUCKET,
    manifestKeysOf(fileKey).manifest,
    limit,
  );
  if (!bytes) return null;
  return bundleManifestSchema.parse(JSON.parse(Buffer.from(bytes).toString('utf8')));
};

/**
 * Reads the bundle's manifest within the route's storage budget (STORAGE_READ_BUDGET) and hands
 * `work` the manifest's entry for `path`: 409 while the bundle has no file or no manifest yet,
 * 404 for a path the bundle does not hold.
 */
export const withBundleFile = <T>(
  template: TemplateItem,
  path: string,
  work: (
    file: ManifestFile,
    context: { fileKey: string; manifest: BundleManifest; limit: StorageReadLimit },
  ) => Promise<T>,
): Promise<T> => {
  const fileKey = template.file_key;
  if (!fileKey) throw new ConflictError(DOWNLOAD_MESSAGES.fileMissing);
  return withinStorageBudget(async (limit) => {
    const manifest = await readManifest(fileKey, limit);
    if (!manifest) throw new ConflictError(CODE_PREVIEW_MESSAGES.notReady);
    const file = manifest.files.find((candidate) => candidate.path === path);
    if (!file) throw new NotFoundError(CODE_PREVIEW_MESSAGES.unknownPath);
    return work(file, { fileKey, manifest, limit });
  });
};

/** A text file's kept bytes, from the pack by one ranged read. */
export const readPackedBytes = async (
  fileKey: string,
  file: ManifestFile,
  limit: StorageReadLimit,
): Promise<Uint8Array> => {
  if (file.offset === undefined || !file.length) return new Uint8Array();
  const { bytes } = await readObjectRange(
    config().MVP_FILES_BUCKET,
    manifestKeysOf(fileKey).pack,
    { start: file.offset, end: file.offset + file.length - 1 },
    limit,
  );
  return bytes;
};

const readPacked = async (
  fileKey: string,
  file: ManifestFile,
  limit: StorageReadLimit,
): Promise<string> => Buffer.from(await readPackedBytes(fileKey, file, limit)).toString('utf8');

/** The single folder every file is in (`app/`), or '' when files sit at the root. */
const topFolderOf = (files: readonly ManifestFile[]): string | null => {
  const tops = new Set(
    files.map((file) => (file.path.includes('/') ? file.path.split('/')[0] : '')),
  );
  const [only] = tops;
  return tops.size === 1 && only ? `${only}/` : null;
};

/** The first of `names` at the root or in the single top folder, text and in the pack. */
export const findDocument = (
  files: readonly ManifestFile[],
  names: readonly string[],
): ManifestFile | null => {
  const top = topFolderOf(files);
  const byPath = new Map(files.map((file) => [file.path.toLowerCase(), file]));
  for (const folder of top ? ['', top.toLowerCase()] : ['']) {
    for (const name of names) {
      const file = byPath.get(`${folder}${name}`);
      if (file && file.kind === 'text' && file.offset !== undefined) return file;
    }
  }
  return null;
};

const documentOf = async (
  fileKey: string,
  file: ManifestFile | null,
  limit: StorageReadLimit,
): Promise<BundleDocument | null> =>
  file
    ? {
        path: file.path,
        content: await readPacked(fileKey, file, limit),
        truncated: file.truncated === true,
      }
    : null;

/** A read of the bundle that failed because it is not in storage. */
const isMissing = (error: unknown): boolean => {
  const cause = error instanceof SourceReadError ? error.cause : error;
  const name = (cause as { name?: string } | null)?.name;
  return cause instanceof ObjectNotFoundError || name === 'NotFound' || name === 'NoSuchKey';
};

/**
 * An older zip without a manifest: the first files of its directory, read by the shared zip
 * reader (the scan's and the deploy's, with their limits) through ranged reads, no contents.
 */
const listZipDirectory = async (fileKey: string, limit: StorageReadLimit): Promise<BundleFiles> => {
  let zip: ZipArchive | undefined;
  try {
    zip = await openZip(s3Source(fileKey, limit));
    const first = zip.entries.slice(0, BUNDLE_FILES_LIMIT);
    return {
      files: first
        .filter((entry) => entry.kind !== 'directory')
        .map((entry) => ({ path: normalizeEntryPath(entry.name), size: entry.size, kind: null })),
      total_entries: zip.entries.length,
      truncated: first.length < zip.entries.length,
      previewable: false,
      readme: null,
      package_manifest: null,
    };
  } catch (error) {
    if (isMissing(error)) throw new ConflictError(DOWNLOAD_MESSAGES.fileMissing);
    if (error instanceof ArchiveRefusedError) {
      throw new ConflictError(DOWNLOAD_MESSAGES.bundleUnreadable);
    }
    throw error;
  } finally {
    await zip?.close();
  }
};

/** The listing of a bundle's files from storage, every read under the route's `limit`. */
const bundleFilesOf = async (fileKey: string, limit: StorageReadLimit): Promise<BundleFiles> => {
  const manifest = await readManifest(fileKey, limit);
  if (!manifest) {
    if (fileKey.toLowerCase().endsWith('.zip')) return listZipDirectory(fileKey, limit);
    throw new ConflictError(CODE_PREVIEW_MESSAGES.notReady);
  }
  const [readme, packageManifest] = await Promise.all([
    documentOf(fileKey, findDocument(manifest.files, README_NAMES), limit),
    documentOf(fileKey, findDocument(manifest.files, PACKAGE_MANIFEST_NAMES), limit),
  ]);
  return {
    files: manifest.files.map((file) => ({ path: file.path, size: file.size, kind: file.kind })),
    total_entries: manifest.files.length,
    truncated: false,
    previewable: true,
    readme,
    package_manifest: packageManifest,
  };
};

/**
 * The files inside an approved template's bundle (public): every file of the manifest, with the
 * README and the package manifest inline. Folders are implied by the paths. Storage's reads stop
 * at the route's budget (STORAGE_READ_BUDGET): 503 in words past it.
 */
export const listBundleFiles = async (templateId: string): Promise<BundleFiles> => {
  const template = await getApprovedTemplateItem(templateId);
  if (!template.file_key) throw new ConflictError(DOWNLOAD_MESSAGES.fileMissing);
  const fileKey = template.file_key;
  return withinStorageBudget((limit) => bundleFilesOf(fileKey, limit));
};

/**
 * Refuses (403, with the reason) a caller the access rule (access.ts) does not let read the
 * template's files: its seller, an admin, a holder of a valid licence, anyone signed in for a free
 * template and an active subscriber for a subscription template may. A licence whose payment was
 * refunded holds nothing, and the refusal says when it was refunded.
 */
const requireReadableFiles = async (userId: string, template: TemplateItem): Promise<void> => {
  const { profile, entitlement } = await getProfileWithEntitlement(userId);
  const access = await loadTemplateAccess(
    { userId, profile, lastQuotaResetAt: entitlement?.lastQuotaResetAt ?? null },
    template,
  );
  if (access.readFiles) return;
  throw new ForbiddenError(
    revokedDownloadMessage(access, template.access_tier === 'one_time_sale') ??
      CODE_PREVIEW_MESSAGES.notEntitled,
  );
};

/**
 * One text file of the bundle, by one ranged read of the pack; spends no quota. Refused (403)
 * before anything about the files is said to a caller who may not download the template.
 */
export const readBundleFile = async (
  userId: string,
  templateId: string,
  path: string,
): Promise<BundleFileContent> => {
  const template = await getApprovedTemplateItem(templateId);
  await requireReadableFiles(userId, template);
  return withBundleFile(template, path, async (file, { fileKey, limit }) => {
    if (file.kind === 'binary') throw new UnprocessableError(CODE_PREVIEW_MESSAGES.binary);
    if (file.offset === undefined) throw new UnprocessableError(CODE_PREVIEW_MESSAGES.notStored);
    return {
      path: file.path,
      size: file.size,
      content: await readPacked(fileKey, file, limit),
      truncated: file.truncated === true,
    };
  });
};
