/** The seller analytics' arithmetic: spreading a payout's shares over templates, and the months. */
import { describe, expect, it } from 'vitest';
import {
  allocate,
  analyticsWindow,
  buildSellerAnalytics,
  sellerAnalyticsCsv,
} from '../../../../lambdas/sellers/analytics';

describe('allocate', () => {
  it('splits in proportion, the pence left over to the largest remainders, adding up exactly', () => {
    expect(allocate(401, [3, 1])).toEqual([301, 100]);
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10 ** 12, [9_999_999, 1])).toEqual([999_999_900_000, 100_000]);
    for (const [total, weights] of [
      [7, [2, 2, 3]],
      [1, [5, 5]],
      [99_999, [1, 2, 3, 4, 5]],
    ] as const) {
      expect(allocate(total, weights).reduce((sum, part) => sum + part, 0)).toBe(total);
    }
  });

  it('splits nothing without weights', () => {
    expect(allocate(500, [0, 0])).toEqual([0, 0]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
  });
});

describe('analyticsWindow', () => {
  it('is the twelve months up to the current one, oldest first, across a year', () => {
    const months = analyticsWindow(new Date('2026-02-15T12:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03');
    expect(months.at(-1)).toBe('2026-02');
  });
});

describe('buildSellerAnalytics', () => {
  it('counts only the listed templates and the window, and averages ratings per month', () => {
    const analytics = buildSellerAnalytics({
      months: ['2026-09', '2026-10'],
      templates: [{ id: 'a', title: 'A', download_count: 40, rating_sum: 9, rating_count: 2 }],
      downloads: [
        { mvpId: 'a', downloadedAt: '2026-10-02T00:00:00Z', bought: false },
        { mvpId: 'a', downloadedAt: '2026-08-31T23:59:59Z', bought: false },
        { mvpId: 'other', downloadedAt: '2026-10-02T00:00:00Z', bought: false },
      ],
      sales: [{ mvpId: 'a', createdAt: '2026-09-05T00:00:00Z', amount: 1_001 }],
      payouts: [],
      ratings: [
        { mvpId: 'a', rating: 5, createdAt: '2026-10-01T00:00:00Z' },
        { mvpId: 'a', rating: 2, createdAt: '2026-10-03T00:00:00Z' },
      ],
      currency: 'gbp',
    });
    const [september, october] = analytics.templates[0]!.months;
    expect(september).toMatchObject({ downloads: 0, sales: 1, sales_amount: 1_001, earnings: 701 });
    expect(october).toMatchObject({ downloads: 1, ratings: 2, average_rating: 3.5, earnings: 0 });
    expect(analytics.overall.totals).toMatchObject({ downloads: 1, earnings: 701, ratings: 2 });
    expect(analytics.pool_pending_months).toEqual(['2026-09', '2026-10']);
    // Beside the window, the all-time seller figures from the template's counters.
    expect(analytics.templates[0]!.all_time).toEqual({
      downloads: 40,
      ratings: 2,
      average_rating: 4.5,
    });
    expect(analytics.overall.all_time).toEqual(analytics.templates[0]!.all_time);
  });
});

describe('sellerAnalyticsCsv', () => {
  it('ends with an All time row per template and one for all templates', () => {
    const analytics = buildSellerAnalytics({
      months: ['2026-10'],
      templates: [
        { id: 'a', title: 'A', download_count: 40, rating_sum: 9, rating_count: 2 },
        { id: 'b', title: 'B', download_count: 2, rating_sum: 0, rating_count: 0 },
      ],
      downloads: [],
      sales: [],
      payouts: [],
      ratings: [],
      currency: 'gbp',
    });
    const lines = sellerAnalyticsCsv(analytics).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Template,Month,Downloads,Sales,Sales amount,Earnings,Verified reviews,Average rating',
    );
    expect(lines.slice(-3)).toEqual([
      'A,All time,40,,,,2,4.5',
      'B,All time,2,,,,0,',
      'All templates,All time,42,,,,2,4.5',
    ]);
  });
});
