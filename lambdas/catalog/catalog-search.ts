/**
 * The catalog's full-text search: an inverted index over every approved template's title,
 * tagline, description, technologies, category and seller name, held in the catalog function's
 * memory beside the columns (docs/architecture.md, "Search").
 *
 * Two parts, each where it is cheapest (the bench in docs/performance.md, "Which library", says
 * why):
 * - the vocabulary (every distinct term) is MiniSearch's radix tree (`minisearch/SearchableMap`),
 *   which finds the terms a word reaches as a prefix or within a number of typos;
 * - the postings are typed arrays, like the catalog's columns: for each term, the rows holding it
 *   (ascending) and a byte of the fields it is in. At 100,000 templates that is a few million
 *   entries of 5 bytes, where a full MiniSearch, Orama or FlexSearch index of the same text takes
 *   several times the memory and seconds to build.
 *
 * How a search reads what was typed:
 * - words are letters and digits, joined by `.`, `-` or `'` (`next.js`, `e-commerce`): the joined
 *   form is one term and each part another;
 * - a technology's other names are its one term (contract/catalog.ts, TECH_SEARCH_SYNONYMS);
 * - English stemming (`dashboards` is `dashboard`); common little words are dropped;
 * - every word must match, in any order; the last word also matches as a prefix (typing);
 * - typos by word length: none under 4 letters, 1 up to 7, 2 above;
 * - a match scores its fields' weights (title first) times the term's rarity, less for a prefix
 *   or a typo; the caller puts an exact title first and breaks ties.
 *
 * Rows are the catalog's row numbers. A change of the catalog makes a new index from the old one
 * (`withChanges`): the kept rows' postings renumbered in one pass, the changed templates' terms
 * added, the vocabulary shared and only grown. The snapshot carries the postings (`encoded`,
 * `CatalogSearch.decode`), so a new container reads them instead of tokenising the catalog.
 */
import SearchableMap from 'minisearch/SearchableMap';
import {
  COMPACT_AFTER,
  liveRowCount,
  mergedPostings,
  overlayAfter,
  rowCountIn,
  type AddedDocument,
  type Overlay,
} from './search-changes';
import {
  lookUpPass,
  scanPass,
  type Postings,
  type Scratch,
  type SearchedPostings,
  type WordReach,
} from './search-passes';
import { compact, termOf, termsOfWord, typosAllowed, wordsOf } from './search-words';

export { normalisedText, termsOfWord, typosAllowed, wordsOf } from './search-words';

/** What the index reads of one template. */
export interface SearchDocument {
  title: string;
  tagline: string;
  description: string;
  tech: readonly string[];
  category: string;
  seller: string;
}

/** A prefix or a typo scores less than the word itself. */
const PREFIX_WEIGHT = 0.6;
const TYPO_WEIGHT = 0.45;

/** A binary search costs about this many steps of a scan: the cheaper of the two is used. */
const LOOKUP_COST = 16;

/** The last word is a prefix only from this length: one letter reaches most of the vocabulary. */
const PREFIX_MIN_LENGTH = 2;

/**
 * How many distinct words of a description are indexed: its opening says what the template is,
 * and the cap bounds the index's memory (docs/architecture.md, "Search").
 */
export const DESCRIPTION_WORDS_INDEXED = 60;

/** Each term of a template with the bits of the fields it is in. */
const termsOfDocument = (document: SearchDocument): Map<string, number> => {
  const terms = new Map<string, number>();
  const add = (text: string, bit: number, limit = Number.POSITIVE_INFINITY) => {
    const seen = new Set<string>();
    for (const word of wordsOf(text)) {
      if (!seen.has(word)) {
        if (seen.size === limit) break;
        seen.add(word);
      }
      for (const term of termsOfWord(word)) terms.set(term, (terms.get(term) ?? 0) | bit);
    }
  };
  add(document.title, 1);
  add(document.tagline, 2);
  add(document.description, 4, DESCRIPTION_WORDS_INDEXED);
  for (const tech of document.tech) add(tech, 8);
  add(document.category, 16);
  add(document.seller, 32);
  return terms;
};

/** A growable typed array: the postings of a build, before they are grouped by term. */
class Growable<T extends Uint32Array | Uint8Array> {
  length = 0;
  constructor(
    private array: T,
    private readonly make: (size: number) => T,
  ) {}
  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = this.make(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }
  get(i: number): number {
    return this.array[i]!;
  }
}

/** The vocabulary: each term's number, and the terms by number (shared by an index's successors). */
interface Vocabulary {
  numbers: SearchableMap<number>;
  terms: string[];
}

const numberOf = (vocabulary: Vocabulary, term: string): number => {
  let number = vocabulary.numbers.get(term);
  if (number === undefined) {
    number = vocabulary.terms.push(term) - 1;
    vocabulary.numbers.set(term, number);
  }
  return number;
};

/** The postings of `documents`, row i being the i-th. */
const postingsOf = (vocabulary: Vocabulary, documents: Iterable<SearchDocument>): Postings => {
  const terms = new Growable(new Uint32Array(1024), (n) => new Uint32Array(n));
  const rows = new Growable(new Uint32Array(1024), (n) => new Uint32Array(n));
  const fields = new Growable(new Uint8Array(1024), (n) => new Uint8Array(n));
  let row = 0;
  for (const document of documents) {
    for (const [term, bits] of termsOfDocument(document)) {
      terms.push(numberOf(vocabulary, term));
      rows.push(row);
      fields.push(bits);
    }
    row += 1;
  }
  const termCount = vocabulary.terms.length;
  const start = new Uint32Array(termCount + 1);
  for (let i = 0; i < terms.length; i += 1) start[terms.get(i) + 1]! += 1;
  for (let t = 0; t < termCount; t += 1) start[t + 1]! += start[t]!;
  const merged: Postings = {
    start,
    rows: new Uint32Array(terms.length),
    fields: new Uint8Array(terms.length),
  };
  const at = start.slice(0, termCount);
  // In the order pushed: ascending rows within each term.
  for (let i = 0; i < terms.length; i += 1) {
    const t = terms.get(i);
    merged.rows[at[t]!] = rows.get(i);
    merged.fields[at[t]!] = fields.get(i);
    at[t]! += 1;
  }
  return merged;
};

/** The search index as the snapshot stores it (see `CatalogSearch.encoded`). */
export interface StoredSearch {
  terms: readonly string[];
  counts: Uint32Array;
  gaps: Uint32Array;
  fields: Uint8Array;
}

/** The rows of one search with their scores, in the order found (not yet ranked). */
export interface SearchHits {
  rows: Uint32Array;
  scores: Float64Array;
}

export class CatalogSearch {
  private scratch: Scratch | null = null;
  /** Each term's live row count, once a search needed it (with an overlay only). */
  private readonly liveCounts = new Map<number, number>();

  private constructor(
    private readonly vocabulary: Vocabulary,
    /** The postings the index started from: rows `0 … baseRows - 1`. */
    private readonly postings: Postings,
    private readonly baseRows: number,
    /** How many rows the index covers (the catalog's size). */
    readonly size: number,
    /** The changes since those postings (search-changes.ts); null: none. */
    private readonly overlay: Overlay | null = null,
  ) {}

  /** An index of `documents`, row i being the i-th. */
  static build(documents: readonly SearchDocument[]): CatalogSearch {
    const vocabulary: Vocabulary = { numbers: new SearchableMap<number>(), terms: [] };
    const postings = postingsOf(vocabulary, documents);
    return new CatalogSearch(vocabulary, postings, documents.length, documents.length);
  }

  /**
   * The index of the catalog after a change: row r is now `newRow[r]` (-1: gone), the kept rows
   * numbered `0 … kept - 1` in their old order, then `added` as rows `kept` onwards. The postings
   * are shared, the change kept beside them (search-changes.ts); past COMPACT_AFTER changed
   * templates they are rewritten once.
   */
  withChanges(newRow: Int32Array, kept: number, added: readonly SearchDocument[]): CatalogSearch {
    const documents = added.map((document): AddedDocument => {
      const terms = termsOfDocument(document);
      return {
        terms: Uint32Array.from(terms.keys(), (term) => numberOf(this.vocabulary, term)),
        fields: Uint8Array.from(terms.values()),
      };
    });
    const termCount = this.vocabulary.terms.length;
    const base = { size: this.baseRows };
    const overlay = overlayAfter(base, this.overlay, newRow, documents, termCount);
    const size = kept + added.length;
    if (this.baseRows - overlay.gone.length + overlay.added.length !== size) {
      throw new RangeError('search rows after a change');
    }
    if (overlay.gone.length + overlay.added.length > COMPACT_AFTER) {
      const merged = mergedPostings(this.postings, overlay, termCount);
      return new CatalogSearch(this.vocabulary, merged, size, size);
    }
    return new CatalogSearch(this.vocabulary, this.postings, this.baseRows, size, overlay);
  }

  /** How many live rows hold `term` (its rarity). */
  private rowCount(term: number): number {
    if (this.overlay === null) return rowCountIn(this.postings, term);
    let count = this.liveCounts.get(term);
    if (count === undefined) {
      count = liveRowCount(this.postings, this.overlay, term);
      this.liveCounts.set(term, count);
    }
    return count;
  }

  /**
   * The terms `word` reaches, each with how well (1 for the word itself), within `typos` typos
   * (by default what a search allows for its length).
   */
  private expand(
    word: string,
    last: boolean,
    typos: number = typosAllowed(word),
  ): Map<number, number> {
    const reached = new Map<number, number>();
    const reach = (term: string, quality: number) => {
      const number = this.vocabulary.numbers.get(term);
      if (number === undefined) return;
      if ((reached.get(number) ?? 0) < quality) reached.set(number, quality);
    };
    const term = termOf(word);
    reach(term, 1);
    if (typos > 0) {
      for (const [found, [, distance]] of this.vocabulary.numbers.fuzzyGet(term, typos)) {
        if (distance > 0) reach(found, (TYPO_WEIGHT * found.length) / (found.length + distance));
      }
    }
    if (last && word.length >= PREFIX_MIN_LENGTH) {
      // While typing, the word may be a prefix of a longer word whose stem is not its own stem.
      for (const form of new Set([term, compact(word)])) {
        for (const [found] of this.vocabulary.numbers.atPrefix(form)) {
          const extra = found.length - form.length;
          if (extra > 0)
            reach(found, (PREFIX_WEIGHT * found.length) / (found.length + 0.3 * extra));
        }
      }
    }
    return reached;
  }

  /**
   * Each word's terms that have rows, with their weights (how well the word reaches the term times
   * its rarity) and the rows they reach in all, the word reaching the fewest rows first: it sets
   * the candidates, which the other words then only need to be looked up for (AND and a sum: the
   * order is free).
   */
  private wordReaches(words: readonly string[]): WordReach[] {
    const base = this.postings;
    const added = this.overlay?.postings ?? null;
    const rangeOf = (postings: Postings | null, term: number): [number, number] =>
      postings !== null && term < postings.start.length - 1
        ? [postings.start[term]!, postings.start[term + 1]!]
        : [0, 0];
    return words
      .map((word, w) => {
        const expanded = this.expand(word, w === words.length - 1);
        const reach: WordReach = {
          weights: [],
          baseFrom: [],
          baseTo: [],
          addedFrom: [],
          addedTo: [],
          rows: 0,
          reached: expanded.size,
        };
        for (const [term, quality] of expanded) {
          const size = this.rowCount(term);
          if (size === 0) continue;
          const [baseFrom, baseTo] = rangeOf(base, term);
          const [addedFrom, addedTo] = rangeOf(added, term);
          reach.weights.push(quality * Math.log(1 + this.size / size));
          reach.baseFrom.push(baseFrom);
          reach.baseTo.push(baseTo);
          reach.addedFrom.push(addedFrom);
          reach.addedTo.push(addedTo);
          reach.rows += size;
        }
        return reach;
      })
      .sort((a, b) => a.rows - b.rows);
  }

  /**
   * The rows matching every word of `text` with their scores, in the order found (the caller
   * ranks them; none for no words).
   */
  search(text: string): SearchHits {
    const words = wordsOf(text);
    const n = this.size;
    if (words.length === 0 || n === 0)
      return { rows: new Uint32Array(0), scores: new Float64Array(0) };
    const reached = this.wordReaches(words);
    const searched: SearchedPostings = {
      base: this.postings,
      added: this.overlay?.postings ?? null,
      baseRows: this.baseRows,
      toRow: this.overlay?.toRow ?? null,
    };
    // Scratch arrays of one entry an index row, kept between searches and cleared after each
    // (only the rows touched): a search allocating them anew left megabytes of garbage per request.
    const indexRows = this.baseRows + (this.overlay?.added.length ?? 0);
    const scratch = (this.scratch ??= {
      total: new Float64Array(indexRows),
      best: new Float64Array(indexRows),
      matched: new Uint8Array(indexRows),
      first: new Uint32Array(indexRows),
      lists: [new Uint32Array(indexRows), new Uint32Array(indexRows)],
    });
    // The rows matching every word so far: the first word's (every row a search touches, cleared
    // at the end), then alternately one list and the other.
    let touched = scratch.first;
    let count = 0;
    let touchedAtAll = 0;
    for (let w = 0; w < reached.length; w += 1) {
      const word = reached[w]!;
      const next = w === 0 ? scratch.first : scratch.lists[w & 1]!;
      count =
        w > 0 && count * word.reached * LOOKUP_COST < word.rows
          ? lookUpPass(searched, word, scratch, w, touched, count, next)
          : scanPass(searched, word, scratch, w, next);
      if (w === 0) touchedAtAll = count;
      touched = next;
      if (count === 0) break;
    }
    const { total, matched } = scratch;
    // Index rows as the catalog's rows (the same order: search-changes.ts).
    const { toRow } = searched;
    const hits = new Uint32Array(count);
    const scores = new Float64Array(count);
    for (let i = 0; i < count; i += 1) {
      const row = touched[i]!;
      hits[i] = toRow === null ? row : toRow[row]!;
      scores[i] = total[row]!;
    }
    for (let i = 0; i < touchedAtAll; i += 1) {
      const row = scratch.first[i]!;
      total[row] = 0;
      matched[row] = 0;
    }
    return { rows: hits, scores };
  }

  /**
   * The indexed terms each word of `text` reaches, as its search reads it (the last word also as a
   * prefix): what the words it matched in a text and its completions are found by.
   */
  termsReached(text: string): Set<string>[] {
    const words = wordsOf(text);
    return words.map(
      (word, w) =>
        new Set(
          Array.from(
            this.expand(word, w === words.length - 1).keys(),
            (term) => this.vocabulary.terms[term]!,
          ),
        ),
    );
  }

  /**
   * Indexed terms that `word` reaches as a prefix or with a few typos, the most common first:
   * what suggestions and "Did you mean" are made from. `prefix: false` reads the word as a search
   * reads a word before the last; `typos` allows more typos than a search does (a spelling
   * suggestion for a word a search found nothing for).
   */
  closestTerms(
    word: string,
    limit = 6,
    { prefix = true, typos }: { prefix?: boolean; typos?: number } = {},
  ): string[] {
    const rowsOf = (term: number) => this.rowCount(term);
    const lower = word.toLowerCase();
    return [...this.expand(lower, prefix, typos ?? typosAllowed(lower))]
      .filter(([term]) => rowsOf(term) > 0)
      .sort(([a, qa], [b, qb]) => qb - qa || rowsOf(b) - rowsOf(a))
      .slice(0, limit)
      .map(([term]) => this.vocabulary.terms[term]!);
  }

  /**
   * The index as the snapshot stores it: the terms, each term's row count, the rows as gaps from
   * the term's previous row (small numbers, which gzip packs far better than the rows) and fields.
   */
  get encoded(): StoredSearch {
    const { start, rows, fields } =
      this.overlay === null
        ? this.postings
        : mergedPostings(this.postings, this.overlay, this.vocabulary.terms.length);
    const counts = new Uint32Array(start.length - 1);
    const gaps = new Uint32Array(rows.length);
    for (let t = 0; t < counts.length; t += 1) {
      counts[t] = start[t + 1]! - start[t]!;
      let previous = 0;
      for (let p = start[t]!; p < start[t + 1]!; p += 1) {
        gaps[p] = rows[p]! - previous;
        previous = rows[p]!;
      }
    }
    return { terms: this.vocabulary.terms.slice(0, counts.length), counts, gaps, fields };
  }

  /** An index read back from its stored form (`encoded`), over `size` rows. */
  static decode(stored: StoredSearch, size: number): CatalogSearch {
    const vocabulary: Vocabulary = {
      numbers: new SearchableMap<number>(),
      terms: [...stored.terms],
    };
    vocabulary.terms.forEach((term, number) => vocabulary.numbers.set(term, number));
    const { counts, gaps, fields } = stored;
    const start = new Uint32Array(counts.length + 1);
    for (let t = 0; t < counts.length; t += 1) start[t + 1] = start[t]! + counts[t]!;
    if (start[counts.length] !== gaps.length || gaps.length !== fields.length) {
      throw new RangeError('search postings');
    }
    // The gaps become the rows in place: the stored array is this index's own copy.
    const rows = gaps;
    for (let t = 0; t < counts.length; t += 1) {
      let row = 0;
      for (let p = start[t]!; p < start[t + 1]!; p += 1) {
        row += gaps[p]!;
        if (row >= size) throw new RangeError('search row');
        rows[p] = row;
      }
    }
    return new CatalogSearch(vocabulary, { start, rows, fields }, size, size);
  }
}
