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

/** One word of a search: the terms it reaches that have rows, and their weights. */
export interface WordReach {
  terms: number[];
  weights: number[];
  /** The rows of its terms, added up. */
  rows: number;
  /** How many terms it reached (with rows or not). */
  reached: number;
}

/**
 * A search's arrays of one entry a row: each matching row's total so far, its best score for the
 * current word, and how many words it matched; then lists of rows.
 */
export interface Scratch {
  total: Float64Array;
  best: Float64Array;
  matched: Uint8Array;
  first: Uint32Array;
  lists: [Uint32Array, Uint32Array];
}

/**
 * Word `w` of a search (`w > 0`) with few candidates: each of the `count` rows of `touched` found
 * in the word's terms (ascending rows) by binary search. Writes the rows it matches to `next`
 * and returns how many.
 */
export const lookUpPass = (
  { start, rows, fields }: Postings,
  { terms, weights }: WordReach,
  { total, matched }: Scratch,
  w: number,
  touched: Uint32Array,
  count: number,
  next: Uint32Array,
): number => {
  let found = 0;
  for (let i = 0; i < count; i += 1) {
    const row = touched[i]!;
    let score = 0;
    for (let k = 0; k < terms.length; k += 1) {
      const term = terms[k]!;
      const end = start[term + 1]!;
      let low = start[term]!;
      let high = end;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (rows[middle]! < row) low = middle + 1;
        else high = middle;
      }
      if (low < end && rows[low] === row) {
        score = Math.max(score, weights[k]! * FIELD_SCORES[fields[low]!]!);
      }
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
 * Word `w` of a search read by scanning its terms' rows, keeping those that matched every word
 * before it (each scored by its best term). Writes them to `next` and returns how many.
 */
export const scanPass = (
  { start, rows, fields }: Postings,
  { terms, weights }: WordReach,
  { total, best, matched }: Scratch,
  w: number,
  next: Uint32Array,
): number => {
  let found = 0;
  for (let k = 0; k < terms.length; k += 1) {
    const term = terms[k]!;
    const weight = weights[k]!;
    const end = start[term + 1]!;
    for (let p = start[term]!; p < end; p += 1) {
      const row = rows[p]!;
      if (matched[row] !== w) continue;
      const score = weight * FIELD_SCORES[fields[p]!]!;
      if (best[row] === 0) next[found++] = row;
      if (score > best[row]!) best[row] = score;
    }
  }
  for (let i = 0; i < found; i += 1) {
    const row = next[i]!;
    total[row]! += best[row]!;
    best[row] = 0;
    matched[row] = w + 1;
  }
  return found;
};
