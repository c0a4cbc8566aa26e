/**
 * The edit form's writes (`PATCH /api/mvps/{id}`): applied at once, or, for a live template in
 * PUBLISH_MODE=moderate, held for an admin with its HeldEdit item (moderation.ts decides).
 */
import { ulid } from 'ulid';
import type { UserProfile } from '../../contract/profile';
import {
  TEMPLATE_MESSAGES,
  type TemplateWriteResult,
  type UpdateTemplateInput,
} from '../../contract/templates';
import { FILE_MESSAGES } from '../../contract/uploads';
import { ValidationError } from '../shared/errors';
import { config } from '../shared/config';
import type { PendingEdit } from '../shared/db/entities/template';
import { checkUploadedFiles, removeUploads, type CheckedUpload } from '../shared/storage/uploads';
import { placeFiles, removeOldPreviews, removePlaced } from './files';
import { heldEditWrite } from './held-edit-repo';
import { writeTemplate, type TemplateItem } from './repo';
import { replaceBundle } from './bundles';
import { startPreviewRenditions } from './renditions';
import { applied, conflictOnRefusal, fieldWrites, loadManageable } from './service';
import { isLive } from './versions';
import { toManagedTemplate } from './view';

/**
 * `PATCH /api/mvps/{id}` (M4): the edit form. A replaced file is a new version (M3, processing
 * again); replaced images swap the whole set. Edits of an approved template bump the catalog.
 */
export const updateTemplate = async (
  profile: UserProfile,
  templateId: string,
  input: UpdateTemplateInput,
): Promise<TemplateWriteResult> => {
  const template = await loadManageable(profile, templateId);
  const images = input.images ?? [];
  const fields = fieldWrites(input.fields);
  if ((input.bundle || images.length > 0) && !input.uploadId) {
    throw new ValidationError(FILE_MESSAGES.uploadMissing);
  }
  const checked =
    input.bundle || images.length > 0
      ? await checkUploadedFiles(profile.id, input.uploadId!, input.bundle, images)
      : { bundle: null, images: [] };

  if (isLive(template) && config().PUBLISH_MODE === 'moderate') {
    return holdEdit(template, fields, checked, input);
  }

  if (checked.bundle) {
    const updated = await replaceBundle(template, checked.bundle, checked.images, fields, {
      version_number: input.version_number,
      changelog: input.changelog,
    });
    return { mvp: toManagedTemplate(updated), message: TEMPLATE_MESSAGES.updated };
  }

  const placed = await placeFiles(template.id, ulid(), null, checked.images);
  const now = new Date().toISOString();
  // A live version's number and changelog describe its file: they change only with a new file.
  const versionFields = !isLive(template);
  const set: Partial<TemplateItem> = {
    ...fields.set,
    ...(versionFields ? { version_number: input.version_number } : {}),
    ...(versionFields && input.changelog ? { changelog: input.changelog } : {}),
    ...(placed.imageKeys.length > 0 ? { preview_image_keys: placed.imageKeys } : {}),
    updated_at: now,
  };
  const remove: (keyof TemplateItem & string)[] = [
    ...fields.remove,
    ...(versionFields && !input.changelog ? (['changelog'] as const) : []),
  ];
  try {
    // An approved template's card or detail changed: every browse cache catches up (M4).
    await writeTemplate({
      mvpId: template.id,
      fromStatus: template.status,
      set,
      remove,
      approvedContentChanged: true,
      now,
    });
  } catch (error) {
    await Promise.all([removePlaced(placed), removeUploads(null, checked.images)]);
    return conflictOnRefusal(error);
  }
  await removeUploads(null, checked.images);
  if (placed.imageKeys.length > 0) {
    await removeOldPreviews(template.preview_image_keys);
    // No new version, so no pipeline: the new previews' renditions are asked for on their own.
    await startPreviewRenditions(template.id);
  }
  return {
    mvp: toManagedTemplate(applied(template, set, remove)),
    message: TEMPLATE_MESSAGES.updated,
  };
};

/**
 * PUBLISH_MODE=moderate: an edit of a live template's text, images or price waits for an admin
 * (held on the template as `pending_edit`; a newer edit replaces it). Buyers keep the live text
 * until it is approved (moderation.ts). A replacement file is a new version as ever.
 */
const holdEdit = async (
  template: TemplateItem,
  fields: ReturnType<typeof fieldWrites>,
  checked: { bundle: CheckedUpload | null; images: readonly CheckedUpload[] },
  input: UpdateTemplateInput,
): Promise<TemplateWriteResult> => {
  const placed = await placeFiles(template.id, ulid(), null, checked.images);
  const now = new Date().toISOString();
  // The form showed the held edit's values; its images are kept unless new ones were chosen.
  const heldImages =
    template.pending_edit_status === 'pending_review'
      ? (template.pending_edit?.set.preview_image_keys as string[] | undefined)
      : undefined;
  const images = placed.imageKeys.length > 0 ? placed.imageKeys : heldImages;
  const edit: PendingEdit = {
    set: { ...fields.set, ...(images ? { preview_image_keys: images } : {}) },
    remove: fields.remove,
    at: now,
  };
  const set: Partial<TemplateItem> = { pending_edit: edit, pending_edit_status: 'pending_review' };
  try {
    await writeTemplate({
      mvpId: template.id,
      fromStatus: template.status,
      set,
      heldEdit: heldEditWrite(template, now),
      now,
    });
  } catch (error) {
    await Promise.all([removePlaced(placed), removeUploads(null, checked.images)]);
    return conflictOnRefusal(error);
  }
  await removeUploads(null, checked.images);
  // A replaced set of images held before and never approved is not needed any more.
  const previous = template.pending_edit?.set.preview_image_keys;
  if (Array.isArray(previous) && previous !== images) {
    // Not the live ones a held set kept (new images have keys of their own).
    await removeOldPreviews(previous as string[], template.preview_image_keys);
  }
  let updated: TemplateItem = { ...template, ...set };
  if (checked.bundle) {
    updated = await replaceBundle(updated, checked.bundle, [], null, {
      version_number: input.version_number,
      changelog: input.changelog,
    });
  }
  return { mvp: toManagedTemplate(updated), message: TEMPLATE_MESSAGES.editHeld };
};
