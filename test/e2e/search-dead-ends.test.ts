/**
 * No dead ends on /mvps: a search that finds nothing offers "Did you mean" with the catalog's
 * spelling, and a filtered search that finds nothing offers its count without the filter that
 * emptied it and the most downloaded templates of the nearest category; each offer is a link
 * that shows those results.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';

/** The catalog's total for a browse query, as the API answers it now. */
const totalOf = async (query: string): Promise<number> =>
  ((await (await fetch(`${baseUrl()}/api/mvps?${query}`)).json()) as { total: number }).total;

describe('an empty browse is not a dead end', () => {
  const session = useBrowserSession();
  const resultsText = () => session.page.getByTestId('results-count').textContent();

  it('offers "Did you mean" for a misspelling, and the corrected search shows its results', async () => {
    const { page } = session;
    const dashboards = await totalOf('search=dashboard');
    expect(dashboards).toBeGreaterThan(0);
    await page.goto('/mvps');
    await expect.poll(resultsText).toMatch(/^Showing 20 of \d+ MVPs$/);
    await page.getByPlaceholder('Search MVPs...').fill('dashbrd');
    await expect.poll(() => page.getByText('No MVPs found').isVisible()).toBe(true);
    const offer = page.getByTestId('did-you-mean');
    await expect
      .poll(() => offer.textContent())
      .toBe(`Did you mean dashboard? (${dashboards} results)`);
    // The nearest category's most downloaded templates, as cards.
    const nearby = page.getByTestId('nearby-templates');
    expect(await nearby.getByRole('heading', { name: 'Popular in Dashboard' }).isVisible()).toBe(
      true,
    );
    expect(await nearby.getByTestId('mvp-card').count()).toBeGreaterThan(0);
    await screenshot(page, 'browse-did-you-mean');

    await offer.getByRole('link', { name: 'dashboard' }).click();
    await expect
      .poll(resultsText)
      .toBe(`Showing ${Math.min(20, dashboards)} of ${dashboards} MVPs`);
    expect(new URL(page.url()).searchParams.get('search')).toBe('dashboard');
    await expect.poll(() => page.getByPlaceholder('Search MVPs...').inputValue()).toBe('dashboard');
    expect(await page.getByTestId('did-you-mean').count()).toBe(0);
  });

  it('offers the count without the filter that emptied a search, and the link drops it', async () => {
    const { page } = session;
    const stripe = await totalOf('search=stripe');
    expect(stripe).toBeGreaterThan(0);
    expect(await totalOf('search=stripe&max_price=0')).toBe(0);
    await page.goto('/mvps?search=stripe&max_price=0');
    await expect.poll(() => page.getByText('No MVPs found').isVisible()).toBe(true);
    const offer = page.getByTestId('without-filters');
    await expect.poll(() => offer.textContent()).toBe(`${stripe} results without Price ≤ £0`);
    await screenshot(page, 'browse-without-filters');

    await offer.getByRole('link').click();
    await expect.poll(resultsText).toBe(`Showing ${Math.min(20, stripe)} of ${stripe} MVPs`);
    const url = new URL(page.url());
    expect(url.searchParams.get('search')).toBe('stripe');
    expect(url.searchParams.get('max_price')).toBeNull();
    expect(await page.getByLabel('Max price').inputValue()).toBe('');
  });
});
