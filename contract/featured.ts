/**
 * The home page's featured templates: the home page asks the browse API for the
 * newest few and shows the first ones. Kept free of zod on purpose: the home page imports it on a
 * first visit, and zod would add about 24 KB gzipped to that load.
 */

/** How many templates the home page requests (`GET /api/mvps?limit=…`). */
export const FEATURED_REQUESTED = 6;
/** How many of them it shows. */
export const FEATURED_SHOWN = 3;
