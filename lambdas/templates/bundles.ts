/**
 * A template's bundle arriving: the first upload registers the template, a later one (a new
 * version, or a file replaced on edit) replaces it. Each checks the browser's uploads, places the
 * files, writes in one transaction (removing the copies when that fails), then starts processing.
 */
import { ulid } from 'ulid';
import type { UserProfile } from '../../contract/profile';
import {
  TEMPLATE_MESSAGES,
  type CreateTemplateInput,
  type CreateVersionInput,
  type TemplateWriteResult,
} from '../../contract/templates';
import { ServiceUnavailableError } from '../shared/errors';
import { checkUploadedFiles, removeUploads, type CheckedUpload } from '../shared/storage/uploads';
import { placeFiles, removeOldPreviews, removePlaced } from './files';
import {
  TransactionRefusedError,
  createTemplate,
  writeTemplate,
  type TemplateItem,
  type TemplateVersionItem,
} from './repo';
import { applied, conflictOnRefusal, fieldWrites, loadManageable, slugFor } from './service';
import { startProcessingOrFlag } from './processing-start';
import { assertVersionNumber, isLive, registerLiveVersion } from './versions';
import { toManagedTemplate } from './view';

/**
 * Registers an uploaded template (`POST /api/mvps`, access pattern M2).
 *
 * 1. Check every uploaded object (missing or mismatched → 400, removed).
 * 2. Copy the bundle and images to the template's keys (files.ts).
 * 3. Write the template (pending_review), its first version and the status counter in one
 *    transaction; if that fails, remove the copies, so nothing half-written stays.
 * 4. Remove the uploaded originals, then start processing.
 */
export const registerTemplate = async (
  profile: UserProfile,
  input: CreateTemplateInput,
): Promise<TemplateWriteResult> => {
  const checked = await checkUploadedFiles(profile.id, input.uploadId, input.bundle, input.images);
  const bundle = checked.bundle!;
  const templateId = ulid();
  const versionId = ulid();
  const placed = await placeFiles(templateId, versionId, bundle, checked.images);
  const now = new Date().toISOString();
  const { set } = fieldWrites(input.fields);
  const template: TemplateItem = {
    ...(set as Omit<TemplateItem, 'id'>),
    id: templateId,
    seller_id: profile.id,
    slug: slugFor(input.fields.title),
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
  try {
    await createTemplate(template, {
      mvp_id: templateId,
      id: versionId,
      version_number: template.version_number,
      file_key: placed.bundleKey!,
      file_size: bundle.size,
      original_file_name: bundle.fileName,
      source: 'upload',
      uploaded_at: now,
      status: 'processing',
    });
  } catch (error) {
    await Promise.all([removePlaced(placed), removeUploads(bundle, checked.images)]);
    // A refused transaction is worth a retry by the seller: 503 with the product's text.
    if (error instanceof TransactionRefusedError) {
      throw new ServiceUnavailableError(TEMPLATE_MESSAGES.saveFailed);
    }
    throw error;
  }
  await removeUploads(bundle, checked.images);
  await startProcessingOrFlag(templateId, versionId, placed.bundleKey!);
  return { mvp: toManagedTemplate(template), message: TEMPLATE_MESSAGES.uploaded };
};

/**
 * A new bundle for an existing template (a new version, or a replaced file on edit), then
 * processing. A live template keeps serving its live version: the new one waits on its own
 * version row (versions.ts) until it is approved. A template that was never live is replaced
 * whole (M3): back to pending_review with the new file. Either way the previous file and CID stay
 * on their version row.
 */
export const replaceBundle = async (
  template: TemplateItem,
  bundle: CheckedUpload,
  images: readonly CheckedUpload[],
  extra: { set: Partial<TemplateItem>; remove: (keyof TemplateItem & string)[] } | null,
  version: { version_number: string; changelog: string | null },
): Promise<TemplateItem> => {
  await assertVersionNumber(template, version.version_number);
  const versionId = ulid();
  const placed = await placeFiles(template.id, versionId, bundle, images);
  const now = new Date().toISOString();
  const row: TemplateVersionItem = {
    mvp_id: template.id,
    id: versionId,
    version_number: version.version_number,
    ...(version.changelog ? { changelog: version.changelog } : {}),
    file_key: placed.bundleKey!,
    file_size: bundle.size,
    original_file_name: bundle.fileName,
    source: 'upload',
    uploaded_at: now,
    status: 'processing',
  };
  const imageSet = placed.imageKeys.length > 0 ? { preview_image_keys: placed.imageKeys } : {};
  let updated: TemplateItem;
  try {
    if (isLive(template)) {
      // The card's own fields and images change at once, as any edit; the file waits for review.
      updated = await registerLiveVersion(template, {
        version: row,
        ...(extra || placed.imageKeys.length > 0
          ? {
              set: { ...extra?.set, ...imageSet, updated_at: now },
              remove: extra?.remove ?? [],
            }
          : {}),
      });
    } else {
      const set: Partial<TemplateItem> = {
        ...extra?.set,
        ...imageSet,
        version_number: version.version_number,
        file_key: placed.bundleKey!,
        file_size: bundle.size,
        original_file_name: bundle.fileName,
        status: 'pending_review',
        updated_at: now,
        ...(version.changelog ? { changelog: version.changelog } : {}),
        ...(template.ipfs_hash ? { previous_ipfs_hash: template.ipfs_hash } : {}),
      };
      const remove: (keyof TemplateItem & string)[] = [
        ...(extra?.remove ?? []),
        'ipfs_hash',
        'last_processing_error',
        ...(version.changelog ? [] : (['changelog'] as const)),
      ];
      await writeTemplate({
        mvpId: template.id,
        fromStatus: template.status,
        set,
        remove,
        version: { create: row },
        now,
      });
      updated = applied(template, set, remove);
    }
  } catch (error) {
    await Promise.all([removePlaced(placed), removeUploads(bundle, images)]);
    return conflictOnRefusal(error);
  }
  await removeUploads(bundle, images);
  if (placed.imageKeys.length > 0) await removeOldPreviews(template.preview_image_keys);
  await startProcessingOrFlag(template.id, versionId, placed.bundleKey!);
  return updated;
};

/** `POST /api/mvps/{id}/versions`: a new version with a changelog (M3), then processing. */
export const createVersion = async (
  profile: UserProfile,
  templateId: string,
  input: CreateVersionInput,
): Promise<TemplateWriteResult> => {
  const template = await loadManageable(profile, templateId);
  const checked = await checkUploadedFiles(profile.id, input.uploadId, input.bundle, []);
  const updated = await replaceBundle(template, checked.bundle!, [], null, {
    version_number: input.version_number,
    changelog: input.changelog,
  });
  return { mvp: toManagedTemplate(updated), message: TEMPLATE_MESSAGES.versionUploaded };
};
