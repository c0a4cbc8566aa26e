/**
 * The monthly split (lambdas/payouts/split.ts): examples, then properties checked with fast-check
 * over random pools (up to 10^12 pence) and download counts (up to 10^7): the sellers' pence plus
 * the platform fee equal the pool exactly, and no seller is a penny or more from their exact share
 * 7000/10000 × pool × d / D (compared as rationals, in BigInt).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_AMOUNT,
  splitMonth,
  splitSale,
  type SellerMonth,
} from '../../../../lambdas/payouts/split';

const seller = (sellerId: string, downloads: number, oneTimeSales = 0): SellerMonth => ({
  sellerId,
  downloads,
  oneTimeSales,
});

describe('splitMonth: examples', () => {
  it('gives sellers 70% of the pool by downloads and the platform 30%', () => {
    const split = splitMonth(10_000, [seller('a', 3), seller('b', 1)]);
    expect(split.sellers.map((s) => [s.sellerId, s.poolShare, s.poolFee])).toEqual([
      ['a', 5_250, 2_250],
      ['b', 1_750, 750],
    ]);
    expect(split.platformPoolFee).toBe(3_000);
    expect(split.totalDownloads).toBe(4);
  });

  it('rounds by largest remainder: three equal sellers of 100p', () => {
    // Exact: 23.333… each and 30 for the platform; one penny is left over after flooring.
    const split = splitMonth(100, [seller('c', 1), seller('a', 1), seller('b', 1)]);
    // Equal remainders: the lowest seller id gets the penny.
    expect(split.sellers.map((s) => [s.sellerId, s.poolShare])).toEqual([
      ['a', 24],
      ['b', 23],
      ['c', 23],
    ]);
    expect(split.platformPoolFee).toBe(30);
  });

  it('gives the platform the penny when its remainder is the largest', () => {
    // 1p pool, one seller: 0.7 seller, 0.3 platform → the seller's 0.7 wins the penny.
    expect(splitMonth(1, [seller('a', 1)]).sellers[0]!.poolShare).toBe(1);
    // 1p pool over 3 sellers: 0.2333 each, platform 0.3 → the platform's penny.
    const split = splitMonth(1, [seller('a', 1), seller('b', 1), seller('c', 1)]);
    expect(split.sellers).toEqual([]);
    expect(split.platformPoolFee).toBe(1);
  });

  it('sends the whole pool to the platform when nobody downloaded anything', () => {
    const split = splitMonth(123_456, [seller('a', 0), seller('b', 0)]);
    expect(split.sellers).toEqual([]);
    expect(split.platformPoolFee).toBe(123_456);
    expect(splitMonth(500, []).platformPoolFee).toBe(500);
  });

  it('adds 70% of one-time sales, the parts of each sale adding up', () => {
    const split = splitMonth(0, [seller('a', 0, 1_999), seller('b', 4, 0)]);
    expect(split.sellers).toEqual([
      {
        sellerId: 'a',
        downloads: 0,
        poolShare: 0,
        poolFee: 0,
        oneTimeSales: 1_999,
        salesShare: 1_399, // 1399.3
        salesFee: 600, // 599.7
        commission: 1_399,
        platformFee: 600,
        gross: 1_999,
      },
    ]);
    expect(split.platformSalesFee).toBe(600);
  });

  it('splits a sale of 5p as 4p / 1p (3.5 / 1.5: the tie goes to the seller)', () => {
    expect(splitSale(5)).toEqual({ share: 4, fee: 1 });
    expect(splitSale(0)).toEqual({ share: 0, fee: 0 });
  });

  it('leaves sellers who earned nothing without a row', () => {
    const split = splitMonth(10, [seller('a', 1_000), seller('b', 1)]);
    expect(split.sellers.map((s) => s.sellerId)).toEqual(['a']);
  });

  it('is exact at the limits: a £10bn pool over 10^7 downloads', () => {
    const split = splitMonth(MAX_AMOUNT, [
      seller('a', 10_000_000),
      seller('b', 9_999_999),
      seller('c', 1),
    ]);
    const sum = split.sellers.reduce((total, s) => total + s.poolShare, 0);
    expect(sum + split.platformPoolFee).toBe(MAX_AMOUNT);
  });

  it('refuses amounts that are not whole pence, negative, too large, or a seller listed twice', () => {
    expect(() => splitMonth(1.5, [])).toThrow(RangeError);
    expect(() => splitMonth(-1, [])).toThrow(RangeError);
    expect(() => splitMonth(MAX_AMOUNT + 1, [])).toThrow(RangeError);
    expect(() => splitMonth(1, [seller('a', -1)])).toThrow(RangeError);
    expect(() => splitMonth(1, [seller('a', 1, 0.5)])).toThrow(RangeError);
    expect(() => splitMonth(1, [seller('a', 1), seller('a', 2)])).toThrow(/twice/);
  });
});

/** Random months: up to 40 sellers with distinct ids, 0 … 10^7 downloads, some zero. */
const monthArbitrary = fc.record({
  pool: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: MAX_AMOUNT })),
  sellers: fc.uniqueArray(
    fc.record({
      sellerId: fc.string({ minLength: 1, maxLength: 8 }),
      downloads: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10_000_000 }),
      ),
      oneTimeSales: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000_000 })),
    }),
    { selector: (entry) => entry.sellerId, maxLength: 40 },
  ),
});

const RUNS = { numRuns: 1_000 };

describe('splitMonth: properties (fast-check, 1,000 runs each)', () => {
  it('the sellers’ pool shares plus the platform fee equal the pool exactly', () => {
    fc.assert(
      fc.property(monthArbitrary, ({ pool, sellers }) => {
        const split = splitMonth(pool, sellers);
        const shares = split.sellers.reduce((sum, s) => sum + BigInt(s.poolShare), 0n);
        expect(shares + BigInt(split.platformPoolFee)).toBe(BigInt(pool));
        // The rows' fees are the platform's part (rows are left out only when they earned 0).
        const rowFees = split.sellers.reduce((sum, s) => sum + BigInt(s.poolFee), 0n);
        expect(rowFees <= BigInt(split.platformPoolFee)).toBe(true);
      }),
      RUNS,
    );
  });

  it('no seller is a penny or more from 7000/10000 × pool × d / D', () => {
    fc.assert(
      fc.property(monthArbitrary, ({ pool, sellers }) => {
        const split = splitMonth(pool, sellers);
        const total = sellers.reduce((sum, s) => sum + BigInt(s.downloads), 0n);
        const byId = new Map(split.sellers.map((s) => [s.sellerId, s.poolShare]));
        for (const { sellerId, downloads } of sellers) {
          const share = BigInt(byId.get(sellerId) ?? 0);
          if (total === 0n) {
            expect(share).toBe(0n);
            continue;
          }
          // |share − 7000·pool·d / (10000·D)| < 1  ⇔  |share·10000·D − 7000·pool·d| < 10000·D
          const denominator = 10_000n * total;
          const difference = share * denominator - 7_000n * BigInt(pool) * BigInt(downloads);
          const distance = difference < 0n ? -difference : difference;
          expect(distance < denominator).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('the platform is less than a penny from 30% of the pool (the whole pool without downloads)', () => {
    fc.assert(
      fc.property(monthArbitrary, ({ pool, sellers }) => {
        const split = splitMonth(pool, sellers);
        const downloads = sellers.some((s) => s.downloads > 0);
        const exactTimes10000 = downloads ? 3_000n * BigInt(pool) : 10_000n * BigInt(pool);
        const difference = BigInt(split.platformPoolFee) * 10_000n - exactTimes10000;
        expect((difference < 0n ? -difference : difference) < 10_000n).toBe(true);
      }),
      RUNS,
    );
  });

  it('zero downloads: the whole pool goes to the platform and only sales earn', () => {
    fc.assert(
      fc.property(monthArbitrary, ({ pool, sellers }) => {
        const idle = sellers.map((s) => ({ ...s, downloads: 0 }));
        const split = splitMonth(pool, idle);
        expect(split.platformPoolFee).toBe(pool);
        for (const row of split.sellers) {
          expect(row.poolShare).toBe(0);
          expect(row.oneTimeSales).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });

  it('each row adds up: commission + fee = gross, sale parts = the sale, commission > 0', () => {
    fc.assert(
      fc.property(monthArbitrary, ({ pool, sellers }) => {
        for (const row of splitMonth(pool, sellers).sellers) {
          expect(row.salesShare + row.salesFee).toBe(row.oneTimeSales);
          expect(row.commission).toBe(row.poolShare + row.salesShare);
          expect(row.commission + row.platformFee).toBe(row.gross);
          expect(row.commission).toBeGreaterThan(0);
          // 70% of a sale, less than a penny off.
          expect(Math.abs(row.salesShare * 10 - row.oneTimeSales * 7)).toBeLessThan(10);
        }
      }),
      RUNS,
    );
  });

  it('is deterministic: the order sellers are listed in changes nothing', () => {
    fc.assert(
      fc.property(monthArbitrary, ({ pool, sellers }) => {
        expect(splitMonth(pool, [...sellers].reverse())).toEqual(splitMonth(pool, sellers));
      }),
      RUNS,
    );
  });
});
