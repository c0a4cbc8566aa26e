import { describe, expect, it } from 'vitest';
import { SearchRanking } from '../../../../lambdas/catalog/search-ranking';
import { seeded } from '../../../bench/support/search-data';

/** `count` distinct keys in random order, and the rows a full sort puts them in. */
const keysOf = (count: number, seed: number) => {
  const next = seeded(seed);
  const keys = Float64Array.from({ length: count }, (_, i) => i * 7 + 3);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  const sorted = Array.from(keys).sort((a, b) => a - b);
  return { keys, sorted };
};

const rowOf = (key: number) => (key - 3) / 7;

const rankingOf = (
  keys: Float64Array,
  front = 0,
  arrange: (rows: Uint32Array) => void = () => {},
) => new SearchRanking(keys.slice(), rowOf, front, arrange);

describe('a search ranking', () => {
  it('reads any page as a full sort orders it, ordering only as far as read', () => {
    for (const count of [0, 1, 2, 5, 255, 256, 257, 1_000, 20_000]) {
      const { keys, sorted } = keysOf(count, count + 1);
      const want = sorted.map(rowOf);
      for (const [from, to] of [
        [0, 20],
        [20, 40],
        [240, 260],
        [990, 1_010],
        [count - 5, count + 5],
        [5_000, 5_020],
      ] as const) {
        const ranking = rankingOf(keys);
        const start = Math.max(0, from);
        expect(Array.from(ranking.slice(start, to)), `${count} ${from}`).toEqual(
          want.slice(start, to),
        );
      }
      const ranking = rankingOf(keys);
      expect(ranking.length).toBe(count);
      // Pages read one after another and then everything: each extends the order already made.
      ranking.slice(0, 20);
      ranking.slice(3_000, 3_020);
      expect([...ranking], `${count} all`).toEqual(want);
    }
  });

  it('visits rows best first until told to stop', () => {
    const { keys, sorted } = keysOf(5_000, 9);
    const seen: number[] = [];
    rankingOf(keys).forEach((row) => {
      if (row % 3 === 0) seen.push(row);
      return seen.length < 600;
    });
    expect(seen).toEqual(
      sorted
        .map(rowOf)
        .filter((row) => row % 3 === 0)
        .slice(0, 600),
    );
  });

  it('lets the first ranks be rearranged once, the rest in order after them', () => {
    const { keys, sorted } = keysOf(1_000, 4);
    const want = sorted.map(rowOf);
    let calls = 0;
    const ranking = rankingOf(keys, 50, (front) => {
      calls += 1;
      expect(Array.from(front)).toEqual(want.slice(0, 50));
      front.reverse();
    });
    expect(Array.from(ranking.slice(0, 60))).toEqual([
      ...want.slice(0, 50).reverse(),
      ...want.slice(50, 60),
    ]);
    expect([...ranking].slice(45)).toEqual([...want.slice(0, 5).reverse(), ...want.slice(50)]);
    expect(calls).toBe(1);
  });
});
