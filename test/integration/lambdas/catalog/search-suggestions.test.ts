/**
 * As you type, through the catalog Lambda's handler on the demo catalog: a search's answer carries
 * up to six completions (titles, technologies, categories) that each lead to templates, and the
 * words of its cards that matched, read as the search reads them (prefix, typo, stem, synonym).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/catalog/index';
import type { BrowseResult } from '../../../../contract/catalog';
import { SUGGESTION_LIMIT, type SearchSuggestion } from '../../../../contract/search-aids';
import { liveDemoTemplates as live, seedDemoCatalog } from '../../../fixtures/demo-catalog';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';

const browse = async (query: Record<string, string>): Promise<BrowseResult> => {
  const result = await handler(apiEvent({ path: '/api/mvps', query }), lambdaContext('catalog'));
  expect(result.statusCode).toBe(200);
  return jsonBody<BrowseResult>(result);
};
const suggestionsFor = async (search: string, query: Record<string, string> = {}) =>
  (await browse({ search, ...query })).suggestions ?? [];
const shown = (suggestions: readonly SearchSuggestion[]) =>
  suggestions.map(({ kind, text }) => `${kind}: ${text}`);

beforeAll(seedDemoCatalog, 60_000);

describe('search suggestions as you type', () => {
  it('completes `dashbo` to the Dashboard category and the dashboards’ titles', async () => {
    const suggestions = await suggestionsFor('dashbo');
    expect(shown(suggestions)).toContain('category: Dashboard');
    expect(suggestions.find((s) => s.kind === 'category')?.search).toBe('Dashboard');
    const titles = suggestions.filter((s) => s.kind === 'title');
    expect(titles[0]).toEqual({
      kind: 'title',
      text: 'Analytics Dashboard',
      search: 'Analytics Dashboard',
    });
    for (const title of titles) expect(title.text.toLowerCase()).toContain('dashboard');
    expect(suggestions.length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
  });

  it('completes `nex` to Next.js, a technology of the catalog, and keeps the words before it', async () => {
    const alone = await suggestionsFor('nex');
    expect(alone).toContainEqual({ kind: 'technology', text: 'Next.js', search: 'Next.js' });
    // NextAuth is a technology people may pick, but no demo template is built with it.
    expect(shown(alone)).not.toContain('technology: NextAuth');
    expect(await suggestionsFor('stripe nex')).toContainEqual({
      kind: 'technology',
      text: 'Next.js',
      search: 'stripe Next.js',
    });
  });

  it('offers at most six, each of which finds templates with the same filters', async () => {
    for (const [typed, query] of [
      ['s', {}],
      ['st', {}],
      ['re', {}],
      ['ap', {}],
      ['dashbo', { category: 'SaaS' }],
      ['port', { tech_stack: 'React' }],
    ] as const) {
      const suggestions = await suggestionsFor(typed, query);
      expect(suggestions.length, typed).toBeLessThanOrEqual(SUGGESTION_LIMIT);
      for (const suggestion of suggestions) {
        const found = await browse({ search: suggestion.search, ...query });
        expect(found.total, `${typed} → ${suggestion.search}`).toBeGreaterThan(0);
        if (suggestion.kind === 'title') {
          expect(found.items[0]?.title, suggestion.search).toBe(suggestion.text);
        }
      }
    }
    expect(shown(await suggestionsFor('st'))).toEqual(
      expect.arrayContaining([
        'technology: Stripe',
        'title: Status Page',
        'title: Startup Landing Page',
      ]),
    );
  });

  it('does not offer what was typed, and offers nothing past the first page or for no match', async () => {
    expect(shown(await suggestionsFor('Next.js'))).not.toContain('technology: Next.js');
    expect(shown(await suggestionsFor('Analytics Dashboard'))).not.toContain(
      'title: Analytics Dashboard',
    );
    expect((await browse({ search: 'stripe', page: '1', limit: '2' })).suggestions).toBeUndefined();
    expect(await suggestionsFor('zzqxv')).toEqual([]);
    const unsearched = await browse({});
    expect(unsearched.suggestions).toBeUndefined();
    expect(unsearched.matchedWords).toBeUndefined();
  });

  it('names the words of the cards that matched: prefix, typo, stem and a technology’s other names', async () => {
    expect((await browse({ search: 'dashbo' })).matchedWords).toContain('dashboard');
    expect((await browse({ search: 'dashbord' })).matchedWords).toContain('dashboard');
    const plural = await browse({ search: 'Dashboards' });
    expect(plural.matchedWords).toContain('dashboard');
    expect(plural.matchedWords).not.toContain('analytics');
    const stripeSaas = await browse({ search: 'stripe saas' });
    expect(stripeSaas.matchedWords).toContain('saas');
    // Every marked word is in a card's title or tagline.
    const cardWords = new Set(
      stripeSaas.items.flatMap((item) =>
        `${item.title} ${item.tagline}`.toLowerCase().split(/[^\p{L}\p{N}.'-]+/u),
      ),
    );
    for (const word of stripeSaas.matchedWords ?? []) expect(cardWords).toContain(word);
    const nextTemplates = live.filter((t) => t.techStack.includes('Next.js')).length;
    expect((await browse({ search: 'next' })).total).toBe(nextTemplates);
  });
});
