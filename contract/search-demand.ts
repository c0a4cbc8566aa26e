/**
 * What buyers searched for: the counted searches of the catalog (docs/architecture.md, "Search
 * demand") as the seller's `/analytics` and the admin's Analytics tab show them. A search is its
 * normalised text (lower-cased words, common little words dropped) and nothing about who typed
 * it: no user, no address.
 */

/** The days a seller's "searched and didn't find" list covers: the last 30, today included. */
export const SEARCH_DEMAND_DAYS = 30;

/** Fewer results than this is "didn't find": the searches a seller is shown. */
export const SEARCH_DEMAND_FEW_RESULTS = 3;

/** How many searches each list shows at most. */
export const SEARCH_DEMAND_LIST_SIZE = 10;

/** A counted search's text is cut to this many characters (longer ones are rarely repeated). */
export const SEARCH_QUERY_MAX_LENGTH = 80;

/** One search over the period: how often it was made and what it found. */
export interface SearchDemandEntry {
  /** The normalised text. */
  query: string;
  /** How many times it was searched over the period. */
  searches: number;
  /** The results its latest search found (the catalog changes over the period). */
  result_count: number;
}

/** The seller's list: searches in the seller's categories that found too little. */
export interface SellerSearchDemand {
  /** The period's first and last day (`YYYY-MM-DD`, UTC). */
  from: string;
  to: string;
  /** The categories of the seller's live templates: the searches shown are in these. */
  categories: string[];
  /** Most searched first, at most {@link SEARCH_DEMAND_LIST_SIZE}. */
  searches: SearchDemandEntry[];
}

/** The admin's lists: every search, and those that found nothing. */
export interface AdminSearchDemand {
  from: string;
  to: string;
  /** All searches of the period together. */
  total_searches: number;
  /** Most searched first. */
  top: SearchDemandEntry[];
  /** Most searched first, of those whose latest search found nothing. */
  zero_results: SearchDemandEntry[];
}

const times = (count: number): string => (count === 1 ? 'once' : `${count} times`);
const templates = (count: number): string =>
  count === 0 ? 'no template' : count === 1 ? '1 template' : `${count} templates`;

export const SEARCH_DEMAND_TEXT = {
  sellerHeading: "What buyers searched for and didn't find",
  sellerIntro: (from: string, to: string) =>
    `Searches in your categories over the last ${SEARCH_DEMAND_DAYS} days (${from} to ${to}) that found fewer than ${SEARCH_DEMAND_FEW_RESULTS} templates. Nothing here identifies who searched.`,
  sellerEmpty: 'No search in your categories came up short this month.',
  /** "People searched “supabase auth” 41 times this month and found 1 template" */
  sentence: (entry: SearchDemandEntry) =>
    `People searched “${entry.query}” ${times(entry.searches)} this month and found ${templates(entry.result_count)}`,
  adminHeading: 'Searches',
  adminTop: 'Top searches',
  adminZero: 'Searches that found nothing',
  adminEmpty: 'No searches in this period.',
  adminTotal: (total: number, from: string, to: string) =>
    `${total} searches from ${from} to ${to}`,
} as const;
