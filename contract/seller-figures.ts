/**
 * A seller's all-time figures: the one definition of "Total Downloads" and "Average Rating" that
 * the seller dashboard, `/analytics` (and its CSV), the payouts page and the public seller page
 * show. docs/product.md (Seller figures) says which page shows what.
 *
 * - Downloads: every download of the seller's templates, whatever their state now (an archived
 *   template's downloads happened), as each template's download count holds them: one per
 *   recorded download, plus the past downloads a template was imported with.
 * - Ratings: verified reviews only (the reviewer downloaded, bought or deployed the template), as
 *   each template's public average counts them; an unverified review is shown but never averaged.
 */

export interface SellerFigures {
  downloads: number;
  /** How many verified reviews. */
  ratings: number;
  /** Their average to two decimals; null without any. */
  average_rating: number | null;
}

/** The counters a template keeps, which the figures are sums of. */
export interface TemplateCounters {
  download_count: number;
  rating_sum: number;
  rating_count: number;
}

/** The figures of a set of templates: sums of their counters, the average of all their ratings. */
export const sellerFiguresOf = (templates: readonly TemplateCounters[]): SellerFigures => {
  let downloads = 0;
  let ratingSum = 0;
  let ratings = 0;
  for (const template of templates) {
    downloads += template.download_count;
    ratingSum += template.rating_sum;
    ratings += template.rating_count;
  }
  return {
    downloads,
    ratings,
    average_rating: ratings === 0 ? null : Math.round((ratingSum / ratings) * 100) / 100,
  };
};

/** What the figures count, said beside them wherever they show. */
export const SELLER_FIGURES_TEXT = {
  downloads: 'All downloads of your templates, archived ones included',
  ratings: (count: number): string =>
    count === 0
      ? 'No verified reviews yet'
      : `From ${count.toLocaleString('en-GB')} verified ${count === 1 ? 'review' : 'reviews'}`,
  /** The analytics' twelve-month figures beside the all-time ones. */
  window: 'Last 12 months',
  allTime: 'All time',
} as const;
