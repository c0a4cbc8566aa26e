/**
 * The ways on an empty browse answer offers (contract/catalog.ts, BrowseResult), as browse
 * filters: the filters the answer names dropped, and those filters in the filter panel's words.
 */
import { LICENSING_LABELS, PRICE_FILTER_LABELS } from '@contract/browse-options';
import type { BrowseFilterKey } from '@contract/catalog';
import { DEFAULT_FILTERS, type BrowseFilters } from './browse-filters';

/** Each query key's field in the browse filters. */
const FIELD_OF: Record<BrowseFilterKey, keyof Omit<BrowseFilters, 'page' | 'sort' | 'search'>> = {
  category: 'category',
  tech_stack: 'techStack',
  price: 'price',
  min_price: 'minPrice',
  max_price: 'maxPrice',
  licensing_terms: 'licensingTerms',
};

/** The filters with those `removed` back to their defaults, on the first page. */
export function withoutFilters(
  filters: BrowseFilters,
  removed: readonly BrowseFilterKey[],
): BrowseFilters {
  const kept = { ...filters, page: 0 };
  for (const key of removed)
    Object.assign(kept, { [FIELD_OF[key]]: DEFAULT_FILTERS[FIELD_OF[key]] });
  return kept;
}

/** A price bound as people read it: `£0`, `£9.50`. */
const pounds = (value: string): string => {
  const amount = Number(value);
  return `£${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
};

/**
 * The `removed` filters as set in `filters`, one phrase each in the panel's words ("Category:
 * Dashboard", "Price: Free", "Price ≤ £0", "React + Stripe"); a price range is one phrase.
 */
export function describeFilters(
  filters: BrowseFilters,
  removed: readonly BrowseFilterKey[],
): string[] {
  const has = (key: BrowseFilterKey) => removed.includes(key);
  const phrases: string[] = [];
  if (has('category') && filters.category !== 'All') phrases.push(`Category: ${filters.category}`);
  if (has('tech_stack') && filters.techStack.length > 0) {
    phrases.push(filters.techStack.join(' + '));
  }
  if (has('price') && filters.price !== 'all') {
    phrases.push(`Price: ${PRICE_FILTER_LABELS[filters.price]}`);
  }
  const min = has('min_price') ? filters.minPrice : '';
  const max = has('max_price') ? filters.maxPrice : '';
  if (min && max) phrases.push(`Price ${pounds(min)}–${pounds(max)}`);
  else if (max) phrases.push(`Price ≤ ${pounds(max)}`);
  else if (min) phrases.push(`Price ≥ ${pounds(min)}`);
  if (has('licensing_terms') && filters.licensingTerms !== 'all') {
    phrases.push(`Licensing terms: ${LICENSING_LABELS[filters.licensingTerms]}`);
  }
  return phrases;
}

/** Phrases joined as a sentence says them: "A", "A and B", "A, B and C". */
export function joinPhrases(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases.join('');
  return `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;
}
