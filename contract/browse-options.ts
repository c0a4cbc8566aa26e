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

export const SORT_OPTIONS = ['published_at', 'download_count', 'average_rating'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const SORT_LABELS: Record<SortOption, string> = {
  published_at: 'Latest',
  download_count: 'Most Downloaded',
  average_rating: 'Highest Rated',
};
