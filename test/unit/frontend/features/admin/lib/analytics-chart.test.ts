/** The analytics tab's chart rows and labels (UTC days, whatever the browser's time zone). */
import { describe, expect, it } from 'vitest';
import type { AdminAnalytics } from '../../../../../../contract/admin-analytics';
import {
  analyticsRows,
  axisLabel,
  axisTicks,
  tooltipLabel,
} from '../../../../../../frontend/src/features/admin/lib/analytics-chart';

const analytics: AdminAnalytics = {
  period: 'week',
  from: '2026-11-29',
  to: '2026-12-01',
  counts: { totalRevenue: 2_499, totalDownloads: 6, newUsers: 3 },
  trends: {
    users: { '2026-11-29': 1, '2026-11-30': 0, '2026-12-01': 2 },
    downloads: { '2026-11-29': 0, '2026-11-30': 6, '2026-12-01': 0 },
    revenue: { '2026-11-29': 0, '2026-11-30': 1_999, '2026-12-01': 500 },
  },
  searches: { from: '2026-11-29', to: '2026-12-01', total_searches: 0, top: [], zero_results: [] },
};

describe('analytics chart rows', () => {
  it('gives one row per day, oldest first, with the three series side by side', () => {
    expect(analyticsRows(analytics)).toEqual([
      { day: '2026-11-29', users: 1, downloads: 0, revenue: 0 },
      { day: '2026-11-30', users: 0, downloads: 6, revenue: 1_999 },
      { day: '2026-12-01', users: 2, downloads: 0, revenue: 500 },
    ]);
  });

  it('puts one tick on each month over a year, and lets the chart choose otherwise', () => {
    const rows = analyticsRows(analytics);
    expect(axisTicks(rows, 'year')).toEqual(['2026-12-01']);
    expect(axisTicks(rows, 'month')).toBeUndefined();
  });

  it('labels days, months over a year, and the full date in tooltips, in UTC', () => {
    expect(axisLabel('2026-12-01', 'week')).toBe('1 Dec');
    expect(axisLabel('2026-12-01', 'year')).toBe('Dec 26');
    expect(tooltipLabel('2026-11-30')).toBe('Mon, 30 Nov 2026');
    // What the chart's tooltip formats before anything is hovered: not a day, so left as it is.
    expect(tooltipLabel('value')).toBe('value');
    expect(axisLabel(undefined, 'month')).toBe('undefined');
  });
});
