/** The overview's 8 stat cards: each figure's label and how it is written. */
import type { OverviewStats } from '@contract/admin-overview';
import { formatGbp } from '@contract/money';

export interface StatCard {
  key: keyof OverviewStats;
  label: string;
  value: string;
}

const LABELS: Record<keyof OverviewStats, string> = {
  totalUsers: 'Total Users',
  totalSellers: 'Total Sellers',
  totalMVPs: 'Total MVPs',
  pendingMVPs: 'Pending MVPs',
  totalRevenue: 'Total Revenue',
  monthlyRevenue: 'Monthly Revenue',
  totalDownloads: 'Total Downloads',
  averageRating: 'Average Rating',
};

const MONEY: ReadonlySet<keyof OverviewStats> = new Set(['totalRevenue', 'monthlyRevenue']);

const count = (value: number): string => value.toLocaleString('en-GB');

/** The cards in the product's order: counts grouped, money in GBP, the rating with two decimals. */
export const overviewStatCards = (stats: OverviewStats): StatCard[] =>
  (Object.keys(LABELS) as (keyof OverviewStats)[]).map((key) => ({
    key,
    label: LABELS[key],
    value: MONEY.has(key)
      ? formatGbp(stats[key])
      : key === 'averageRating'
        ? stats[key].toFixed(2)
        : count(stats[key]),
  }));
