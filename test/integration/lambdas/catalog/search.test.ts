/**
 * Search through the catalog Lambda's handler on the demo catalog (the seed's templates and
 * sellers, lib/local/seed): every word in any order, technologies however typed, stems and typos,
 * the best match first, the filters ANDed with it and the total exact; a new container starts
 * from the snapshot's index, and a change after it is searchable at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/catalog/index';
import { resetCatalogCache } from '../../../../lambdas/catalog/service';
import type { BrowseResult } from '../../../../contract/catalog';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { bumpCatalogVersion } from '../../../fixtures/catalog';
import { liveDemoTemplates as live, seedDemoCatalog } from '../../../fixtures/demo-catalog';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';

const browse = async (query: Record<string, string>): Promise<BrowseResult> => {
  const result = await handler(apiEvent({ path: '/api/mvps', query }), lambdaContext('catalog'));
  expect(result.statusCode).toBe(200);
  return jsonBody<BrowseResult>(result);
};
const titles = async (search: string, query: Record<string, string> = {}) =>
  (await browse({ search, ...query })).items.map((item) => item.title);
const withTech = (tech: string) =>
  live.filter((template) => template.techStack.includes(tech)).map((template) => template.title);

// A new container starting from the snapshot's index, checking the catalog version every request.
beforeAll(seedDemoCatalog, 60_000);

describe('search on the demo catalog', () => {
  it('finds every word in any order: stripe saas, assistant writing, portfolio developer', async () => {
    const stripeSaas = await titles('stripe saas');
    expect(stripeSaas[0]).toBe('LaunchKit SaaS Starter');
    expect([...stripeSaas].sort()).toEqual(
      ['AI Writing Assistant', 'Invoice Flow', 'LaunchKit SaaS Starter'].sort(),
    );
    expect(await titles('assistant writing')).toEqual(['AI Writing Assistant']);
    expect(await titles('writing assistant')).toEqual(['AI Writing Assistant']);
    expect((await titles('portfolio developer'))[0]).toBe('Developer Portfolio');
  });

  it('finds a technology however it is typed, the templates built with it', async () => {
    const stripe = await browse({ search: 'stripe' });
    expect(stripe.total).toBe(withTech('Stripe').length);
    expect(stripe.items.map((item) => item.title).sort()).toEqual(withTech('Stripe').sort());
    for (const typed of ['nextjs', 'next.js', 'Next', 'Next.js']) {
      const found = await browse({ search: typed });
      expect(found.items.map((item) => item.title).sort(), typed).toEqual(
        withTech('Next.js').sort(),
      );
      expect(found.total, typed).toBe(withTech('Next.js').length);
    }
  });

  it('stems and forgives a typo: Dashboards and dashbord find the dashboards, the best first', async () => {
    const plural = await titles('Dashboards');
    const typo = await titles('dashbord');
    expect(plural[0]).toBe('Analytics Dashboard');
    expect(typo).toEqual(plural);
    for (const title of ['CRM Lite', 'Inventory Manager', 'Support Inbox']) {
      expect(plural).toContain(title);
    }
  });

  it('puts a template first when its exact title is searched', async () => {
    for (const template of live) {
      expect((await titles(template.title))[0], template.title).toBe(template.title);
    }
  });

  it('finds a template by its seller name', async () => {
    const pixelForge = live.filter((template) => template.seller === 'studio');
    expect((await browse({ search: 'pixelforge' })).total).toBe(pixelForge.length);
  });

  it('combines with the filters exactly as before, and an explicit order replaces relevance', async () => {
    const filtered = await browse({ search: 'stripe', category: 'E-commerce' });
    const expected = live
      .filter((template) => template.techStack.includes('Stripe'))
      .filter((template) => template.category === 'E-commerce');
    expect(filtered.total).toBe(expected.length);
    const byDownloads = await browse({ search: 'stripe', sort: 'download_count' });
    const counts = byDownloads.items.map((item) => item.download_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const paged = await browse({ search: 'stripe', limit: '2', page: '1' });
    expect(paged.total).toBe(withTech('Stripe').length);
    expect(paged.items.map((item) => item.title)).toEqual((await titles('stripe')).slice(2, 4));
  });

  it('searches a change at once, in a running container and in a new one', async () => {
    const template = live.find((t) => t.title === 'Habit Coach')!;
    expect(await titles('habit')).toEqual(['Habit Coach']);
    await TemplateEntity.patch({ id: template.id })
      .set({ title: 'Habit Coach Quokka', updated_at: new Date().toISOString() })
      .go();
    await bumpCatalogVersion();
    expect(await titles('quokka')).toEqual(['Habit Coach Quokka']);
    expect(await titles('quoka')).toEqual(['Habit Coach Quokka']);
    resetCatalogCache({ versionCheckIntervalMs: 0 });
    expect(await titles('quokka')).toEqual(['Habit Coach Quokka']);
  });
});
