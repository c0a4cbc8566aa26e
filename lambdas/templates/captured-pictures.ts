/**
 * Add to gallery of a picture of the newest version's build (contract/design/capture.ts;
 * `POST /api/mvps/{id}/build/screenshots/{viewport}/gallery`): the picture is copied into the
 * template's preview images as a seller's own upload ends up there, one more image of the same
 * set: under the template's preview folder, in `preview_image_keys`, its renditions asked for,
 * the catalog moved for a live template, or held for an admin with the rest of the gallery when a
 * live template's edits are reviewed (PUBLISH_MODE=moderate).
 *
 * One key per version and viewport, and the write is conditioned on the gallery read before: a
 * second press (or two at once) finds the picture there and adds nothing. The gallery's own limit
 * holds, in the upload form's words.
 */
import { newestBuildableVersion, type AddPictureResult } from '../../contract/builds';
import { PICTURE_MESSAGES } from '../../contract/build-pictures';
import { CAPTURE_SIZES, type CaptureViewport } from '../../contract/design/capture';
import type { UserProfile } from '../../contract/profile';
import { TEMPLATE_MESSAGES } from '../../contract/template-messages';
import { MAX_PREVIEW_IMAGES } from '../../contract/uploads';
import { getBuildOf, pictureOf } from '../builds/service';
import { config } from '../shared/config';
import type { PendingEdit } from '../shared/db/entities/template';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TransactionRefusedError,
} from '../shared/errors';
import { capturedPreviewKey, placeCapturedPicture, removePlaced } from './files';
import { heldEditWrite } from './held-edit-repo';
import { startPreviewRenditions } from './renditions';
import { getTemplateById, listVersions, writeGallery, type TemplateItem } from './repo';
import { isLive } from './versions';

/** The gallery a change applies to: the held edit's when edits are reviewed, else the live one. */
const galleryOf = (template: TemplateItem, held: boolean): string[] => {
  const heldImages =
    template.pending_edit_status === 'pending_review'
      ? (template.pending_edit?.set.preview_image_keys as string[] | undefined)
      : undefined;
  return held && heldImages ? heldImages : template.preview_image_keys;
};

/** The write of `images` as the gallery: at once, or held for an admin with the rest of the edit. */
const galleryWrite = (template: TemplateItem, images: string[], held: boolean, now: string) => {
  if (!held) {
    return {
      set: { preview_image_keys: images, updated_at: now } satisfies Partial<TemplateItem>,
      approvedContentChanged: true,
    };
  }
  const waiting = template.pending_edit_status === 'pending_review' ? template.pending_edit : null;
  const edit: PendingEdit = {
    set: { ...(waiting?.set ?? {}), preview_image_keys: images },
    remove: waiting?.remove ?? [],
    at: now,
  };
  return {
    set: {
      pending_edit: edit,
      pending_edit_status: 'pending_review',
    } satisfies Partial<TemplateItem>,
    heldEdit: heldEditWrite(template, now),
  };
};

export const addCapturedPicture = async (
  profile: UserProfile,
  templateId: string,
  viewport: CaptureViewport,
): Promise<AddPictureResult> => {
  const template = await getTemplateById(templateId);
  if (!template || template.status === 'archived') {
    throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
  }
  // The seller alone: an admin reads the pictures, never changes a seller's gallery.
  if (template.seller_id !== profile.id) throw new ForbiddenError(PICTURE_MESSAGES.notOwner);
  const version = newestBuildableVersion(await listVersions(template.id));
  const picture = version && pictureOf(await getBuildOf(template.id, version.id), viewport);
  if (!version || !picture) throw new NotFoundError(PICTURE_MESSAGES.notFound);
  const label = CAPTURE_SIZES[viewport].label;
  const held = isLive(template) && config().PUBLISH_MODE === 'moderate';
  const gallery = galleryOf(template, held);
  const key = capturedPreviewKey(template.id, version.id, viewport);
  if (gallery.includes(key)) {
    return { message: PICTURE_MESSAGES.alreadyAdded, added: false, held };
  }
  if (gallery.length >= MAX_PREVIEW_IMAGES) throw new ConflictError(PICTURE_MESSAGES.galleryFull);
  const copied = await placeCapturedPicture(
    { bucket: config().LIVE_PREVIEWS_BUCKET ?? '', key: picture.key },
    key,
  );
  if (!copied) throw new NotFoundError(PICTURE_MESSAGES.notFound);
  const now = new Date().toISOString();
  try {
    await writeGallery({ template, ...galleryWrite(template, [...gallery, key], held, now), now });
  } catch (error) {
    if (!(error instanceof TransactionRefusedError) || error.item !== 'mvp') throw error;
    const after = await getTemplateById(template.id);
    if (after && galleryOf(after, held).includes(key)) {
      return { message: PICTURE_MESSAGES.alreadyAdded, added: false, held };
    }
    // Nothing refers to the copy: it goes (the same key would be written again by a new press).
    await removePlaced({ bundleKey: null, imageKeys: [key] });
    throw new ConflictError(PICTURE_MESSAGES.changedMeanwhile);
  }
  // The gallery changed without a new version: its renditions are asked for on their own.
  if (!held) await startPreviewRenditions(template.id);
  return {
    message: held ? PICTURE_MESSAGES.held(label) : PICTURE_MESSAGES.added(label),
    added: true,
    held,
  };
};
