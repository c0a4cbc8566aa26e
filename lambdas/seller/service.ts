/**
 * The seller workspace's rules: the seller application, presigned uploads, registering templates
 * and versions, editing, retrying processing and archiving. Nothing here knows about HTTP.
 *
 * Who may do what (seller spec §6, enforced here for every route, not only in the UI):
 * - uploads, new templates: approved sellers (and admin/both, who may replace files on edit);
 * - one template's management (read, edit, version, retry, archive): its owner while an approved
 *   seller, or admin/both. Anyone else gets 403 'You are not authorized to edit this MVP.'.
 * A beta account's `both` carries no admin rights (contracts/profile.ts): it manages its own
 * templates only.
 */
import { ulid } from 'ulid';
import { previewUrl } from '../catalog/service';
import { listSellerRecentDownloads } from '../downloads/service';
import { startProcessing } from '../processing/start';
import { ensureProfile } from '../profiles/service';
import { isApprovedSeller, SELLER_REQUIRED_MESSAGE } from '../shared/auth/access';
import type { AuthContext } from '../shared/auth/claims';
import { MVP_STATUSES, type MvpStatus } from '../shared/contracts/catalog';
import { SELLER_RECENT_DOWNLOADS, type SellerDownloadsResult } from '../shared/contracts/downloads';
import { hasAdminRights, type Profile } from '../shared/contracts/profile';
import {
  FILE_MESSAGES,
  IMAGE_CONTENT_TYPES,
  MVP_FILE_KINDS,
  imageFileProblem,
  mvpFileKindOf,
  mvpFileProblem,
  type PresignedUpload,
  type UploadedFile,
  type UploadGrant,
  type UploadRequestInput,
} from '../shared/contracts/uploads';
import {
  MVP_MESSAGES,
  RETRYABLE_STATUSES,
  type CreateMvpInput,
  type CreateVersionInput,
  type ManagedMvp,
  type MvpFields,
  type MyMvpsResult,
  type MvpWriteResult,
  type SellerStats,
  type UpdateMvpInput,
} from '../shared/contracts/templates';
import {
  type SellerApplicationInput,
  type SellerApplicationReceipt,
} from '../shared/contracts/seller-applications';
import { config } from '../shared/config';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import { storageDesign } from '../shared/design/storage-design';
import {
  UPLOAD_URL_SECONDS,
  copyObject,
  deleteObjectsQuietly,
  headObject,
  keySafeName,
  presignUpload,
  uploadPrefix,
} from '../shared/storage/uploads';
import {
  TransactionRefusedError,
  createMvpWithVersion,
  getLatestVersion,
  getMvpById,
  listMvpsBySeller,
  patchMvpWithCatalog,
  putSellerApplication,
  writeNewVersion,
  type CatalogBump,
  type MvpItem,
  type MvpVersionItem,
} from './repo';

export const ALREADY_SELLER_MESSAGE = 'You are already an approved seller.';

// ---------------------------------------------------------------------------------------------
// Seller application
// ---------------------------------------------------------------------------------------------

/**
 * Stores the caller's seller application (A1). The account itself was created by Cognito sign-up
 * with the seller role, so the profile (created here on first sight) is a seller, not approved.
 */
export const submitSellerApplication = async (
  auth: AuthContext,
  input: SellerApplicationInput,
): Promise<SellerApplicationReceipt> => {
  const profile = await ensureProfile(auth);
  if (isApprovedSeller(profile)) throw new ConflictError(ALREADY_SELLER_MESSAGE);
  const submittedAt = new Date().toISOString();
  await putSellerApplication({
    user_id: auth.userId,
    email: profile.email,
    full_name: input.fullName,
    company_name: input.companyName,
    website: input.website,
    github_profile: input.githubProfile,
    linkedin_profile: input.linkedinProfile,
    years_experience: input.yearsExperience,
    specializations: input.specializations,
    previous_work: input.previousWork,
    portfolio_description: input.portfolioDescription,
    sample_projects: input.sampleProjects,
    agreed_to_terms: input.agreeToTerms,
    agreed_to_commission: input.agreeToCommission,
    status: 'pending',
    submitted_at: submittedAt,
  });
  return { status: 'pending', submitted_at: submittedAt };
};

// ---------------------------------------------------------------------------------------------
// Who may act
// ---------------------------------------------------------------------------------------------

const mayUpload = (profile: Profile): boolean =>
  isApprovedSeller(profile) || hasAdminRights(profile);

/** A beta account (role both, no admin rights) manages only its own templates. */
const mayManage = (profile: Profile, mvp: MvpItem): boolean =>
  hasAdminRights(profile) || (mvp.seller_id === profile.id && isApprovedSeller(profile));

/** The template, if the caller may manage it; archived templates are gone for everyone. */
const loadManageable = async (profile: Profile, mvpId: string): Promise<MvpItem> => {
  const mvp = await getMvpById(mvpId);
  if (!mvp || mvp.status === 'archived') throw new NotFoundError(MVP_MESSAGES.notFound);
  if (!mayManage(profile, mvp)) throw new ForbiddenError(MVP_MESSAGES.notAuthorized);
  return mvp;
};

/** The caller's profile for routes whose check depends on the template (access `user`). */
export const callerProfile = (auth: AuthContext): Promise<Profile> => ensureProfile(auth);

// ---------------------------------------------------------------------------------------------
// Presigned uploads
// ---------------------------------------------------------------------------------------------

const buckets = () => ({
  files: config().MVP_FILES_BUCKET,
  previews: config().PREVIEW_IMAGES_BUCKET,
});

/**
 * Presigned PUT URLs for one bundle and/or preview images (`POST /api/uploads`), each for one key
 * under the caller's own `uploads/{userId}/{uploadId}/` prefix with size and type signed.
 */
export const createUpload = async (
  profile: Profile,
  request: UploadRequestInput,
): Promise<UploadGrant> => {
  if (!mayUpload(profile)) throw new ForbiddenError(SELLER_REQUIRED_MESSAGE);
  const uploadId = ulid();
  const prefix = uploadPrefix(profile.id, uploadId);
  const { files, previews } = buckets();

  const sign = async (
    bucket: string,
    key: string,
    file: { fileName: string; size: number; contentType: string },
  ): Promise<PresignedUpload> => {
    const { url, headers } = await presignUpload({
      bucket,
      key,
      size: file.size,
      contentType: file.contentType,
    });
    return { ...file, key, url, headers };
  };

  const bundle = request.bundle
    ? await sign(files, `${prefix}bundle-${keySafeName(request.bundle.fileName)}`, request.bundle)
    : null;
  const images = await Promise.all(
    request.images.map((image, index) =>
      sign(previews, `${prefix}image-${index + 1}-${keySafeName(image.fileName)}`, image),
    ),
  );
  return { uploadId, expiresInSeconds: UPLOAD_URL_SECONDS, bundle, images };
};

interface CheckedFile extends UploadedFile {
  bucket: string;
}

/**
 * Checks one uploaded file against the rules and against S3: it must lie under the caller's upload
 * prefix, follow the file rules, exist, and have exactly the declared size and type (the URL
 * signed them, so a mismatch means the object is not the one declared).
 */
const checkUploadedFile = async (
  userId: string,
  uploadId: string,
  file: UploadedFile,
  kind: 'bundle' | 'image',
): Promise<CheckedFile> => {
  const { files, previews } = buckets();
  const bucket = kind === 'bundle' ? files : previews;
  const field = kind === 'bundle' ? 'bundle' : 'images';
  const refuse = (message: string): never => {
    throw new ValidationError(message, { [field]: message });
  };
  if (!file.key.startsWith(uploadPrefix(userId, uploadId)) || file.key.includes('..')) {
    refuse(FILE_MESSAGES.uploadMissing);
  }
  if (kind === 'bundle') {
    const problem = mvpFileProblem({ name: file.fileName, size: file.size });
    if (problem) refuse(problem);
    const fileKind = mvpFileKindOf(file.fileName);
    if (!fileKind || MVP_FILE_KINDS[fileKind].contentType !== file.contentType) {
      refuse(FILE_MESSAGES.invalidFileType);
    }
  } else {
    const problem = imageFileProblem({
      name: file.fileName,
      size: file.size,
      type: file.contentType,
    });
    if (problem) refuse(problem);
  }
  const stored = await headObject(bucket, file.key);
  if (!stored) refuse(FILE_MESSAGES.uploadMissing);
  if (stored && (stored.size !== file.size || stored.contentType !== file.contentType)) {
    refuse(FILE_MESSAGES.uploadMismatch);
  }
  return { ...file, bucket };
};

/** Checks every file of a registration; on any problem, removes all of them and rethrows. */
const checkUploadedFiles = async (
  userId: string,
  uploadId: string,
  bundle: UploadedFile | undefined,
  images: readonly UploadedFile[],
): Promise<{ bundle: CheckedFile | null; images: CheckedFile[] }> => {
  try {
    return {
      bundle: bundle ? await checkUploadedFile(userId, uploadId, bundle, 'bundle') : null,
      images: await Promise.all(
        images.map((image) => checkUploadedFile(userId, uploadId, image, 'image')),
      ),
    };
  } catch (error) {
    const { files, previews } = buckets();
    const ownPrefix = uploadPrefix(userId, uploadId);
    // Only objects under the caller's own prefix are touched, whatever keys the body named.
    const own = (file: UploadedFile | undefined) =>
      file && file.key.startsWith(ownPrefix) && !file.key.includes('..') ? [file.key] : [];
    await Promise.all([
      deleteObjectsQuietly(files, own(bundle)),
      deleteObjectsQuietly(previews, images.flatMap(own)),
    ]);
    throw error;
  }
};

const extensionOfBundle = (fileName: string): string => {
  const kind = mvpFileKindOf(fileName);
  return kind === 'tar.gz' ? 'tar.gz' : (kind ?? 'bin');
};

const extensionOfImage = (contentType: string): string =>
  (IMAGE_CONTENT_TYPES[contentType as keyof typeof IMAGE_CONTENT_TYPES]?.[0] ?? '.img').slice(1);

/** The bundle's final key: `mvps/{mvpId}/{versionId}/bundle.{ext}`. */
export const bundleKey = (mvpId: string, versionId: string, fileName: string): string =>
  `mvps/${mvpId}/${versionId}/bundle.${extensionOfBundle(fileName)}`;

/** A preview image's final key, under the public `previews/` prefix. */
export const previewKey = (mvpId: string, batchId: string, index: number, contentType: string) =>
  `${storageDesign.previewPrefix}mvps/${mvpId}/${batchId}-${index + 1}.${extensionOfImage(contentType)}`;

interface Placed {
  bundleKey: string | null;
  imageKeys: string[];
}

/** Copies checked uploads to their final keys; on failure removes what was copied and rethrows. */
const placeFiles = async (
  mvpId: string,
  versionId: string,
  bundle: CheckedFile | null,
  images: readonly CheckedFile[],
): Promise<Placed> => {
  const { files, previews } = buckets();
  const placed: Placed = {
    bundleKey: bundle ? bundleKey(mvpId, versionId, bundle.fileName) : null,
    imageKeys: images.map((image, index) => previewKey(mvpId, versionId, index, image.contentType)),
  };
  try {
    if (bundle && placed.bundleKey) {
      await copyObject(
        { bucket: files, key: bundle.key },
        { bucket: files, key: placed.bundleKey },
      );
    }
    await Promise.all(
      images.map((image, index) =>
        copyObject(
          { bucket: previews, key: image.key },
          { bucket: previews, key: placed.imageKeys[index]! },
        ),
      ),
    );
    return placed;
  } catch (error) {
    await removePlaced(placed);
    throw error;
  }
};

const removePlaced = async (placed: Placed): Promise<void> => {
  const { files, previews } = buckets();
  await Promise.all([
    deleteObjectsQuietly(files, placed.bundleKey ? [placed.bundleKey] : []),
    deleteObjectsQuietly(previews, placed.imageKeys),
  ]);
};

/** The uploads are copied; their `uploads/` originals go (the lifecycle rule is the backstop). */
const removeUploads = async (bundle: CheckedFile | null, images: readonly CheckedFile[]) => {
  const { files, previews } = buckets();
  const failures = await Promise.all([
    deleteObjectsQuietly(files, bundle ? [bundle.key] : []),
    deleteObjectsQuietly(
      previews,
      images.map((image) => image.key),
    ),
  ]);
  for (const failure of failures) {
    if (failure) logger.warn('Uploaded originals left for the lifecycle rule', failure);
  }
};

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/** Seller spec §5: lowercased, stripped of special characters, hyphenated, with a time suffix. */
export const slugFor = (title: string, now = Date.now()): string => {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'mvp'}-${now.toString(36)}`;
};

const averageOf = (sum: number, count: number): number =>
  count === 0 ? 0 : Math.round((sum / count) * 100) / 100;

/** The owner's view of a template: an explicit allow-list (never the webhook secret). */
export const toManagedMvp = (item: MvpItem): ManagedMvp => ({
  id: item.id,
  seller_id: item.seller_id,
  title: item.title,
  slug: item.slug,
  tagline: item.tagline,
  description: item.description,
  features: item.features,
  tech_stack: item.tech_stack,
  category: item.category,
  status: item.status,
  version_number: item.version_number,
  changelog: item.changelog ?? null,
  ipfs_hash: item.ipfs_hash ?? null,
  previous_ipfs_hash: item.previous_ipfs_hash ?? null,
  file_size: item.file_size ?? null,
  original_file_name: item.original_file_name ?? null,
  preview_images: item.preview_image_keys.map(previewUrl),
  demo_url: item.demo_url ?? null,
  github_url: item.github_url ?? null,
  stackblitz_link: item.stackblitz_link ?? null,
  licensing_terms: item.licensing_terms,
  access_tier: item.access_tier,
  price: item.price ?? null,
  download_count: item.download_count,
  average_rating: averageOf(item.rating_sum, item.rating_count),
  last_processing_error: item.last_processing_error ?? null,
  published_at: item.published_at ?? null,
  created_at: item.created_at,
  updated_at: item.updated_at,
});

/** Optional link fields and price: a value is set, `null` removes the attribute. */
const fieldWrites = (fields: MvpFields) => {
  const optional = {
    demo_url: fields.demo_url,
    github_url: fields.github_url,
    stackblitz_link: fields.stackblitz_link,
    price: fields.price,
  } as const;
  const set: Partial<MvpItem> = {
    title: fields.title,
    tagline: fields.tagline,
    description: fields.description,
    category: fields.category,
    features: fields.features,
    tech_stack: fields.tech_stack,
    licensing_terms: fields.licensing_terms,
    access_tier: fields.access_tier,
  };
  const remove: (keyof MvpItem)[] = [];
  for (const [name, value] of Object.entries(optional) as [keyof typeof optional, unknown][]) {
    if (value === null || value === undefined) remove.push(name);
    else Object.assign(set, { [name]: value });
  }
  return { set, remove };
};

const catalogBumpFor = (from: MvpStatus, to: MvpStatus, now: string): CatalogBump | null => {
  if (from !== 'approved' && to !== 'approved') return null;
  return { approvedDelta: (to === 'approved' ? 1 : 0) - (from === 'approved' ? 1 : 0), now };
};

const conflictOnRefusal = (error: unknown): never => {
  if (error instanceof TransactionRefusedError && error.item === 'mvp') {
    throw new ConflictError(MVP_MESSAGES.changedMeanwhile);
  }
  throw error;
};

/**
 * Starts processing after a committed write. If the pipeline cannot even start, the template is
 * moved to ipfs_pin_failed with a reason, so the seller sees it and can Retry, instead of it
 * waiting in pending_review forever.
 */
const startProcessingOrFlag = async (mvpId: string, versionId: string, fileKey: string) => {
  try {
    await startProcessing({ mvpId, versionId, fileKey });
  } catch (error) {
    logger.error('Processing did not start', error instanceof Error ? error : String(error));
    await patchMvpWithCatalog({
      mvpId,
      fromStatus: 'pending_review',
      set: {
        status: 'ipfs_pin_failed',
        last_processing_error: MVP_MESSAGES.processingNotStarted,
        updated_at: new Date().toISOString(),
      },
      remove: [],
      catalogBump: null,
    }).catch((flagError: unknown) => {
      logger.error('Could not flag the template', flagError as Error);
    });
  }
};

/**
 * Registers an uploaded template (`POST /api/mvps`, access pattern M2).
 *
 * 1. Validate the form and check every uploaded object (missing or mismatched → 400, removed).
 * 2. Copy the bundle to `mvps/{mvpId}/{versionId}/…` and the images to `previews/mvps/{mvpId}/…`.
 * 3. Write the template (pending_review) and its first version in one transaction; if that fails,
 *    remove the copies, so nothing half-written stays.
 * 4. Remove the uploaded originals, then start processing.
 */
export const registerMvp = async (
  profile: Profile,
  input: CreateMvpInput,
): Promise<MvpWriteResult> => {
  if (!isApprovedSeller(profile)) throw new ForbiddenError(SELLER_REQUIRED_MESSAGE);
  const checked = await checkUploadedFiles(profile.id, input.uploadId, input.bundle, input.images);
  const bundle = checked.bundle!;

  const mvpId = ulid();
  const versionId = ulid();
  const placed = await placeFiles(mvpId, versionId, bundle, checked.images);
  const now = new Date().toISOString();
  const { set } = fieldWrites(input.fields);
  const mvp: MvpItem = {
    ...(set as Omit<MvpItem, 'id'>),
    id: mvpId,
    seller_id: profile.id,
    slug: slugFor(input.fields.title),
    ...(input.fields.demo_url ? { demo_url: input.fields.demo_url } : {}),
    ...(input.fields.github_url ? { github_url: input.fields.github_url } : {}),
    ...(input.fields.stackblitz_link ? { stackblitz_link: input.fields.stackblitz_link } : {}),
    ...(input.fields.price !== null ? { price: input.fields.price } : {}),
    preview_image_keys: placed.imageKeys,
    file_key: placed.bundleKey!,
    file_size: bundle.size,
    original_file_name: bundle.fileName,
    status: 'pending_review',
    version_number: '1.0.0',
    download_count: 0,
    rating_sum: 0,
    rating_count: 0,
    created_at: now,
    updated_at: now,
  };
  const version: MvpVersionItem = {
    mvp_id: mvpId,
    id: versionId,
    version_number: mvp.version_number,
    file_key: placed.bundleKey!,
    file_size: bundle.size,
    original_file_name: bundle.fileName,
    source: 'upload',
    uploaded_at: now,
  };
  try {
    await createMvpWithVersion(mvp, version);
  } catch (error) {
    await Promise.all([removePlaced(placed), removeUploads(bundle, checked.images)]);
    throw error;
  }
  await removeUploads(bundle, checked.images);
  await startProcessingOrFlag(mvpId, versionId, placed.bundleKey!);
  return { mvp: toManagedMvp(mvp), message: MVP_MESSAGES.uploaded };
};

/**
 * The write of a new bundle for an existing template (new version, or a replaced file on edit):
 * M3, then processing. The previous file and CID stay on their version row; the template keeps the
 * previous CID as `previous_ipfs_hash`.
 */
const replaceBundle = async (
  mvp: MvpItem,
  bundle: CheckedFile,
  images: readonly CheckedFile[],
  extra: { set: Partial<MvpItem>; remove: (keyof MvpItem)[] },
  version: { version_number: string; changelog: string | null },
): Promise<MvpItem> => {
  const versionId = ulid();
  const placed = await placeFiles(mvp.id, versionId, bundle, images);
  const now = new Date().toISOString();
  const set: Partial<MvpItem> = {
    ...extra.set,
    ...(placed.imageKeys.length > 0 ? { preview_image_keys: placed.imageKeys } : {}),
    version_number: version.version_number,
    file_key: placed.bundleKey!,
    file_size: bundle.size,
    original_file_name: bundle.fileName,
    status: 'pending_review',
    updated_at: now,
    ...(version.changelog ? { changelog: version.changelog } : {}),
    ...(mvp.ipfs_hash ? { previous_ipfs_hash: mvp.ipfs_hash } : {}),
  };
  const remove: (keyof MvpItem)[] = [
    ...extra.remove,
    'ipfs_hash',
    'last_processing_error',
    ...(version.changelog ? [] : (['changelog'] as const)),
  ];
  try {
    await writeNewVersion({
      mvpId: mvp.id,
      fromStatus: mvp.status,
      set,
      remove,
      version: {
        mvp_id: mvp.id,
        id: versionId,
        version_number: version.version_number,
        ...(version.changelog ? { changelog: version.changelog } : {}),
        file_key: placed.bundleKey!,
        file_size: bundle.size,
        original_file_name: bundle.fileName,
        source: 'upload',
        uploaded_at: now,
      },
      catalogBump: catalogBumpFor(mvp.status, 'pending_review', now),
    });
  } catch (error) {
    await Promise.all([removePlaced(placed), removeUploads(bundle, images)]);
    return conflictOnRefusal(error);
  }
  await removeUploads(bundle, images);
  if (placed.imageKeys.length > 0) await removeOldPreviews(mvp.preview_image_keys);
  await startProcessingOrFlag(mvp.id, versionId, placed.bundleKey!);
  const updated = { ...mvp, ...set } as MvpItem;
  for (const name of remove) delete updated[name];
  return updated;
};

const removeOldPreviews = async (keys: readonly string[]) => {
  const failure = await deleteObjectsQuietly(buckets().previews, keys);
  if (failure) logger.warn('Replaced preview images were not removed', failure);
};

/** `POST /api/mvps/{id}/versions`: a new version with a changelog (M3), then processing. */
export const createVersion = async (
  profile: Profile,
  mvpId: string,
  input: CreateVersionInput,
): Promise<MvpWriteResult> => {
  const mvp = await loadManageable(profile, mvpId);
  const checked = await checkUploadedFiles(profile.id, input.uploadId, input.bundle, []);
  const updated = await replaceBundle(
    mvp,
    checked.bundle!,
    [],
    { set: {}, remove: [] },
    { version_number: input.version_number, changelog: input.changelog },
  );
  return { mvp: toManagedMvp(updated), message: MVP_MESSAGES.versionUploaded };
};

/**
 * `PATCH /api/mvps/{id}` (M4): the edit form. A replaced file is a new version (M3, processing
 * again); replaced images swap the whole set. Edits of an approved template bump the catalog.
 */
export const updateMvp = async (
  profile: Profile,
  mvpId: string,
  input: UpdateMvpInput,
): Promise<MvpWriteResult> => {
  const mvp = await loadManageable(profile, mvpId);
  const images = input.images ?? [];
  const fields = fieldWrites(input.fields);
  if ((input.bundle || images.length > 0) && !input.uploadId) {
    throw new ValidationError(FILE_MESSAGES.uploadMissing);
  }
  const checked =
    input.bundle || images.length > 0
      ? await checkUploadedFiles(profile.id, input.uploadId!, input.bundle, images)
      : { bundle: null, images: [] };

  if (checked.bundle) {
    const updated = await replaceBundle(mvp, checked.bundle, checked.images, fields, {
      version_number: input.version_number,
      changelog: input.changelog,
    });
    return { mvp: toManagedMvp(updated), message: MVP_MESSAGES.updated };
  }

  const placed = await placeFiles(mvp.id, ulid(), null, checked.images);
  const now = new Date().toISOString();
  const set: Partial<MvpItem> = {
    ...fields.set,
    version_number: input.version_number,
    ...(input.changelog ? { changelog: input.changelog } : {}),
    ...(placed.imageKeys.length > 0 ? { preview_image_keys: placed.imageKeys } : {}),
    updated_at: now,
  };
  const remove: (keyof MvpItem)[] = [
    ...fields.remove,
    ...(input.changelog ? [] : (['changelog'] as const)),
  ];
  try {
    await patchMvpWithCatalog({
      mvpId: mvp.id,
      fromStatus: mvp.status,
      set,
      remove,
      // An approved template's card or detail changed: every browse cache reloads (M4).
      catalogBump: mvp.status === 'approved' ? { approvedDelta: 0, now } : null,
    });
  } catch (error) {
    await Promise.all([removePlaced(placed), removeUploads(null, checked.images)]);
    return conflictOnRefusal(error);
  }
  await removeUploads(null, checked.images);
  if (placed.imageKeys.length > 0) await removeOldPreviews(mvp.preview_image_keys);
  const updated = { ...mvp, ...set } as MvpItem;
  for (const name of remove) delete updated[name];
  return { mvp: toManagedMvp(updated), message: MVP_MESSAGES.updated };
};

/** `GET /api/mvps/{id}/manage`: any status but archived, for the owner, admin or both. */
export const getManagedMvp = async (profile: Profile, mvpId: string): Promise<ManagedMvp> =>
  toManagedMvp(await loadManageable(profile, mvpId));

const emptyByStatus = (): Record<MvpStatus, number> =>
  Object.fromEntries(MVP_STATUSES.map((status) => [status, 0])) as Record<MvpStatus, number>;

/** `GET /api/my/mvps`: the caller's templates (not archived), newest first, with stats (M6). */
export const listMyMvps = async (profile: Profile): Promise<MyMvpsResult> => {
  const items = (await listMvpsBySeller(profile.id)).filter((item) => item.status !== 'archived');
  const stats: SellerStats = {
    total: items.length,
    byStatus: emptyByStatus(),
    totalDownloads: 0,
    averageRating: 0,
  };
  let ratingSum = 0;
  let ratingCount = 0;
  for (const item of items) {
    stats.byStatus[item.status] += 1;
    stats.totalDownloads += item.download_count;
    ratingSum += item.rating_sum;
    ratingCount += item.rating_count;
  }
  stats.averageRating = averageOf(ratingSum, ratingCount);
  return { items: items.map(toManagedMvp), stats };
};

/** `GET /api/my/mvps/downloads`: the latest downloads of the caller's own templates (D5). */
export const listRecentDownloads = async (profile: Profile): Promise<SellerDownloadsResult> => ({
  items: await listSellerRecentDownloads(profile.id, SELLER_RECENT_DOWNLOADS),
});

/**
 * `POST /api/mvps/{id}/retry` (M5): only from scan_failed or ipfs_pin_failed; back to
 * pending_review with the error cleared, then the newest version is processed again.
 */
export const retryProcessing = async (profile: Profile, mvpId: string): Promise<MvpWriteResult> => {
  const mvp = await loadManageable(profile, mvpId);
  if (!RETRYABLE_STATUSES.includes(mvp.status)) throw new ConflictError(MVP_MESSAGES.notRetryable);
  const latest = await getLatestVersion(mvp.id);
  const fileKey = mvp.file_key ?? latest?.file_key;
  if (!latest || !fileKey) throw new ConflictError(MVP_MESSAGES.notRetryable);
  const now = new Date().toISOString();
  await patchMvpWithCatalog({
    mvpId: mvp.id,
    fromStatus: mvp.status,
    set: { status: 'pending_review', updated_at: now },
    remove: ['last_processing_error'],
    catalogBump: null,
  }).catch(conflictOnRefusal);
  await startProcessingOrFlag(mvp.id, latest.id, fileKey);
  const updated: MvpItem = { ...mvp, status: 'pending_review', updated_at: now };
  delete updated.last_processing_error;
  return { mvp: toManagedMvp(updated), message: MVP_MESSAGES.retried };
};

/**
 * `DELETE /api/mvps/{id}` (M5 to archived): the item and its versions stay for download history,
 * disputes and payouts; an approved template leaves the catalog.
 */
export const archiveMvp = async (profile: Profile, mvpId: string): Promise<{ message: string }> => {
  const mvp = await loadManageable(profile, mvpId);
  await writeArchived(mvp, new Date().toISOString()).catch(conflictOnRefusal);
  return { message: MVP_MESSAGES.deleted };
};

/** M5 to archived from the status read: the `mvps` counter moves, the catalog bumps if approved. */
const writeArchived = (mvp: MvpItem, now: string): Promise<void> =>
  patchMvpWithCatalog({
    mvpId: mvp.id,
    fromStatus: mvp.status,
    set: { status: 'archived', updated_at: now },
    remove: [],
    catalogBump: catalogBumpFor(mvp.status, 'archived', now),
  });

const ARCHIVE_ATTEMPTS = 3;

/**
 * Archives every template of one seller whose account was removed (a beta account past its day),
 * each exactly as `archiveMvp` does it, so they leave the catalog. A template whose status moved
 * meanwhile (processing publishing it) is read again and archived from its new status. Already
 * archived templates are left alone, so running it again archives nothing. Returns the count.
 */
export const archiveAllTemplatesOfSeller = async (sellerId: string): Promise<number> => {
  let archived = 0;
  for (const listed of await listMvpsBySeller(sellerId)) {
    let mvp: MvpItem | null = listed;
    for (let attempt = 1; mvp && mvp.status !== 'archived'; attempt += 1) {
      try {
        await writeArchived(mvp, new Date().toISOString());
        archived += 1;
        break;
      } catch (error) {
        const moved = error instanceof TransactionRefusedError && error.item === 'mvp';
        if (!moved || attempt === ARCHIVE_ATTEMPTS) throw error;
        mvp = await getMvpById(mvp.id);
      }
    }
  }
  return archived;
};
