/**
 * The browse filter's vocabulary (page size, technologies, licensing terms, sort orders), apart
 * from catalog.ts, which re-exports it, so code that only reads or writes a browse address (the
 * early request of a page's data at boot, frontend/src/app/early-data.ts) does not load zod.
 */

/** Browse page size; the home page's featured numbers are in featured.ts. */
export const BROWSE_PAGE_SIZE = 20;

/** Tech-stack checkboxes in the browse filter. */
export const BROWSE_TECH_STACKS = [
  'React',
  'Next.js',
  'Vue.js',
  'Angular',
  'Node.js',
  'Python',
  'TypeScript',
  'JavaScript',
  'Tailwind CSS',
  'Bootstrap',
  'Supabase',
  'Firebase',
  'MongoDB',
  'PostgreSQL',
  'Stripe',
  'Auth0',
] as const;

export const LICENSING_TERMS = [
  'standard_commercial',
  'premium_commercial',
  'personal_use_only',
] as const;
export type LicensingTerms = (typeof LICENSING_TERMS)[number];
export const LICENSING_LABELS: Record<LicensingTerms, string> = {
  standard_commercial: 'Standard Commercial',
  premium_commercial: 'Premium Commercial',
  personal_use_only: 'Personal Use Only',
};

/**
 * How a template is had: free to anyone signed in, with a subscription's quota, or bought once.
 * The browse filter's "Price" choice filters by it (`all` is no filter).
 */
export const ACCESS_TIERS = ['free', 'subscription', 'one_time_sale'] as const;
export type AccessTier = (typeof ACCESS_TIERS)[number];
export const PRICE_FILTER_LABELS: Record<AccessTier, string> = {
  free: 'Free',
  subscription: 'With a subscription',
  one_time_sale: 'One-time purchase',
};
/**
 * What the price range means, said beside it: a range is about a template's own price, and
 * subscription templates have none (they come with a plan).
 */
export const PRICE_RANGE_HINT =
  'Free templates count as £0 and one-time purchases at their price. Subscription templates have no price of their own, so a price range leaves them out.';

/** The orders of the whole catalog, each kept sorted in memory by the catalog function. */
export const SORT_OPTIONS = ['published_at', 'download_count', 'average_rating'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
/**
 * The best matches of a search first (ties in the default order, newest first): the default order
 * when there is search text, and offered only then; without text it is the default order.
 */
export const RELEVANCE_SORT = 'relevance';
export const BROWSE_SORTS = [RELEVANCE_SORT, ...SORT_OPTIONS] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const SORT_LABELS: Record<BrowseSort, string> = {
  relevance: 'Best match',
  published_at: 'Latest',
  download_count: 'Most Downloaded',
  average_rating: 'Highest Rated',
};
