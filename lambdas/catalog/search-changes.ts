/**
 * How the search index follows the catalog's changes without rewriting its postings
 * (docs/architecture.md, "Search"). The postings a container starts with (the snapshot's, or a
 * build's) stay as they are: its *base*. A change of the catalog adds an overlay:
 * - the base rows gone (removed or edited templates), which a search skips;
 * - the templates added since the base (new or edited ones), whose few postings are made again
 *   at each change, numbered after the base's rows;
 * - each index row's catalog row: the catalog keeps its rows in order and appends the added ones
 *   (browse.ts, applyCatalogChanges), so the live base rows and then the added ones, in order, are
 *   the catalog's rows 0, 1, 2 … and a search's matches come out in the same order as from
 *   postings rewritten in full.
 * A term's row count (its rarity, in every score) is the base's less its gone rows plus its added
 * ones, counted when a search first needs it. At 100,000 templates rewriting the postings took
 * about 0.1 s and 18 MB for every change, where the overlay costs the changed templates; past
 * COMPACT_AFTER changed templates the postings are rewritten once (`mergedPostings`).
 */
import type { Postings } from './search-passes';

/** Past this many gone or added templates since the base, the postings are rewritten. */
export const COMPACT_AFTER = 512;

/** One template added since the base: its terms and, for each, the bits of its fields. */
export interface AddedDocument {
  terms: Uint32Array;
  fields: Uint8Array;
}

/** An index's changes since its base postings. */
export interface Overlay {
  /** The base rows gone, ascending. */
  gone: Uint32Array;
  /** The templates added since the base, in the catalog's order. */
  added: readonly AddedDocument[];
  /** Their postings, index rows numbered from the base's size. */
  postings: Postings;
  /** Each index row's catalog row (base rows, then added ones); -1 for a gone row. */
  toRow: Int32Array;
}

/** The postings of `added` over `termCount` terms, their rows numbered from `firstRow`. */
const postingsOfAdded = (
  added: readonly AddedDocument[],
  termCount: number,
  firstRow: number,
): Postings => {
  const start = new Uint32Array(termCount + 1);
  let total = 0;
  for (const document of added) {
    for (const term of document.terms) start[term + 1]! += 1;
    total += document.terms.length;
  }
  for (let t = 0; t < termCount; t += 1) start[t + 1]! += start[t]!;
  const rows = new Uint32Array(total);
  const fields = new Uint8Array(total);
  const at = start.slice(0, termCount);
  added.forEach((document, i) => {
    for (let k = 0; k < document.terms.length; k += 1) {
      const term = document.terms[k]!;
      rows[at[term]!] = firstRow + i;
      fields[at[term]!] = document.fields[k]!;
      at[term]! += 1;
    }
  });
  return { start, rows, fields };
};

/**
 * The overlay after a change of the catalog: `overlay` the one before (null: none), `newRow` each
 * catalog row's row after the change (-1: gone; the kept ones in their order), `added` the
 * templates appended after them. Null when nothing differs from the base any more.
 */
export const overlayAfter = (
  base: { size: number },
  overlay: Overlay | null,
  newRow: Int32Array,
  added: readonly AddedDocument[],
  termCount: number,
): Overlay => {
  const oldAdded = overlay?.added ?? [];
  const oldToRow = overlay?.toRow ?? null;
  // The catalog row each index row had: the identity without an overlay.
  const rowBefore = (indexRow: number) => (oldToRow === null ? indexRow : oldToRow[indexRow]!);
  const gone: number[] = Array.from(overlay?.gone ?? []);
  for (let indexRow = 0; indexRow < base.size; indexRow += 1) {
    const row = rowBefore(indexRow);
    if (row !== -1 && newRow[row] === -1) gone.push(indexRow);
  }
  gone.sort((a, b) => a - b);
  const keptAdded = oldAdded.filter((_, j) => newRow[rowBefore(base.size + j)!] !== -1);
  const allAdded = [...keptAdded, ...added];
  const toRow = new Int32Array(base.size + allAdded.length);
  let next = 0;
  let g = 0;
  for (let indexRow = 0; indexRow < base.size; indexRow += 1) {
    if (g < gone.length && gone[g] === indexRow) {
      toRow[indexRow] = -1;
      g += 1;
    } else {
      toRow[indexRow] = next++;
    }
  }
  for (let j = 0; j < allAdded.length; j += 1) toRow[base.size + j] = next++;
  return {
    gone: Uint32Array.from(gone),
    added: allAdded,
    postings: postingsOfAdded(allAdded, termCount, base.size),
    toRow,
  };
};

/** How many of `sorted`'s values are in `rows[from, to)` (both ascending). */
const countIn = (sorted: Uint32Array, rows: Uint32Array, from: number, to: number): number => {
  if (sorted.length === 0 || from === to) return 0;
  let count = 0;
  if (sorted.length * 20 < to - from) {
    // Few values: each looked up by binary search.
    for (const value of sorted) {
      let low = from;
      let high = to;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (rows[middle]! < value) low = middle + 1;
        else high = middle;
      }
      if (low < to && rows[low] === value) count += 1;
    }
    return count;
  }
  let i = 0;
  for (let p = from; p < to && i < sorted.length; p += 1) {
    while (i < sorted.length && sorted[i]! < rows[p]!) i += 1;
    if (i < sorted.length && sorted[i] === rows[p]) count += 1;
  }
  return count;
};

/** The rows of `term` in `postings` (0 for a term numbered after they were made). */
export const rowCountIn = (postings: Postings, term: number): number =>
  term < postings.start.length - 1 ? postings.start[term + 1]! - postings.start[term]! : 0;

/** How many live rows hold `term`: the base's less its gone ones, plus the added ones. */
export const liveRowCount = (base: Postings, overlay: Overlay | null, term: number): number => {
  const inBase = rowCountIn(base, term);
  if (overlay === null) return inBase;
  const gone =
    inBase === 0 ? 0 : countIn(overlay.gone, base.rows, base.start[term]!, base.start[term + 1]!);
  return inBase - gone + rowCountIn(overlay.postings, term);
};

/**
 * The postings of base and overlay as one, numbered by catalog row: each term's live base rows,
 * then its added rows (ascending, as the catalog orders them).
 */
export const mergedPostings = (base: Postings, overlay: Overlay, termCount: number): Postings => {
  const { toRow } = overlay;
  const extra = overlay.postings;
  const start = new Uint32Array(termCount + 1);
  const capacity = base.rows.length + extra.rows.length;
  const rows = new Uint32Array(capacity);
  const fields = new Uint8Array(capacity);
  let to = 0;
  for (let t = 0; t < termCount; t += 1) {
    for (const { start: from, rows: source, fields: bits } of [base, extra]) {
      if (t >= from.length - 1) continue;
      for (let p = from[t]!; p < from[t + 1]!; p += 1) {
        const row = toRow[source[p]!]!;
        if (row === -1) continue;
        rows[to] = row;
        fields[to] = bits[p]!;
        to += 1;
      }
    }
    start[t + 1] = to;
  }
  return { start, rows: rows.subarray(0, to), fields: fields.subarray(0, to) };
};
