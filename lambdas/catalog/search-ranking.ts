/**
 * A search's matches best first, put in order only as far as they are read (docs/architecture.md,
 * "Search"). A page of a search reads its first 20 or so matches (its first page's completions
 * the first 200), while a common word matches tens of thousands of templates: sorting them all
 * was most of a new search's time at 100,000 templates. Here the matches' keys are partly
 * selected instead (the smallest k brought to the front in linear time, then only those sorted)
 * and the order is extended when a deeper page or a filter asks for more. The order read is the
 * same as a full sort's; the exact total does not depend on it (the matches' bitmap counts it).
 */

/** How many matches are ordered at least, the first time a ranking is read. */
const FIRST_ORDERED = 256;

/**
 * Rearranges `keys[from, to)` so that its `k - from` smallest are in `keys[from, k)` (in no
 * particular order), `from < k <= to`. Hoare's selection with a median-of-three pivot; the keys are
 * distinct.
 */
const selectSmallest = (keys: Float64Array, from: number, to: number, k: number): void => {
  const target = k - 1;
  let left = from;
  let right = to - 1;
  while (right > left) {
    const middle = (left + right) >>> 1;
    const a = keys[left]!;
    const b = keys[middle]!;
    const c = keys[right]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = left;
    let j = right;
    while (i <= j) {
      while (keys[i]! < pivot) i += 1;
      while (keys[j]! > pivot) j -= 1;
      if (i <= j) {
        const swap = keys[i]!;
        keys[i] = keys[j]!;
        keys[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (target <= j) right = j;
    else if (target >= i) left = i;
    else return;
  }
};

/**
 * The matches of one search in their ranking. Each match has a distinct key (smaller is better)
 * from which its row is read back (`rowOf`); the first `front.length` ranks may be rearranged once
 * by `arrangeFront` (a search of a template's exact title puts it first).
 */
export class SearchRanking implements Iterable<number> {
  /** How many keys at the front are in their final order (the rest are all larger). */
  private ordered = 0;
  /** The rows of the first ranks once arranged (null until the ranking is first read). */
  private front: Uint32Array | null = null;

  constructor(
    private readonly keys: Float64Array,
    private readonly rowOf: (key: number) => number,
    private readonly frontSize: number,
    private readonly arrangeFront: (rows: Uint32Array) => void,
  ) {}

  /** How many templates matched. */
  get length(): number {
    return this.keys.length;
  }

  /** Puts the first `count` ranks in order (at least). */
  private orderUpTo(count: number): void {
    const total = this.keys.length;
    if (count <= this.ordered) return;
    let end = Math.min(total, Math.max(count, 2 * this.ordered, FIRST_ORDERED));
    // Past about half of the rest, one sort of the rest is cheaper than a selection and a sort.
    if (end - this.ordered >= (total - this.ordered) / 2) end = total;
    else selectSmallest(this.keys, this.ordered, total, end);
    this.keys.subarray(this.ordered, end).sort();
    this.ordered = end;
    if (this.front === null) {
      const front = new Uint32Array(Math.min(this.frontSize, total));
      for (let i = 0; i < front.length; i += 1) front[i] = this.rowOf(this.keys[i]!);
      this.arrangeFront(front);
      this.front = front;
    }
  }

  /** The row at rank `rank` (`rank < length`). */
  at(rank: number): number {
    if (rank >= this.ordered) this.orderUpTo(rank + 1);
    return rank < this.front!.length ? this.front![rank]! : this.rowOf(this.keys[rank]!);
  }

  /** Ranks `from` up to `to` (at most `length`) as rows. */
  slice(from: number, to: number): Uint32Array {
    const end = Math.min(to, this.length);
    const rows = new Uint32Array(Math.max(0, end - from));
    if (rows.length === 0) return rows;
    this.orderUpTo(end);
    for (let i = 0; i < rows.length; i += 1) rows[i] = this.at(from + i);
    return rows;
  }

  /** Calls `visit` with each row best first, until it returns false. */
  forEach(visit: (row: number) => boolean | void): void {
    for (let rank = 0; rank < this.length; rank += 1) {
      if (visit(this.at(rank)) === false) return;
    }
  }

  *[Symbol.iterator](): Iterator<number> {
    for (let rank = 0; rank < this.length; rank += 1) yield this.at(rank);
  }
}
