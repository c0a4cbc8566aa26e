/**
 * Search demand's counting through the catalog Lambda's handler against DynamoDB Local: a browse
 * with search text is counted in memory and written by the flush (one item per day and search,
 * with its latest result count and categories); the first page only, no empty text, typing taken
 * back; a search that found nothing gets the nearest category; and a flush that fails or hangs
 * never fails a search nor holds it up past its budget.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/catalog/index';
import { resetCatalogCache } from '../../../../lambdas/catalog/service';
import {
  SEARCH_FLUSH_KEYS,
  discardSearchCounts,
  flushSearchCounts,
  searchDay,
} from '../../../../lambdas/catalog/search-demand';
import type { BrowseResult } from '../../../../contract/catalog';
import { documentClient } from '../../../../lambdas/shared/db/client';
import { SearchCountEntity } from '../../../../lambdas/shared/db/entities/search-count';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { bumpCatalogVersion } from '../../../fixtures/catalog';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putApprovedSeller } from '../../../fixtures/payouts';
import { templateItem } from '../../../fixtures/template-fixtures';

const browse = async (query: Record<string, string>): Promise<BrowseResult> => {
  const result = await handler(apiEvent({ path: '/api/mvps', query }), lambdaContext('catalog'));
  expect(result.statusCode).toBe(200);
  return jsonBody<BrowseResult>(result);
};

const countOf = async (query: string) =>
  (
    await SearchCountEntity.get({ search_day: searchDay(Date.now()), query }).go({
      consistent: true,
    })
  ).data;

beforeAll(async () => {
  const seller = await putApprovedSeller();
  await TemplateEntity.batchPut([
    templateItem({
      seller_id: seller.id,
      title: 'Supabase Auth Kit',
      tagline: 'Sign-in with Supabase',
      category: 'SaaS',
      tech_stack: ['Supabase', 'React'],
    }),
    templateItem({
      seller_id: seller.id,
      title: 'Metrics Dashboard',
      tagline: 'Charts for your numbers',
      category: 'Dashboard',
    }),
    templateItem({
      seller_id: seller.id,
      title: 'Sales Dashboard',
      tagline: 'Pipeline charts',
      category: 'Dashboard',
    }),
    templateItem({
      seller_id: seller.id,
      title: 'Shop Starter',
      tagline: 'A small store',
      category: 'E-commerce',
    }),
  ]);
  await bumpCatalogVersion({ approvedDelta: 4 });
  resetCatalogCache({ versionCheckIntervalMs: 0 });
}, 60_000);

afterEach(() => discardSearchCounts());

describe('counting searches', () => {
  it('writes a browse’s search after the flush: day, normalised text, result count, categories', async () => {
    await browse({ search: '  Supabase   AUTH ' });
    await browse({ search: 'supabase auth' });
    expect(await countOf('supabase auth')).toBeNull();
    expect(await flushSearchCounts()).toEqual({ written: 1, lost: 0 });
    expect(await countOf('supabase auth')).toMatchObject({
      search_day: searchDay(Date.now()),
      query: 'supabase auth',
      searches: 2,
      result_count: 1,
      categories: ['SaaS'],
    });
    // The next flush adds to the day's item (ADD), whichever container wrote it before.
    await browse({ search: 'supabase auth' });
    await flushSearchCounts();
    expect((await countOf('supabase auth'))?.searches).toBe(3);
    const stored = await countOf('supabase auth');
    expect(stored?.expires_at).toBeGreaterThan(Date.now() / 1000 + 39 * 86_400);
    // Nothing about who searched is stored.
    expect(Object.keys(stored!).sort()).toEqual([
      'categories',
      'expires_at',
      'query',
      'result_count',
      'search_day',
      'searches',
      'updated_at',
    ]);
  });

  it('uses the category filter when set, else the best results’ categories', async () => {
    await browse({ search: 'dashboard' });
    await browse({ search: 'charts', category: 'Dashboard' });
    await flushSearchCounts();
    expect(await countOf('dashboard')).toMatchObject({
      result_count: 2,
      categories: ['Dashboard'],
    });
    expect(await countOf('charts')).toMatchObject({ categories: ['Dashboard'] });
  });

  it('gives a search that found nothing the nearest category', async () => {
    const result = await browse({ search: 'dashboard kanban' });
    expect(result.total).toBe(0);
    await flushSearchCounts();
    expect(await countOf('dashboard kanban')).toMatchObject({
      searches: 1,
      result_count: 0,
      categories: ['Dashboard'],
    });
  });

  it('counts neither later pages nor empty text, and takes back what was typing', async () => {
    await browse({ search: 'sales', page: '1', limit: '1' });
    await browse({ search: '   ' });
    await browse({});
    // The search box searches after each pause: "shop" was on the way to "shop starter".
    await browse({ search: 'shop' });
    await browse({ search: 'shop starter' });
    expect(await flushSearchCounts()).toEqual({ written: 1, lost: 0 });
    expect(await countOf('sales')).toBeNull();
    expect(await countOf('shop')).toBeNull();
    expect(await countOf('shop starter')).toMatchObject({ searches: 1, result_count: 1 });
  });
});

describe('a flush that fails', () => {
  /** Makes the search counts' UpdateItems fail (or hang until aborted) while `work` runs. */
  const withFailingCounts = async (mode: 'fail' | 'hang', work: () => Promise<void>) => {
    const name = `failSearchCounts-${mode}`;
    documentClient().middlewareStack.add(
      (next, context) => async (args) => {
        const input = JSON.stringify(args.input);
        if (context.commandName?.includes('Update') && input.includes('$searchcount')) {
          if (mode === 'fail') {
            throw Object.assign(new Error('Throughput exceeded'), {
              name: 'ProvisionedThroughputExceededException',
            });
          }
          // A write that never answers (the flush's deadline is what ends it).
          return new Promise<never>(() => undefined);
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      await work();
    } finally {
      documentClient().middlewareStack.remove(name);
    }
  };

  it('never fails the search that flushes, and its counts are lost', async () => {
    await withFailingCounts('fail', async () => {
      // Enough distinct searches to make the buffer due: the last browse flushes, and the flush fails.
      for (let i = 0; i < SEARCH_FLUSH_KEYS; i += 1) {
        const result = await browse({ search: `lost${i} dashboard` });
        expect(result.total).toBe(0);
      }
    });
    expect(await countOf('lost0 dashboard')).toBeNull();
    expect(await flushSearchCounts()).toEqual({ written: 0, lost: 0 });
  });

  it('gives a hanging write its budget only', async () => {
    await browse({ search: 'slow dashboard' });
    await withFailingCounts('hang', async () => {
      const started = performance.now();
      expect(await flushSearchCounts({ budgetMs: 100 })).toEqual({ written: 0, lost: 1 });
      expect(performance.now() - started).toBeLessThan(2_000);
    });
  });
});
