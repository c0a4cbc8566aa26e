/**
 * The two ways a search reads one word's postings (catalog-search.ts): scanning its terms' rows,
 * or, when few rows matched the words before it, looking each of those up by binary search.
 * Both score a row by its best term: the term's weight times the weights of the fields it is in
 * (title first), and add that to the row's total.
 */

/** The fields, by their bit in a posting's field byte. */
const FIELDS = ['title', 'tagline', 'description', 'tech', 'category', 'seller'] as const;

/** Field weights: a word of the title counts most, a passing mention in the description least. */
const FIELD_WEIGHTS: Record<(typeof FIELDS)[number], number> = {
  title: 6,
  tech: 3,
  category: 3,
  tagline: 2,
  seller: 1.5,
  description: 1,
};

/** The score of a field byte: the weights of its fields added up. */
const FIELD_SCORES = Float64Array.from({ length: 1 << FIELDS.length }, (_, mask) =>
  FIELDS.reduce((sum, field, bit) => sum + (mask & (1 << bit) ? FIELD_WEIGHTS[field] : 0), 0),
);

/** The postings of an index: term t's rows are `rows[start[t]]` up to `rows[start[t + 1]]`. */
export interface Postings {
  start: Uint32Array;
  rows: Uint32Array;
  fields: Uint8Array;
}

/**
 * One word of a search: the terms it reaches that have rows, their weights, and where their rows
 * are: `[baseFrom, baseTo)` of the base postings and `[addedFrom, addedTo)` of the overlay's
 * (search-changes.ts; empty without one).
 */
export interface WordReach {
  weights: number[];
  baseFrom: number[];
  baseTo: number[];
  addedFrom: number[];
  addedTo: number[];
  /** The rows of its terms, added up. */
  rows: number;
  /** How many terms it reached (with rows or not). */
  reached: number;
}

/**
 * A search's arrays of one entry an index row: each matching row's total so far, its best score
 * for the current word, and how many words it matched; then lists of rows.
 */
export interface Scratch {
  total: Float64Array;
  best: Float64Array;
  matched: Uint8Array;
  first: Uint32Array;
  lists: [Uint32Array, Uint32Array];
}

/** The postings a search reads: the base, and the overlay's added rows (none: empty). */
export interface SearchedPostings {
  base: Postings;
  added: Postings | null;
  /** Base rows numbered below this, added rows from it. */
  baseRows: number;
  /** Each index row's catalog row, -1 for a gone base row (null: none gone, none added). */
  toRow: Int32Array | null;
}

/** Where `row` is in `rows[from, to)` (ascending), or -1. */
const positionOf = (rows: Uint32Array, from: number, to: number, row: number): number => {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rows[middle]! < row) low = middle + 1;
    else high = middle;
  }
  return low < to && rows[low] === row ? low : -1;
};

/**
 * Word `w` of a search (`w > 0`) with few candidates: each of the `count` rows of `touched` found
 * in the word's terms (ascending rows) by binary search. Writes the rows it matches to `next`
 * and returns how many.
 */
export const lookUpPass = (
  { base, added, baseRows }: SearchedPostings,
  word: WordReach,
  { total, matched }: Scratch,
  w: number,
  touched: Uint32Array,
  count: number,
  next: Uint32Array,
): number => {
  const { weights } = word;
  let found = 0;
  for (let i = 0; i < count; i += 1) {
    const row = touched[i]!;
    // A row is a base row or an added one: looked for in that part only.
    const inBase = row < baseRows;
    const { rows, fields } = inBase ? base : added!;
    const from = inBase ? word.baseFrom : word.addedFrom;
    const to = inBase ? word.baseTo : word.addedTo;
    let score = 0;
    for (let k = 0; k < weights.length; k += 1) {
      const p = positionOf(rows, from[k]!, to[k]!, row);
      if (p !== -1) score = Math.max(score, weights[k]! * FIELD_SCORES[fields[p]!]!);
    }
    if (score > 0) {
      total[row]! += score;
      matched[row] = w + 1;
      next[found++] = row;
    }
  }
  return found;
};

/**
 * The rows `rows[from, to)` of one term for word `w`: those that matched every word before it
 * (and are not gone: `toRow`, for the first word's base rows) keep their best score in `best`, a
 * row seen the first time is written to `next`. Returns how many `next` holds.
 */
const scanRows = (
  rows: Uint32Array,
  fields: Uint8Array,
  from: number,
  to: number,
  weight: number,
  toRow: Int32Array | null,
  { best, matched }: Scratch,
  w: number,
  next: Uint32Array,
  found: number,
): number => {
  for (let p = from; p < to; p += 1) {
    const row = rows[p]!;
    if (matched[row] !== w || (toRow !== null && toRow[row] === -1)) continue;
    const score = weight * FIELD_SCORES[fields[p]!]!;
    if (best[row] === 0) next[found++] = row;
    if (score > best[row]!) best[row] = score;
  }
  return found;
};

/**
 * Word `w` of a search read by scanning its terms' rows, keeping those that matched every word
 * before it (each scored by its best term). Writes them to `next` and returns how many.
 */
export const scanPass = (
  { base, added, toRow }: SearchedPostings,
  word: WordReach,
  scratch: Scratch,
  w: number,
  next: Uint32Array,
): number => {
  const { weights } = word;
  // Gone rows are left out by the first word; the later ones only see rows it kept.
  const gone = w === 0 ? toRow : null;
  let found = 0;
  for (let k = 0; k < weights.length; k += 1) {
    const weight = weights[k]!;
    found = scanRows(
      base.rows,
      base.fields,
      word.baseFrom[k]!,
      word.baseTo[k]!,
      weight,
      gone,
      scratch,
      w,
      next,
      found,
    );
    if (added !== null) {
      found = scanRows(
        added.rows,
        added.fields,
        word.addedFrom[k]!,
        word.addedTo[k]!,
        weight,
        null,
        scratch,
        w,
        next,
        found,
      );
    }
  }
  const { total, best, matched } = scratch;
  for (let i = 0; i < found; i += 1) {
    const row = next[i]!;
    total[row]! += best[row]!;
    best[row] = 0;
    matched[row] = w + 1;
  }
  return found;
};
