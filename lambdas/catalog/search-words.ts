/**
 * How search reads text (docs/architecture.md, "Search"): words of letters and digits, joined by
 * `.`, `-` or `'` (the joined form one term and each part another); a technology's other names its
 * one term (contract/catalog.ts, TECH_SEARCH_SYNONYMS); English stems (Porter's, `stemmer`);
 * common little words dropped; typos allowed by a word's length. Templates are indexed and
 * searches read by the same functions (catalog-search.ts), and search aids mark the same words.
 */
import { stemmer } from 'stemmer';
import { TECH_SEARCH_SYNONYMS, TEMPLATE_TECH_STACKS } from '../../contract/catalog';
import { SEARCH_WORD } from '../../contract/search-aids';

/** Words too common to tell templates apart; dropped from templates and searches alike. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'into',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'our',
  'that',
  'the',
  'this',
  'to',
  'with',
  'you',
  'your',
]);

/** Words as the browse page marks them too (contract/search-aids.ts). */
const WORD = SEARCH_WORD;
const JOINERS = /['.-]/g;
/** Whether a word is joined by punctuation (not global: `test` keeps no state). */
const JOINED = /['.-]/;

/** A name's compact form: lowercase, no punctuation or spaces (`Next.js` → `nextjs`). */
export const compact = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Every word a technology is typed as, mapped to its one term. */
const TECH_TERMS: ReadonlyMap<string, string> = new Map(
  TEMPLATE_TECH_STACKS.flatMap((tech) => {
    const term = compact(tech);
    const synonyms = TECH_SEARCH_SYNONYMS[tech] ?? [];
    return [term, tech.toLowerCase(), ...synonyms, ...synonyms.map(compact)].map(
      (word) => [word, term] as const,
    );
  }),
);

/** The words of a text, lowercased, in order (punctuation-joined words kept whole). */
export const wordsOf = (text: string): string[] =>
  (text.toLowerCase().match(WORD) ?? []).filter((word) => !STOP_WORDS.has(word));

/** The term a whole word is found under: a technology's term, or the word's stem. */
export const termOf = (word: string): string => {
  const tech = TECH_TERMS.get(word);
  if (tech !== undefined) return tech;
  return JOINED.test(word) ? word.replace(JOINERS, '') : stemmer(word);
};

/**
 * The terms one word of a template (lowercased, as `wordsOf` gives it) is indexed under
 * (remembered: words repeat a lot).
 */
const indexedTerms = new Map<string, readonly string[]>();
export const termsOfWord = (word: string): readonly string[] => {
  let terms = indexedTerms.get(word);
  if (terms === undefined) {
    const term = termOf(word);
    if (TECH_TERMS.has(word) || !JOINED.test(word)) {
      terms = [term];
    } else {
      const parts = word.split(JOINERS).filter((part) => part.length > 1 && !STOP_WORDS.has(part));
      terms = [...new Set([term, ...parts.map(termOf)])];
    }
    if (indexedTerms.size < 200_000) indexedTerms.set(word, terms);
  }
  return terms;
};

/** Typos allowed in a word of this length: none under 4 letters, 1 up to 7, 2 above. */
export const typosAllowed = (word: string): number =>
  word.length < 4 ? 0 : word.length <= 7 ? 1 : 2;

/** A title as a search of it reads: its words, lowercased, single-spaced. */
export const normalisedText = (text: string): string => wordsOf(text).join(' ');
