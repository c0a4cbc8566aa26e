/**
 * What browse returns beside a search's results (contract/search-aids.ts): completions of what was
 * typed, and the words of the page's cards that the search matched. Both come from the search
 * index, read the way the search itself reads the text (catalog-search.ts), so a completion always
 * leads to templates and a marked word is one that really matched.
 *
 * Completions are made from the best matching templates (the filters included), never from the
 * whole vocabulary: the titles among them that contain what the last word reaches, and the
 * technologies and categories of theirs that it reaches (`nex` → Next.js, `dashbo` → Dashboard).
 * Reading a few hundred rows of the columns costs well under a millisecond at any catalog size.
 */
import {
  SEARCH_WORD,
  SUGGESTION_LIMIT,
  type SearchAids,
  type SearchSuggestion,
  type SuggestionKind,
} from '../../contract/search-aids';
import type { CatalogRecord } from './catalog-columns';
import { hasBit, type Bitmap, type CatalogIndex } from './catalog-index';
import type { CatalogSearch } from './catalog-search';
import type { SearchRanking } from './search-ranking';
import { normalisedText, termsOfWord, wordsOf } from './search-words';

/** How many of the best matches completions are looked for in. */
const MATCHES_READ = 200;

/** At most this many technologies and categories come before the titles. */
const NAMES_FIRST = 3;

/** How many texts' reached terms each index remembers (as many as searches it remembers). */
const REACHED_CACHE_SIZE = 64;

/**
 * Per index, the terms each word of a text reaches (most recently used last): a short prefix
 * reaches thousands of terms, and the same text is asked for page after page.
 */
const reachedCache = new WeakMap<CatalogSearch, Map<string, Set<string>[]>>();

const termsReached = (search: CatalogSearch, text: string): Set<string>[] => {
  const key = text.trim().toLowerCase();
  let cache = reachedCache.get(search);
  if (!cache) reachedCache.set(search, (cache = new Map()));
  let reached = cache.get(key);
  if (reached) cache.delete(key);
  else reached = search.termsReached(key);
  cache.set(key, reached);
  if (cache.size > REACHED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return reached;
};

/** Whether a word (lowercased, as `wordsOf` gives it) is indexed under a term one of `sets` holds. */
const isReached = (word: string, sets: readonly Set<string>[]): boolean =>
  termsOfWord(word).some((term) => sets.some((set) => set.has(term)));

/** The distinct words of `texts` that the search reached. */
const matchedWordsOf = (texts: readonly string[], reached: readonly Set<string>[]): string[] => {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of wordsOf(text))
      if (!words.has(word) && isReached(word, reached)) words.add(word);
  }
  return [...words];
};

/**
 * `typed` with its last searched word (stop words are not searched) replaced by `name`: what
 * picking a technology or category completion searches for.
 */
const completedText = (typed: string, name: string): string => {
  let last: RegExpExecArray | null = null;
  for (const match of typed.matchAll(SEARCH_WORD)) if (wordsOf(match[0]).length > 0) last = match;
  if (last === null) return name;
  return `${typed.slice(0, last.index)}${name}`.replace(/\s+/g, ' ').trim();
};

interface NameCandidate {
  kind: Exclude<SuggestionKind, 'title'>;
  text: string;
  /** How many of the matches read have it. */
  count: number;
}

/**
 * Up to SUGGESTION_LIMIT completions of `typed`: technologies and categories of the best matches
 * that its last word reaches (the most frequent first, at most NAMES_FIRST before the titles),
 * then the titles of the best matches that contain it, in the ranking's order.
 */
const suggestionsOf = (
  index: CatalogIndex,
  typed: string,
  last: Set<string>,
  rows: Bitmap | null,
  ranked: SearchRanking,
): SearchSuggestion[] => {
  const { columns } = index;
  const reachedNames = new Map<string, boolean>();
  const reaches = (name: string): boolean => {
    let found = reachedNames.get(name);
    if (found === undefined) {
      found = wordsOf(name).some((word) => isReached(word, [last]));
      reachedNames.set(name, found);
    }
    return found;
  };
  const names = new Map<string, NameCandidate>();
  const count = (kind: NameCandidate['kind'], text: string) => {
    if (!reaches(text)) return;
    const candidate = names.get(`${kind}:${text}`);
    if (candidate) candidate.count += 1;
    else names.set(`${kind}:${text}`, { kind, text, count: 1 });
  };
  const titles: string[] = [];
  let read = 0;
  ranked.forEach((row) => {
    if (rows !== null && !hasBit(rows, row)) return true;
    read += 1;
    const title = columns.title.at(row)!;
    if (titles.length < SUGGESTION_LIMIT && !titles.includes(title) && reaches(title)) {
      titles.push(title);
    }
    for (let t = columns.techStart[row]!; t < columns.techStart[row + 1]!; t += 1) {
      count('technology', columns.strings[columns.tech[t]!]!);
    }
    count('category', columns.strings[columns.category[row]!]!);
    return read < MATCHES_READ;
  });
  const typedText = normalisedText(typed);
  const fresh = (suggestion: SearchSuggestion) => normalisedText(suggestion.search) !== typedText;
  const named = [...names.values()]
    .sort((a, b) => b.count - a.count)
    .map(({ kind, text }) => ({ kind, text, search: completedText(typed, text) }))
    .filter(fresh);
  const titled = titles
    .map((title): SearchSuggestion => ({ kind: 'title', text: title, search: title }))
    .filter(fresh);
  const first = named.slice(0, Math.max(NAMES_FIRST, SUGGESTION_LIMIT - titled.length));
  return [...first, ...titled, ...named.slice(first.length)].slice(0, SUGGESTION_LIMIT);
};

/**
 * The search aids of a browse answer with search text `typed`: the page's matched words, and on
 * the first page the completions. `rows` are the matches with the filters (null: every row),
 * `ranked` the search's matches best first.
 */
export const searchAidsOf = (
  index: CatalogIndex,
  typed: string,
  page: number,
  rows: Bitmap | null,
  ranked: SearchRanking | null,
  items: readonly CatalogRecord[],
): SearchAids => {
  const reached = termsReached(index.search, typed);
  const last = reached.at(-1);
  return {
    matchedWords: matchedWordsOf(
      items.flatMap((item) => [item.title, item.tagline]),
      reached,
    ),
    ...(page === 0 && {
      suggestions:
        last === undefined || ranked === null
          ? []
          : suggestionsOf(index, typed, last, rows, ranked),
    }),
  };
};
