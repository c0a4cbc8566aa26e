/**
 * The seller's analytics (`/analytics`): each of the caller's own templates (archived ones while
 * the window holds something of them) month by month over
 * the last twelve months, from what the marketplace records anyway: downloads (D11), one-time
 * sales (the orders' seller index), payouts (their pool and sales shares) and reviews. Nothing is
 * read by template id the caller did not get from their own template list, so another seller's
 * figures can never appear.
 *
 * Earnings per template follow the payout's own arithmetic: the month's sales share (the payout's,
 * or 70% of the month's sales while no payout exists) is spread over the templates by their net
 * sales, and the payout's pool share by their quota-spending downloads (the ones the pool was
 * shared by), each with largest-remainder rounding so the templates add up to the payout.
 */
import { oneTimeSalesOfSellerSince } from '../ledger/service';
import { listSellerDownloadsSince } from '../downloads/service';
import { addMonths, monthName, monthOf } from '../payouts/months';
import { payoutSharesOfSeller } from '../payouts/service';
import { splitSale } from '../payouts/split';
import { listRatingsOfTemplates } from '../reviews/service';
import { config } from '../shared/config';
import type { UserProfile } from '../../contract/profile';
import {
  SELLER_ANALYTICS_MONTHS,
  type AnalyticsMonth,
  type SellerAnalytics,
  type TemplateAnalytics,
} from '../../contract/seller-analytics';
import { formatGbp } from '../../contract/money';
import {
  SELLER_FIGURES_TEXT,
  sellerFiguresOf,
  type TemplateCounters,
} from '../../contract/seller-figures';
import { csvRecord } from '../shared/http/csv';
import { listTemplateTitlesOfSeller } from '../templates/service';
import { getSellerSearchDemand } from '../stats/service';

/** What the analytics are computed from: the caller's own rows only. */
export interface AnalyticsInput {
  months: readonly string[];
  /** With their counters: the all-time seller figures are sums of them. */
  templates: readonly ({ id: string; title: string } & TemplateCounters)[];
  downloads: readonly { mvpId: string; downloadedAt: string; bought: boolean }[];
  sales: readonly { mvpId: string; createdAt: string; amount: number }[];
  payouts: readonly { month: string; poolShare: number; salesShare: number }[];
  ratings: readonly { mvpId: string; rating: number; createdAt: string }[];
  currency: string;
}

/**
 * `total` split over `weights` in proportion, rounded down, the pence left over going one each to
 * the largest remainders (ties to the earlier weight): the parts add up to `total` exactly. With
 * no weight at all nothing is split (every part 0).
 */
export const allocate = (total: number, weights: readonly number[]): number[] => {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const whole = BigInt(total);
  const denominator = BigInt(sum);
  const parts = weights.map((weight, index) => {
    const numerator = whole * BigInt(weight);
    return { index, floor: numerator / denominator, remainder: numerator % denominator };
  });
  let left = whole - parts.reduce((acc, part) => acc + part.floor, 0n);
  const order = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of order) {
    if (left === 0n) break;
    part.floor += 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part.floor));
};

/**
 * `total` split by the first of `weightings` that has any weight, then evenly: a payout's share
 * always lands on the templates in full, even when the rows it was computed from are not all in
 * the window (a share whose downloads were all of bought templates, say), so the month's
 * templates add up to the transfer to the penny.
 */
export const allocateFirst = (
  total: number,
  weightings: readonly (readonly number[])[],
): number[] => {
  const size = weightings[0]?.length ?? 0;
  const weights =
    weightings.find((candidate) => candidate.some((weight) => weight > 0)) ??
    Array.from({ length: size }, () => 1);
  return allocate(total, weights);
};

const emptyMonth = (month: string): AnalyticsMonth => ({
  month,
  downloads: 0,
  sales: 0,
  sales_amount: 0,
  earnings: 0,
  ratings: 0,
  average_rating: null,
});

/** Sums of months; the average over all their reviews (two decimals), null without any. */
const totalOf = (months: readonly AnalyticsMonth[]): Omit<AnalyticsMonth, 'month'> => {
  let ratingSum = 0;
  const total = { downloads: 0, sales: 0, sales_amount: 0, earnings: 0, ratings: 0 };
  for (const month of months) {
    total.downloads += month.downloads;
    total.sales += month.sales;
    total.sales_amount += month.sales_amount;
    total.earnings += month.earnings;
    total.ratings += month.ratings;
    ratingSum += (month.average_rating ?? 0) * month.ratings;
  }
  return {
    ...total,
    average_rating:
      total.ratings === 0 ? null : Math.round((ratingSum / total.ratings) * 100) / 100,
  };
};

/** One template's row: its months, their totals, and its all-time figures. */
const templateAnalyticsOf = (
  template: AnalyticsInput['templates'][number],
  months: AnalyticsMonth[],
): TemplateAnalytics => ({
  mvp_id: template.id,
  title: template.title,
  months,
  totals: totalOf(months),
  all_time: sellerFiguresOf([template]),
});

/**
 * The analytics from their rows (pure):
 *   1. a zero month per template and month of the window; rows of other templates or months drop,
 *   2. downloads, sales and ratings counted into their template's month,
 *   3. each month's earnings spread over the templates (module comment),
 *   4. per-template and overall totals, and the all-time seller figures beside them.
 */
export const buildSellerAnalytics = (
  input: AnalyticsInput,
): Omit<SellerAnalytics, 'search_demand'> => {
  const monthIndex = new Map(input.months.map((month, index) => [month, index]));
  const rows = new Map(
    input.templates.map((template) => [template.id, input.months.map(emptyMonth)]),
  );
  const cell = (templateId: string, at: string) => {
    const index = monthIndex.get(at.slice(0, 7));
    return index === undefined ? undefined : rows.get(templateId)?.[index];
  };
  // Quota-spending downloads per template and month: what the pool was shared by.
  const poolDownloads = new Map<string, number>();
  for (const download of input.downloads) {
    const target = cell(download.mvpId, download.downloadedAt);
    if (!target) continue;
    target.downloads += 1;
    if (!download.bought) {
      const key = `${download.mvpId}|${target.month}`;
      poolDownloads.set(key, (poolDownloads.get(key) ?? 0) + 1);
    }
  }
  for (const sale of input.sales) {
    const target = cell(sale.mvpId, sale.createdAt);
    if (!target) continue;
    target.sales += 1;
    target.sales_amount += sale.amount;
  }
  const ratingSums = new Map<AnalyticsMonth, number>();
  for (const rating of input.ratings) {
    const target = cell(rating.mvpId, rating.createdAt);
    if (!target) continue;
    target.ratings += 1;
    ratingSums.set(target, (ratingSums.get(target) ?? 0) + rating.rating);
  }
  for (const [target, sum] of ratingSums) {
    target.average_rating = Math.round((sum / target.ratings) * 100) / 100;
  }

  const payouts = new Map(input.payouts.map((payout) => [payout.month, payout]));
  const ids = input.templates.map((template) => template.id);
  input.months.forEach((month, index) => {
    const cells = ids.map((id) => rows.get(id)![index]!);
    const payout = payouts.get(month);
    const salesTotal = cells.reduce((sum, target) => sum + target.sales_amount, 0);
    const salesShare = payout ? payout.salesShare : splitSale(salesTotal).share;
    const downloads = cells.map((target) => target.downloads);
    const salesParts = allocateFirst(salesShare, [
      cells.map((target) => target.sales_amount),
      downloads,
    ]);
    const poolParts = payout
      ? allocateFirst(payout.poolShare, [
          ids.map((id) => poolDownloads.get(`${id}|${month}`) ?? 0),
          downloads,
        ])
      : ids.map(() => 0);
    cells.forEach((target, position) => {
      target.earnings = salesParts[position]! + poolParts[position]!;
    });
  });

  const templates = input.templates.map((template) =>
    templateAnalyticsOf(template, rows.get(template.id)!),
  );
  const overallMonths = input.months.map((month, index) => ({
    ...totalOf(templates.map((template) => template.months[index]!)),
    month,
  }));
  return {
    months: [...input.months],
    currency: input.currency,
    templates,
    overall: {
      months: overallMonths,
      totals: totalOf(overallMonths),
      all_time: sellerFiguresOf(input.templates),
    },
    pool_pending_months: input.months.filter((month) => !payouts.has(month)),
  };
};

/** The window's months up to `now`'s, oldest first. */
export const analyticsWindow = (now: Date): string[] => {
  const current = monthOf(now);
  return Array.from({ length: SELLER_ANALYTICS_MONTHS }, (_, index) =>
    addMonths(current, index - SELLER_ANALYTICS_MONTHS + 1),
  );
};

/** `GET /api/my/analytics`: the caller's own templates (their list first, then their rows). */
export const getSellerAnalytics = async (
  profile: UserProfile,
  now = new Date(),
): Promise<SellerAnalytics> => {
  const months = analyticsWindow(now);
  const from = months[0]!;
  const mine = await listTemplateTitlesOfSeller(profile.id);
  const templates = mine.map((item) => ({
    ...item,
    title: item.archived ? `${item.title} (archived)` : item.title,
  }));
  const archived = new Set(mine.filter((item) => item.archived).map((item) => item.id));
  // The seller's categories: those of their live templates, the only searches they are shown.
  const categories = [
    ...new Set(mine.filter((item) => item.approved).map((item) => item.category)),
  ];
  const [downloads, sales, payouts, ratings, searchDemand] = await Promise.all([
    listSellerDownloadsSince(profile.id, from),
    oneTimeSalesOfSellerSince(profile.id, from),
    payoutSharesOfSeller(profile.id),
    listRatingsOfTemplates(templates.map((template) => template.id)),
    getSellerSearchDemand(categories, now),
  ]);
  const analytics = buildSellerAnalytics({
    months,
    templates,
    downloads,
    sales,
    payouts,
    ratings,
    currency: config().STRIPE_CURRENCY,
  });
  // An archived template is shown only while the window holds something of it.
  const quiet = (totals: TemplateAnalytics['totals']) =>
    totals.downloads + totals.sales + totals.earnings + totals.ratings === 0;
  return {
    ...analytics,
    templates: analytics.templates.filter(
      (template) => !archived.has(template.mvp_id) || !quiet(template.totals),
    ),
    search_demand: searchDemand,
  };
};

/**
 * The analytics as a spreadsheet: one row per template and month, amounts in pounds, with the
 * month in words so a person reads it without a date format; then one "All time" row per
 * template and one for all templates (archived ones included) with the seller figures the
 * dashboard shows: downloads, verified reviews and their average; sales and earnings cells empty,
 * as the analytics cover twelve months of those.
 */
export const sellerAnalyticsCsv = (analytics: Omit<SellerAnalytics, 'search_demand'>): string =>
  [
    csvRecord([
      'Template',
      'Month',
      'Downloads',
      'Sales',
      'Sales amount',
      'Earnings',
      'Verified reviews',
      'Average rating',
    ]),
    ...analytics.templates.flatMap((template) =>
      template.months.map((month) =>
        csvRecord([
          template.title,
          monthName(month.month),
          month.downloads,
          month.sales,
          formatGbp(month.sales_amount),
          formatGbp(month.earnings),
          month.ratings,
          month.average_rating ?? '',
        ]),
      ),
    ),
    ...analytics.templates.map((template) =>
      csvRecord([
        template.title,
        SELLER_FIGURES_TEXT.allTime,
        template.all_time.downloads,
        '',
        '',
        '',
        template.all_time.ratings,
        template.all_time.average_rating ?? '',
      ]),
    ),
    csvRecord([
      'All templates',
      SELLER_FIGURES_TEXT.allTime,
      analytics.overall.all_time.downloads,
      '',
      '',
      '',
      analytics.overall.all_time.ratings,
      analytics.overall.all_time.average_rating ?? '',
    ]),
  ].join('');
