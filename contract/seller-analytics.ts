/**
 * `GET /api/my/analytics` (and its CSV export): the approved seller's own templates month by
 * month over the last twelve months: downloads, one-time sales, earnings and verified ratings,
 * and beside them the all-time seller figures the dashboard and the public seller page show
 * (contract/seller-figures.ts). Amounts in minor units (pence) of `currency`.
 */
import type { SellerSearchDemand } from './search-demand';
import type { SellerFigures } from './seller-figures';

/** How many months the analytics cover, the current one included. */
export const SELLER_ANALYTICS_MONTHS = 12;

/** One template's (or all templates') figures in one month (`YYYY-MM`). */
export interface AnalyticsMonth {
  month: string;
  /** Every download of the template in the month (bought templates' ones included). */
  downloads: number;
  /** Completed one-time purchases created in the month. */
  sales: number;
  /** Their amount, net of refunds. */
  sales_amount: number;
  /**
   * What the seller earned from the template in the month: 70% of its sales, plus its part of the
   * month's subscription pool share (by its downloads) once that month's payout is calculated.
   */
  earnings: number;
  /**
   * Verified reviews written in the month, and their average (null without any): unverified ones
   * are never counted, as on the template's page.
   */
  ratings: number;
  average_rating: number | null;
}

export interface TemplateAnalytics {
  mvp_id: string;
  title: string;
  /** The template's months, oldest first, one per month of the window. */
  months: AnalyticsMonth[];
  /** The window's sums; `average_rating` over the window's reviews. */
  totals: Omit<AnalyticsMonth, 'month'>;
  /** The template's all-time downloads and verified ratings (before the window too). */
  all_time: SellerFigures;
}

export interface SellerAnalytics {
  /** The window's months, oldest first (`YYYY-MM`). */
  months: string[];
  currency: string;
  templates: TemplateAnalytics[];
  /** All templates together, month by month, and over the window. */
  overall: {
    months: AnalyticsMonth[];
    totals: Omit<AnalyticsMonth, 'month'>;
    /** The seller figures: the same as the dashboard's Total Downloads and Average Rating. */
    all_time: SellerFigures;
  };
  /**
   * Months of the window whose payout is not calculated yet (the current one, at least): their
   * earnings hold the sales share only, the pool share comes with the payout on the 1st.
   */
  pool_pending_months: string[];
  /**
   * What buyers searched for in the seller's categories (those of their live templates) over the
   * last 30 days and found fewer than 3 templates (contract/search-demand.ts).
   */
  search_demand: SellerSearchDemand;
}
