/** Small display rules the card and the detail page share. */

export const FALLBACK_PREVIEW_IMAGE = '/fallback-preview.svg';

export { formatRating } from '../../../lib/format';

/** The card's image: the first preview, or the bundled fallback. */
export function coverImage(previewImages: readonly string[]): string {
  return previewImages[0] ?? FALLBACK_PREVIEW_IMAGE;
}

/** The price line: free tier, subscription, or a one-off price in pounds. */
export function describeAccess(accessTier: string, price: number | null): string {
  if (accessTier === 'free') return 'Free';
  if (accessTier === 'one_time_sale' && price !== null) return `£${price.toFixed(2)}`;
  return 'Included in subscription';
}
