/**
 * Where a template's files live, and moving uploads there. The key layout is built here and only
 * here: bundles under `mvps/{mvpId}/{versionId}/bundle.{ext}` in the mvp-files bucket, preview
 * images under `previews/mvps/{mvpId}/…` in the preview bucket (their public URL is `/{key}`).
 */
import { RENDITION_WIDTHS, renditionKey } from '../../contract/catalog';
import { capturedGalleryFileName, type CaptureViewport } from '../../contract/design/capture';
import { IMAGE_CONTENT_TYPES, templateFileKindOf } from '../../contract/uploads';
import { config } from '../shared/config';
import { storageDesign } from '../../contract/design/storage-design';
import { logger } from '../shared/observability';
import { copyObject, deleteObjectsQuietly } from '../shared/storage/s3';
import type { CheckedUpload } from '../shared/storage/uploads';

const buckets = () => ({
  files: config().MVP_FILES_BUCKET,
  previews: config().PREVIEW_IMAGES_BUCKET,
});

const extensionOfBundle = (fileName: string): string => {
  const kind = templateFileKindOf(fileName);
  return kind === 'tar.gz' ? 'tar.gz' : (kind ?? 'bin');
};

const extensionOfImage = (contentType: string): string =>
  (IMAGE_CONTENT_TYPES[contentType as keyof typeof IMAGE_CONTENT_TYPES]?.[0] ?? '.img').slice(1);

/** The bundle's final key: `mvps/{mvpId}/{versionId}/bundle.{ext}`. */
export const bundleKey = (templateId: string, versionId: string, fileName: string): string =>
  `${storageDesign.bundlesPrefix}${templateId}/${versionId}/bundle.${extensionOfBundle(fileName)}`;

/** A preview image's final key, under the public `previews/` prefix. */
export const previewKey = (
  templateId: string,
  batchId: string,
  index: number,
  extension: string,
): string =>
  `${storageDesign.previewPrefix}${storageDesign.bundlesPrefix}${templateId}/${batchId}-${index + 1}.${extension}`;

/** The key of a preview image of `contentType`. */
export const previewKeyFor = (
  templateId: string,
  batchId: string,
  index: number,
  contentType: string,
) => previewKey(templateId, batchId, index, extensionOfImage(contentType));

/** A picture of a version's build in the gallery: one key per version and viewport. */
export const capturedPreviewKey = (
  templateId: string,
  versionId: string,
  viewport: CaptureViewport,
): string =>
  `${storageDesign.previewPrefix}${storageDesign.bundlesPrefix}${templateId}/${capturedGalleryFileName(versionId, viewport)}`;

/**
 * Copies a build's picture (the live previews' bucket) into the gallery at its key; false when
 * the picture is gone (it expires with the build record).
 */
export const placeCapturedPicture = async (
  from: { bucket: string; key: string },
  key: string,
): Promise<boolean> => {
  try {
    await copyObject(from, { bucket: buckets().previews, key });
    return true;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return false;
    throw error;
  }
};

export interface PlacedFiles {
  bundleKey: string | null;
  imageKeys: string[];
}

/** Removes placed copies (after a refused write): a failure is logged, never thrown. */
export const removePlaced = async (placed: PlacedFiles): Promise<void> => {
  const { files, previews } = buckets();
  const failures = await Promise.all([
    deleteObjectsQuietly(files, placed.bundleKey ? [placed.bundleKey] : []),
    deleteObjectsQuietly(previews, placed.imageKeys),
  ]);
  for (const failure of failures) if (failure) logger.warn('Placed copies left behind', failure);
};

/** Copies checked uploads to their final keys; on failure removes what was copied and rethrows. */
export const placeFiles = async (
  templateId: string,
  versionId: string,
  bundle: CheckedUpload | null,
  images: readonly CheckedUpload[],
): Promise<PlacedFiles> => {
  const { files, previews } = buckets();
  const placed: PlacedFiles = {
    bundleKey: bundle ? bundleKey(templateId, versionId, bundle.fileName) : null,
    imageKeys: images.map((image, index) =>
      previewKeyFor(templateId, versionId, index, image.contentType),
    ),
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

/**
 * Removes the preview images a new set replaced, with their renditions (logged, never thrown):
 * not those the new set `keeps` (a picture added to the gallery keeps the rest of it).
 */
export const removeOldPreviews = async (
  keys: readonly string[],
  keeps: readonly string[] = [],
): Promise<void> => {
  const withRenditions = keys
    .filter((key) => !keeps.includes(key))
    .flatMap((key) => [key, ...RENDITION_WIDTHS.map((width) => renditionKey(key, width))]);
  const failure = await deleteObjectsQuietly(buckets().previews, withRenditions);
  if (failure) logger.warn('Replaced preview images were not removed', failure);
};
