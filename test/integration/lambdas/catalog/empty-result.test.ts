/**
 * No dead ends, through the catalog Lambda's handler on the demo catalog: a browse that finds
 * nothing answers, in the same response, a corrected search that finds something ("Did you
 * mean"), the fewest filters to drop and the count without them, and the most downloaded
 * templates of the nearest category; a browse that finds something carries none of them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/catalog/index';
import type { BrowseResult } from '../../../../contract/catalog';
import { liveDemoTemplates as live, seedDemoCatalog } from '../../../fixtures/demo-catalog';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';

const browse = async (query: Record<string, string>): Promise<BrowseResult> => {
  const result = await handler(apiEvent({ path: '/api/mvps', query }), lambdaContext('catalog'));
  expect(result.statusCode).toBe(200);
  return jsonBody<BrowseResult>(result);
};

/** The demo templates of a category, the most downloaded first. */
const mostDownloadedIn = (category: string) =>
  live
    .filter((template) => template.category === category)
    .sort((a, b) => b.downloadCount - a.downloadCount)
    .map((template) => template.title);

beforeAll(seedDemoCatalog, 60_000);

describe('an empty browse offers a way on', () => {
  it('offers "Did you mean dashboard" for a misspelling past the typos a search forgives', async () => {
    const misspelt = await browse({ search: 'dashbrd' });
    expect(misspelt.total).toBe(0);
    const corrected = await browse({ search: 'dashboard' });
    expect(corrected.total).toBeGreaterThan(0);
    expect(misspelt.didYouMean).toEqual({ q: 'dashboard', total: corrected.total });
    // The category nearest to what was meant, its most downloaded templates first.
    expect(misspelt.nearby?.category).toBe('Dashboard');
    expect(misspelt.nearby?.templates.map((template) => template.title)).toEqual(
      mostDownloadedIn('Dashboard').slice(0, 4),
    );
    // The cards are whole cards, sellers included.
    expect(misspelt.nearby?.templates[0]?.seller.username).toBeTruthy();
  });

  it('corrects a word to the closest spelling, never to another word of the search', async () => {
    // `lading` stems to `lade`, as far from `land` as from `page`: as typed it is one letter
    // from `landing`, and `page page` is no search anyone meant.
    const misspelt = await browse({ search: 'lading page' });
    expect(misspelt.total).toBe(0);
    const corrected = await browse({ search: 'landing page' });
    expect(corrected.total).toBeGreaterThan(0);
    expect(misspelt.didYouMean).toEqual({ q: 'landing page', total: corrected.total });
  });

  it('keeps the words that matched and the filters: the corrected search counts with them', async () => {
    const misspelt = await browse({
      search: 'analytics dashbrd',
      licensing_terms: 'premium_commercial',
    });
    expect(misspelt.total).toBe(0);
    const corrected = await browse({
      search: 'analytics dashboard',
      licensing_terms: 'premium_commercial',
    });
    expect(corrected.total).toBeGreaterThan(0);
    expect(misspelt.didYouMean).toEqual({ q: 'analytics dashboard', total: corrected.total });
  });

  it('offers the count without the price filter that emptied a search', async () => {
    const stripe = await browse({ search: 'stripe' });
    const free = await browse({ search: 'stripe', max_price: '0' });
    expect(free.total).toBe(0);
    expect(free.didYouMean).toBeUndefined();
    expect(free.withoutFilters).toEqual({ total: stripe.total, removed: ['max_price'] });
    // No free Stripe template: the category most of the Stripe templates are in.
    expect(free.nearby?.category).toBe('E-commerce');
    expect(free.nearby?.templates.map((template) => template.title)).toEqual(
      mostDownloadedIn('E-commerce').slice(0, 4),
    );
  });

  it('drops the fewest filters, and of as many the ones that bring back the most', async () => {
    const empty = await browse({
      search: 'stripe',
      category: 'Portfolio',
      licensing_terms: 'premium_commercial',
    });
    expect(empty.total).toBe(0);
    const premium = await browse({ search: 'stripe', licensing_terms: 'premium_commercial' });
    expect(premium.total).toBeGreaterThan(0);
    expect(empty.withoutFilters).toEqual({ total: premium.total, removed: ['category'] });
    // The category asked for is the nearest one.
    expect(empty.nearby?.category).toBe('Portfolio');
    expect(empty.nearby?.templates.map((template) => template.title)).toEqual(
      mostDownloadedIn('Portfolio'),
    );
  });

  it('relaxes filters without search text too, a price range as one filter', async () => {
    const empty = await browse({
      category: 'Dashboard',
      price: 'free',
      min_price: '0',
      max_price: '0',
    });
    expect(empty.total).toBe(0);
    const dashboards = await browse({ category: 'Dashboard' });
    const free = await browse({ price: 'free' });
    // Dropping the category brings back the free templates (more than the dashboards' four).
    expect(free.total).toBeGreaterThan(dashboards.total);
    expect(empty.withoutFilters).toEqual({ total: free.total, removed: ['category'] });
    expect(empty.didYouMean).toBeUndefined();
  });

  it('adds nothing to a page that found templates, nor to a typo the search forgives', async () => {
    const queries: Record<string, string>[] = [
      {},
      { search: 'stripe' },
      { search: 'dashbord' },
      { category: 'SaaS' },
    ];
    for (const query of queries) {
      const found = await browse(query);
      expect(found.total, JSON.stringify(query)).toBeGreaterThan(0);
      expect(found.didYouMean).toBeUndefined();
      expect(found.withoutFilters).toBeUndefined();
      expect(found.nearby).toBeUndefined();
    }
  });

  it('offers nothing it cannot back: gibberish has no spelling, no filter to drop', async () => {
    const nothing = await browse({ search: 'qqxxzz' });
    expect(nothing.total).toBe(0);
    expect(nothing.didYouMean).toBeUndefined();
    expect(nothing.withoutFilters).toBeUndefined();
    expect(nothing.nearby).toBeUndefined();
  });
});
