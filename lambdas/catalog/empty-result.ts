/**
 * What an empty browse page offers instead of a dead end (docs/architecture.md, "Search"):
 * - "Did you mean": each word of the search that reaches no template is replaced by the closest
 *   indexed term (as a prefix, or with one typo more than a search allows), spelt as templates
 *   spell it; offered only when the corrected search, with the same filters, finds templates;
 * - the fewest filters to drop for the search to find templates again, and how many it finds;
 * - the most downloaded templates of the nearest category.
 *
 * Pure, over the in-memory catalog, and asked for only when a page's total is 0: a browse that
 * finds something costs nothing more. At most a dozen searches and bitmap ANDs, each remembered
 * like any search, so a click on "Did you mean" is answered from memory.
 */
import type { BrowseFilterKey, TemplateCategory } from '../../contract/catalog';
import { forEachRow, matchingRows, popcount, type BrowseFilters } from './browse';
import { recordAt, type CatalogRecord } from './catalog-columns';
import {
  emptyBitmap,
  hasBit,
  searchDocumentOf,
  setBit,
  type Bitmap,
  type CatalogIndex,
} from './catalog-index';
import { termsOfWord, typosAllowed, wordsOf } from './search-words';

/** The ways on from an empty page; each absent when there is none. */
export interface EmptyResultHelp {
  didYouMean?: { q: string; total: number };
  withoutFilters?: { total: number; removed: BrowseFilterKey[] };
  nearby?: { category: TemplateCategory; templates: CatalogRecord[] };
}

/** How many templates of the nearest category are offered. */
export const NEARBY_TEMPLATES = 4;
/** Spelling candidates per unmatched word, and corrected searches tried in all. */
const CANDIDATES_PER_WORD = 3;
/** Terms an unmatched word reaches that are weighed, by their spelling, for those candidates. */
const CANDIDATE_POOL = 40;
const CORRECTED_SEARCHES = 6;

/** Filters dropped together: a price range is one filter, whichever bounds it has. */
const FILTER_GROUPS: readonly (readonly BrowseFilterKey[])[] = [
  ['category'],
  ['tech_stack'],
  ['price'],
  ['min_price', 'max_price'],
  ['licensing_terms'],
];

const isSet = (filters: BrowseFilters, key: BrowseFilterKey): boolean =>
  key === 'tech_stack' ? filters.tech_stack.length > 0 : filters[key] !== undefined;

const without = (filters: BrowseFilters, keys: readonly BrowseFilterKey[]): BrowseFilters => {
  const kept: BrowseFilters = { ...filters };
  for (const key of keys) {
    if (key === 'tech_stack') kept.tech_stack = [];
    else delete kept[key];
  }
  return kept;
};

const countOf = (index: CatalogIndex, filters: BrowseFilters): number => {
  const { rows } = matchingRows(index, filters);
  return rows === null ? index.size : popcount(rows);
};

/** How many templates holding a term are read for its spelling. */
const SPELLING_ROWS_READ = 20;

/**
 * A word as templates spell it for the indexed `term` (`analytics` for the stem `analyt`,
 * `next.js` for `nextjs`): the first word indexed under it in the title, tagline, technologies or
 * category of the templates the term finds; the term itself when none has one (a word only in
 * descriptions, which the columns do not hold).
 */
const spellingOf = (index: CatalogIndex, term: string): string => {
  const { rows } = index.search.search(term);
  for (const row of rows.subarray(0, SPELLING_ROWS_READ)) {
    const document = searchDocumentOf(index.columns, row);
    const text = [document.title, document.tagline, ...document.tech, document.category].join(' ');
    const word = wordsOf(text).find((found) => termsOfWord(found).includes(term));
    if (word !== undefined) return word;
  }
  return term;
};

/**
 * How far an indexed term (a stem) is from what was typed: the fewest edits that turn the term
 * into some beginning of the typed word (its ending is what stemming takes off), so `land` is 1
 * from `lading` (`lad` + n) and `page` is 3.
 */
const distanceToTyped = (term: string, typed: string): number => {
  let previous = Array.from({ length: typed.length + 1 }, (_, j) => j);
  for (let i = 1; i <= term.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= typed.length; j += 1) {
      const substitution = previous[j - 1]! + (term[i - 1] === typed[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return Math.min(...previous);
};

/**
 * The candidates for the unmatched word `words[at]` among the `terms` it reaches: closest to what
 * was typed first (`lading` means `landing`, though its stem `lade` is as far from `land` as from
 * `page`), then in the index's order (fewer typos, more common); never a term another word of the
 * search already has (`lading page` is not `page page`).
 */
const likeliestTerms = (words: readonly string[], at: number, terms: readonly string[]) => {
  const typed = words[at]!.toLowerCase();
  const others = new Set(words.filter((_, j) => j !== at).flatMap((word) => termsOfWord(word)));
  return terms
    .map((term, order) => ({ term, order, distance: distanceToTyped(term, typed) }))
    .filter(({ term }) => !others.has(term))
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, CANDIDATES_PER_WORD)
    .map(({ term }) => term);
};

/**
 * The search with its unmatched words corrected, if it finds templates with the same filters.
 * A word is unmatched when it reaches no indexed term as the search reads it (a prefix only for
 * the last word). Its candidates are the terms it reaches with one more typo than a search allows
 * (none under 3 letters) or as a prefix, fewest typos first, then the most common; the first
 * choices are tried together, then each word's next ones, at most `CORRECTED_SEARCHES` searches.
 */
const correctedSearch = (
  index: CatalogIndex,
  filters: BrowseFilters,
): { q: string; total: number } | undefined => {
  if (filters.search === undefined) return undefined;
  const words = wordsOf(filters.search);
  const { search } = index;
  const candidates = new Map<number, string[]>();
  const reach = (word: string) => {
    const typos = word.length < 3 ? 0 : typosAllowed(word) + 1;
    return search.closestTerms(word, CANDIDATE_POOL, { typos });
  };
  words.forEach((word, i) => {
    if (search.closestTerms(word, 1, { prefix: i === words.length - 1 }).length > 0) return;
    candidates.set(i, likeliestTerms(words, i, reach(word)));
  });
  // Every word reaches a term but not together (`lading page`: `lading` reaches `made` with a
  // typo): each word may be the misspelt one, its own term first among its candidates.
  if (candidates.size === 0 && words.length > 1) {
    words.forEach((word, i) => candidates.set(i, likeliestTerms(words, i, reach(word))));
  }
  const positions = [...candidates.keys()];
  if (positions.length === 0 || positions.some((i) => candidates.get(i)!.length === 0)) {
    return undefined;
  }
  // Each choice picks one candidate per unmatched word: all the best ones, then one word's next.
  const choices: number[][] = [positions.map(() => 0)];
  positions.forEach((position, k) => {
    for (let alternative = 1; alternative < candidates.get(position)!.length; alternative += 1) {
      choices.push(positions.map((_, j) => (j === k ? alternative : 0)));
    }
  });
  for (const choice of choices.slice(0, CORRECTED_SEARCHES)) {
    // A word kept (its own term chosen) stays as typed; a corrected one is spelt as templates do.
    const spelt = (position: number, term: string) =>
      termsOfWord(words[position]!).includes(term) ? words[position]! : spellingOf(index, term);
    const corrected = new Map(
      positions.map((position, k) => [
        position,
        spelt(position, candidates.get(position)![choice[k]!]!),
      ]),
    );
    const q = words.map((word, i) => corrected.get(i) ?? word).join(' ');
    const total = countOf(index, { ...filters, search: q });
    if (total > 0) return { q, total };
  }
  return undefined;
};

/**
 * The fewest filters whose removal brings results back (of as many, the one bringing the most),
 * with the count: every subset of the filters set, smallest first (five filters: 31 at most).
 */
const fewestFiltersToDrop = (
  index: CatalogIndex,
  filters: BrowseFilters,
): { total: number; removed: BrowseFilterKey[] } | undefined => {
  const groups = FILTER_GROUPS.map((group) => group.filter((key) => isSet(filters, key))).filter(
    (group) => group.length > 0,
  );
  const subsets = Array.from({ length: (1 << groups.length) - 1 }, (_, i) => i + 1);
  const sizeOf = (mask: number) => groups.filter((_, g) => mask & (1 << g)).length;
  subsets.sort((a, b) => sizeOf(a) - sizeOf(b) || a - b);
  let best: { total: number; removed: BrowseFilterKey[]; size: number } | undefined;
  for (const mask of subsets) {
    if (best !== undefined && sizeOf(mask) > best.size) break;
    const removed = groups.filter((_, g) => mask & (1 << g)).flat();
    const total = countOf(index, without(filters, removed));
    if (total > (best?.total ?? 0)) best = { total, removed, size: sizeOf(mask) };
  }
  return best && { total: best.total, removed: best.removed };
};

/**
 * The category most rows of `rows` are in (null: every row; of as many, the first in the category
 * table): counted straight off the bitmap, with no list of rows.
 */
const mostCommonCategory = (index: CatalogIndex, rows: Bitmap | null): string | undefined => {
  const { category, strings } = index.columns;
  const counts = new Uint32Array(strings.length);
  if (rows === null) {
    for (let row = 0; row < index.size; row += 1) counts[category[row]!]! += 1;
  } else {
    forEachRow(rows, (row) => (counts[category[row]!]! += 1));
  }
  let best = -1;
  for (let code = 0; code < counts.length; code += 1) {
    if (counts[code]! > 0 && (best === -1 || counts[code]! > counts[best]!)) best = code;
  }
  return best === -1 ? undefined : strings[best];
};

/**
 * The category nearest to what was asked: the one filtered on; else the most common among the
 * search text's own matches (no filter), the corrected search's, or those of any one of its words;
 * without text, among the matches once the fewest filters are dropped.
 */
const nearestCategory = (
  index: CatalogIndex,
  filters: BrowseFilters,
  corrected: string | undefined,
  relaxed: readonly BrowseFilterKey[] | undefined,
): string | undefined => {
  if (filters.category !== undefined) return filters.category;
  if (filters.search === undefined) {
    if (relaxed === undefined) return undefined;
    return mostCommonCategory(index, matchingRows(index, without(filters, relaxed)).rows);
  }
  for (const text of [filters.search, corrected]) {
    if (text === undefined) continue;
    const found = mostCommonCategory(index, index.rowsMatching(text).rows);
    if (found !== undefined) return found;
  }
  const anyWord = emptyBitmap(index.size);
  for (const word of wordsOf(filters.search)) {
    for (const row of index.search.search(word).rows) setBit(anyWord, row);
  }
  return mostCommonCategory(index, anyWord);
};

/** The most downloaded templates of `category`. */
const mostDownloaded = (index: CatalogIndex, category: string): CatalogRecord[] => {
  const inCategory = index.rowsWith(index.byCategory, category);
  const found: CatalogRecord[] = [];
  for (const row of index.orders.download_count) {
    if (found.length === NEARBY_TEMPLATES) break;
    if (hasBit(inCategory, row)) found.push(recordAt(index.columns, row));
  }
  return found;
};

/** The ways on from a browse whose filters and search text match no template. */
export const suggestForEmptyResult = (
  index: CatalogIndex,
  filters: BrowseFilters,
): EmptyResultHelp => {
  const didYouMean = correctedSearch(index, filters);
  const withoutFilters = fewestFiltersToDrop(index, filters);
  const category = nearestCategory(index, filters, didYouMean?.q, withoutFilters?.removed);
  const templates = category === undefined ? [] : mostDownloaded(index, category);
  return {
    ...(didYouMean && { didYouMean }),
    ...(withoutFilters && { withoutFilters }),
    ...(category !== undefined &&
      templates.length > 0 && {
        nearby: { category: category as TemplateCategory, templates },
      }),
  };
};
