/**
 * What buyers searched for, as `GET /api/my/analytics` (sellers) and `GET /api/admin/analytics`
 * (admins) show it, against DynamoDB Local: a seller sees only searches about the categories of
 * their own live templates that found fewer than 3, over the last 30 days, most searched first;
 * an admin sees the overall top and the zero-result searches. Nothing in either names a user.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as sellersHandler } from '../../../../lambdas/sellers/index';
import { handler as statsHandler } from '../../../../lambdas/stats/index';
import type { AdminAnalytics } from '../../../../contract/admin-analytics';
import type { SellerAnalytics } from '../../../../contract/seller-analytics';
import { SEARCH_DEMAND_TEXT } from '../../../../contract/search-demand';
import {
  SearchCountEntity,
  type SearchCountItem,
} from '../../../../lambdas/shared/db/entities/search-count';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putApprovedSeller } from '../../../fixtures/payouts';
import { putProfile } from '../../../fixtures/profiles';
import { templateItem } from '../../../fixtures/template-fixtures';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** A day's count as the catalog's flush leaves it. */
const count = (
  query: string,
  day: string,
  searches: number,
  resultCount: number,
  categories: string[],
): SearchCountItem => ({
  search_day: day,
  query,
  searches,
  result_count: resultCount,
  categories,
  updated_at: new Date().toISOString(),
  expires_at: Math.floor(Date.now() / 1000) + 40 * 86_400,
});

const call = async (handler: typeof sellersHandler, path: string, sub: string) => {
  const result = await handler(
    apiEvent({ path, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) }),
    lambdaContext(path.includes('admin') ? 'stats' : 'sellers'),
  );
  expect(result.statusCode).toBe(200);
  return result;
};

let saasSeller: string;
let dashboardSeller: string;

beforeAll(async () => {
  saasSeller = (await putApprovedSeller()).id;
  dashboardSeller = (await putApprovedSeller()).id;
  await TemplateEntity.batchPut([
    templateItem({ seller_id: saasSeller, category: 'SaaS' }),
    // Not live: its category is not the seller's for search demand.
    templateItem({ seller_id: saasSeller, category: 'Finance', status: 'archived' }),
    templateItem({ seller_id: dashboardSeller, category: 'Dashboard' }),
  ]);
  await SearchCountEntity.batchPut([
    // 41 over two days, the latest day found 1.
    count('supabase auth', daysAgo(0), 30, 1, ['SaaS']),
    count('supabase auth', daysAgo(3), 11, 0, ['SaaS']),
    count('stripe billing', daysAgo(1), 7, 0, ['SaaS']),
    // Found 3 or more: not the seller's list.
    count('saas starter', daysAgo(0), 90, 12, ['SaaS']),
    // Another category's, and an archived template's category.
    count('kanban board', daysAgo(0), 50, 0, ['Dashboard']),
    count('budget planner', daysAgo(0), 60, 1, ['Finance']),
    // Older than the 30 days.
    count('old saas search', daysAgo(31), 500, 0, ['SaaS']),
    // No category could be told: the admin's lists only.
    count('xyzzy', daysAgo(2), 4, 0, []),
  ]);
}, 60_000);

describe('search demand in the seller’s analytics', () => {
  it('shows only searches in the seller’s live categories that found fewer than 3', async () => {
    const body = jsonBody<SellerAnalytics>(
      await call(sellersHandler, '/api/my/analytics', saasSeller),
    );
    expect(body.search_demand).toEqual({
      from: daysAgo(29),
      to: daysAgo(0),
      categories: ['SaaS'],
      searches: [
        { query: 'supabase auth', searches: 41, result_count: 1 },
        { query: 'stripe billing', searches: 7, result_count: 0 },
      ],
    });
    expect(SEARCH_DEMAND_TEXT.sentence(body.search_demand.searches[0]!)).toBe(
      'People searched “supabase auth” 41 times this month and found 1 template',
    );
  });

  it('shows another seller only their own categories', async () => {
    const body = jsonBody<SellerAnalytics>(
      await call(sellersHandler, '/api/my/analytics', dashboardSeller),
    );
    expect(body.search_demand.categories).toEqual(['Dashboard']);
    expect(body.search_demand.searches).toEqual([
      { query: 'kanban board', searches: 50, result_count: 0 },
    ]);
  });

  it('shows a seller without a live template nothing, and reads nothing', async () => {
    const newcomer = (await putApprovedSeller()).id;
    const body = jsonBody<SellerAnalytics>(
      await call(sellersHandler, '/api/my/analytics', newcomer),
    );
    expect(body.search_demand.categories).toEqual([]);
    expect(body.search_demand.searches).toEqual([]);
  });
});

describe('search demand in the admin analytics', () => {
  it('lists the top searches and those that found nothing, over at most 30 days', async () => {
    const admin = await putProfile({ role: 'admin' });
    const body = jsonBody<AdminAnalytics>(
      await call(statsHandler, '/api/admin/analytics', admin.id),
    );
    expect(body.searches.from).toBe(daysAgo(29));
    expect(body.searches.top.map((entry) => entry.query)).toEqual([
      'saas starter',
      'budget planner',
      'kanban board',
      'supabase auth',
      'stripe billing',
      'xyzzy',
    ]);
    expect(body.searches.total_searches).toBe(90 + 60 + 50 + 41 + 7 + 4);
    expect(body.searches.zero_results).toEqual([
      { query: 'kanban board', searches: 50, result_count: 0 },
      { query: 'stripe billing', searches: 7, result_count: 0 },
      { query: 'xyzzy', searches: 4, result_count: 0 },
    ]);
    // A week's analytics count a week's searches.
    const week = await statsHandler(
      apiEvent({
        path: '/api/admin/analytics',
        query: { period: 'week' },
        claims: idTokenClaims({ sub: admin.id, email: admin.email }),
      }),
      lambdaContext('stats'),
    );
    const weekBody = jsonBody<AdminAnalytics>(week);
    expect(weekBody.searches.from).toBe(daysAgo(6));
    expect(weekBody.searches.top.find((entry) => entry.query === 'supabase auth')?.searches).toBe(
      41,
    );
  });
});
