import { describe, expect, it } from 'vitest';
import { previewRenditions, renditionKey } from '../../../../../../contract/catalog';
import {
  CARD_IMAGE_SIZES,
  coverSources,
  FALLBACK_PREVIEW_IMAGE,
} from '../../../../../../frontend/src/features/catalog/lib/card-format';
import { galleryImages } from '../../../../../../frontend/src/features/catalog/lib/gallery-images';

const keys = ['previews/mvps/t1/v1/0-a.png', 'previews/mvps/t1/v1/1-b.svg'];

describe('previewRenditions (the API side)', () => {
  it('lists the renditions index for index, null for an image without', () => {
    expect(previewRenditions(keys, [keys[0]!])).toEqual({
      preview_renditions: [
        {
          w400: '/previews/mvps/t1/v1/0-a.png.w400.webp',
          w1200: '/previews/mvps/t1/v1/0-a.png.w1200.webp',
        },
        null,
      ],
    });
    expect(renditionKey(keys[0]!, 400)).toBe('previews/mvps/t1/v1/0-a.png.w400.webp');
  });

  it('leaves the field out when no image has any, or only replaced images had them', () => {
    expect(previewRenditions(keys, undefined)).toEqual({});
    expect(previewRenditions(keys, [])).toEqual({});
    expect(previewRenditions(keys, ['previews/mvps/t1/v0/0-old.png'])).toEqual({});
  });
});

describe('coverSources', () => {
  it('offers both renditions with the sizes of the card grid', () => {
    const mvp = {
      preview_images: ['/a.png', '/b.png'],
      ...previewRenditions(['a.png', 'b.png'], ['a.png']),
    };
    expect(coverSources(mvp)).toEqual({
      src: '/a.png.w400.webp',
      srcSet: '/a.png.w400.webp 400w, /a.png.w1200.webp 1200w',
      sizes: CARD_IMAGE_SIZES,
    });
  });

  it('falls back to the original (old data, SVG) and to the bundled image', () => {
    expect(coverSources({ preview_images: ['/a.svg'] })).toEqual({ src: '/a.svg' });
    expect(
      coverSources({ preview_images: ['/a.svg', '/b.png'], preview_renditions: [null, null] }),
    ).toEqual({ src: '/a.svg' });
    expect(coverSources({ preview_images: [] })).toEqual({ src: FALLBACK_PREVIEW_IMAGE });
  });

  it('sizes a phone card as its 112 px thumbnail, so DPR 3 still picks the 400 px rendition', () => {
    const phone = CARD_IMAGE_SIZES.split(',').at(-1)!.trim();
    expect(phone).toBe('112px');
    expect(112 * 3).toBeLessThanOrEqual(400);
    // Media conditions from wide to narrow, so the first match is the right one.
    const widths = [...CARD_IMAGE_SIZES.matchAll(/min-width: (\d+)em/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
  });
});

describe('galleryImages', () => {
  it('shows the 1200 px rendition, the 400 px one as thumbnail, and zooms to the original', () => {
    const mvp = {
      preview_images: ['/a.png', '/b.svg'],
      ...previewRenditions(['a.png', 'b.svg'], ['a.png']),
    };
    expect(galleryImages(mvp)).toEqual([
      { view: '/a.png.w1200.webp', thumbnail: '/a.png.w400.webp', original: '/a.png' },
      { view: '/b.svg', thumbnail: '/b.svg', original: '/b.svg' },
    ]);
  });
});
