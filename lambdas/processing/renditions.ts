/**
 * WebP renditions of a template's raster previews, 400 and 1200 px wide, written beside each
 * original (`<key>.w400.webp`): cards load the one their width needs instead of an upload of up to
 * 10 MB (docs/architecture.md, "Preview renditions"). Never upscaled, aspect kept, metadata
 * stripped (sharp drops EXIF and ICC unless told to keep them). Written once: a rendition that
 * exists is not made again, so a retried or re-run task costs only two HEAD requests per image.
 */
import { RENDITION_WIDTHS, renditionKey } from '../../contract/catalog';
import { config } from '../shared/config';
import { logger } from '../shared/observability';
import { headObject, putObject, readObject } from '../shared/storage/s3';

/** The previews sharp can read and worth resizing (SVG scales by itself). */
const RASTER = /\.(png|jpe?g|webp|gif)$/i;

export const isRasterPreview = (key: string): boolean => RASTER.test(key);

/** Quality 75 is sharp's default; stated so a bench figure stays tied to a setting. */
const WEBP_QUALITY = 75;

/** Decoding limit: a 10 MB upload can still claim a billion pixels; refuse that instead. */
const MAX_INPUT_PIXELS = 50_000_000;

export type RenditionOutcome = 'made' | 'kept' | 'skipped' | 'failed';

const loadSharp = async () => (await import('sharp')).default;

/** Both renditions of one preview, made unless they exist; `failed` for an undecodable image. */
export const renditionsFor = async (key: string): Promise<RenditionOutcome> => {
  if (!isRasterPreview(key)) return 'skipped';
  const bucket = config().PREVIEW_IMAGES_BUCKET;
  const present = await Promise.all(
    RENDITION_WIDTHS.map((width) => headObject(bucket, renditionKey(key, width))),
  );
  if (present.every((head) => head !== null)) return 'kept';
  const original = await readObject(bucket, key);
  if (original === null) return 'failed';
  const sharp = await loadSharp();
  let outputs: Buffer[];
  try {
    outputs = await Promise.all(
      RENDITION_WIDTHS.map((width) =>
        sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      ),
    );
  } catch (error) {
    // A broken or hostile image: the card keeps its original, the version goes on.
    logger.warn('Preview could not be decoded; no renditions', {
      key,
      error: error instanceof Error ? error.message : String(error),
    });
    return 'failed';
  }
  await Promise.all(
    RENDITION_WIDTHS.map((width, index) =>
      putObject({
        bucket,
        key: renditionKey(key, width),
        body: outputs[index]!,
        contentType: 'image/webp',
      }),
    ),
  );
  return 'made';
};
