/** Small display rules the card and the detail page share. */
import type { TemplateSummary } from '@contract/catalog';

export const FALLBACK_PREVIEW_IMAGE = '/fallback-preview.svg';

export { formatRating } from '@/lib/format';

/** The card's image: the first preview, or the bundled fallback. */
export function coverImage(previewImages: readonly string[]): string {
  return previewImages[0] ?? FALLBACK_PREVIEW_IMAGE;
}

/**
 * How wide the card's image is drawn, for the browser's choice among the renditions: a 112 px
 * thumbnail beside the text on phones; from md up the card is a column of the results grid (two
 * columns, beside the 300 px filter panel from lg; three in the 80rem container from xl).
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 80em) 320px, (min-width: 64em) calc((100vw - 400px) / 2), (min-width: 48em) 50vw, 112px';

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export type WithRenditions = Pick<TemplateSummary, 'preview_images' | 'preview_renditions'>;

/** The card's image with its 400 and 1200 px renditions when it has them, else the original. */
export function coverSources(mvp: WithRenditions): ImageSources {
  const src = coverImage(mvp.preview_images);
  const renditions = mvp.preview_renditions?.[0];
  if (!renditions) return { src };
  return {
    src: renditions.w400,
    srcSet: `${renditions.w400} 400w, ${renditions.w1200} 1200w`,
    sizes: CARD_IMAGE_SIZES,
  };
}

/** The price line: free tier, subscription, or a one-off price in pounds. */
export function describeAccess(accessTier: string, price: number | null): string {
  if (accessTier === 'free') return 'Free';
  if (accessTier === 'one_time_sale' && price !== null) return `£${price.toFixed(2)}`;
  return 'Included in subscription';
}

/** The card's security badge, by the live version's worst severity. */
export const securityBadgeLabel = (badge: NonNullable<TemplateSummary['security_badge']>) =>
  badge === 'critical' ? 'Critical vulnerability' : 'High vulnerability';
