/**
 * The browse categories, apart from catalog.ts so the home page's featured pills can use them
 * without loading zod.
 */

/** Categories offered in the browse filter; `All` means no filter. */
export const BROWSE_CATEGORIES = [
  'SaaS',
  'E-commerce',
  'Portfolio',
  'Utility',
  'Dashboard',
  'Landing Page',
  'Mobile App',
] as const;
