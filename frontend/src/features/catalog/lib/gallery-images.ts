/**
 * The detail gallery's images. Apart from the card's rules (card-format.ts) so that the home page,
 * which shows cards only, does not load them.
 */
import type { WithRenditions } from './card-format';

export interface GalleryImage {
  /** The 1200 px rendition (the original without one). */
  view: string;
  /** The 400 px rendition for the thumbnail strip (the original without one). */
  thumbnail: string;
  /** The upload itself, opened full size. */
  original: string;
}

/** The detail gallery's images: renditions to look at, the original for the zoom. */
export function galleryImages(mvp: WithRenditions): GalleryImage[] {
  return mvp.preview_images.map((original, index) => {
    const renditions = mvp.preview_renditions?.[index];
    return {
      original,
      view: renditions?.w1200 ?? original,
      thumbnail: renditions?.w400 ?? original,
    };
  });
}
