/**
 * What browse returns beside the results of a search, for the search box and the cards: the
 * completions offered as people type and the words that matched. Shared by the catalog function
 * (which makes them from its search index, docs/architecture.md, "Search") and the browse page.
 * Imports nothing, so the page reads it without zod.
 */

/** At most this many completions are offered for a search text. */
export const SUGGESTION_LIMIT = 6;

/** What a completion is: a template's title, a technology or a category. */
export const SUGGESTION_KINDS = ['title', 'technology', 'category'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** How the search box names each kind beside a completion. */
export const SUGGESTION_KIND_LABELS: Record<SuggestionKind, string> = {
  title: 'Template',
  technology: 'Technology',
  category: 'Category',
};

/** One completion of what was typed. */
export interface SearchSuggestion {
  kind: SuggestionKind;
  /** What is shown: the title, technology or category as the catalog spells it. */
  text: string;
  /**
   * The search text picking it searches for: a title itself; for a technology or category, what
   * was typed with its last word completed to the name (`stripe nex` → `stripe Next.js`).
   */
  search: string;
}

/** Browse's answer to a search text, beside its page of results. */
export interface SearchAids {
  /**
   * Up to SUGGESTION_LIMIT completions, each reaching at least one of the matching templates
   * (filters included); on the first page only, empty when nothing matched.
   */
  suggestions?: SearchSuggestion[];
  /**
   * The words of this page's titles and taglines that the search matched, lowercased, as
   * SEARCH_WORD splits a text: the cards mark them.
   */
  matchedWords: string[];
}

/**
 * A word as search reads text: letters and digits, joined by `.`, `-` or `'` (`next.js`,
 * `e-commerce`). Global: use it with `match`, `matchAll` or `replace`, which start afresh.
 */
export const SEARCH_WORD = /[\p{L}\p{N}]+(?:['.-][\p{L}\p{N}]+)*/gu;
