/**
 * A visitor browses the seeded catalog: counts, paging, filters kept in the URL, the empty state,
 * and the detail page of a template (and of one that does not exist).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';

/**
 * The catalog's size when this file starts: the 30 seeded templates, plus those other files
 * published before this one ran (the suite shares one stack, and its order is not fixed).
 */
let total = 0;
beforeAll(async () => {
  const response = await fetch(`${baseUrl()}/api/mvps`);
  total = ((await response.json()) as { total: number }).total;
  expect(total).toBeGreaterThanOrEqual(30);
  expect(total).toBeLessThanOrEqual(40);
});

describe('browsing the catalog', () => {
  const session = useBrowserSession();
  const resultsText = () => session.page.getByTestId('results-count').textContent();

  it('shows the first 20 of the approved templates and pages to the rest', async () => {
    const { page } = session;
    await page.goto('/mvps');
    await expect.poll(resultsText).toBe(`Showing 20 of ${total} MVPs`);
    expect(await page.getByTestId('mvp-card').count()).toBe(20);
    await screenshot(page, 'browse-page-1');

    // The demo template with a PNG preview shows it from its WebP renditions, on page 1 or 2.
    const withSrcset = () => page.locator('[data-testid="mvp-card"] img[srcset]');
    const srcsets = await withSrcset().evaluateAll((images) =>
      images.map((image) => [image.getAttribute('srcset'), image.getAttribute('sizes')]),
    );

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(resultsText).toBe(`Showing ${total - 20} of ${total} MVPs`);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await page.getByTestId('mvp-card').count()).toBe(total - 20);
    srcsets.push(
      ...(await withSrcset().evaluateAll((images) =>
        images.map((image) => [image.getAttribute('srcset'), image.getAttribute('sizes')]),
      )),
    );
    expect(srcsets.length).toBeGreaterThanOrEqual(1);
    for (const [srcset, sizes] of srcsets) {
      expect(srcset).toMatch(
        /^\/previews\/\S+\.w400\.webp 400w, \/previews\/\S+\.w1200\.webp 1200w$/,
      );
      expect(sizes).toMatch(/112px$/);
    }
  });

  it('filters by category back on the first page, and keeps the filter across a reload', async () => {
    const { page } = session;
    await page.goto('/mvps?page=2');
    await expect.poll(resultsText).toBe(`Showing ${total - 20} of ${total} MVPs`);

    await page.getByLabel('Category').selectOption('Dashboard');
    await expect.poll(resultsText).toMatch(/^Showing (\d+) of \1 MVPs$/);
    const filtered = Number((await resultsText())?.match(/of (\d+)/)?.[1]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(total);
    const url = new URL(page.url());
    expect(url.searchParams.get('category')).toBe('Dashboard');
    expect(url.searchParams.get('page')).toBeNull();
    for (const badge of await page.getByTestId('mvp-card').all()) {
      expect(await badge.textContent()).toContain('Dashboard');
    }

    // Opened directly, the page's data is asked for once: at boot, before the page renders
    // (app/early-data.ts), and the page's own query finds that answer. `/config.json` too: the
    // page preloads it (index.html) and boot's read takes the preloaded answer.
    const catalogReads: string[] = [];
    const configReads: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/mvps') catalogReads.push(request.url());
      if (pathname === '/config.json') configReads.push(request.url());
    };
    page.on('request', onRequest);
    await page.reload();
    await expect.poll(resultsText).toBe(`Showing ${filtered} of ${filtered} MVPs`);
    await expect.poll(() => page.getByLabel('Category').inputValue()).toBe('Dashboard');
    page.off('request', onRequest);
    expect(catalogReads).toHaveLength(1);
    expect(configReads).toHaveLength(1);
    expect(new URL(catalogReads[0]!).searchParams.get('category')).toBe('Dashboard');
  });

  it('filters by technology with a removable chip, and Clear All resets everything', async () => {
    const { page } = session;
    await page.goto('/mvps');
    await expect.poll(resultsText).toBe(`Showing 20 of ${total} MVPs`);

    await page.getByRole('checkbox', { name: 'React', exact: true }).check({ force: true });
    await expect.poll(resultsText).not.toBe(`Showing 20 of ${total} MVPs`);
    expect(new URL(page.url()).searchParams.get('tech_stack')).toBe('React');
    const chip = page.getByRole('button', { name: 'Remove React' });
    expect(await chip.isVisible()).toBe(true);
    await screenshot(page, 'browse-filtered');

    await chip.click();
    await expect.poll(resultsText).toBe(`Showing 20 of ${total} MVPs`);

    await page.getByPlaceholder('Search MVPs...').fill('zzzz no such template');
    await expect.poll(() => page.getByText('No MVPs found').isVisible()).toBe(true);
    await screenshot(page, 'browse-empty');
    await page.getByTestId('clear-filters').click();
    await expect.poll(resultsText).toBe(`Showing 20 of ${total} MVPs`);
    expect(new URL(page.url()).search).toBe('');
  });

  it('searches with a typo, the best match first, and offers Best match only with text', async () => {
    const { page } = session;
    await page.goto('/mvps');
    await expect.poll(resultsText).toBe(`Showing 20 of ${total} MVPs`);
    const sort = page.getByLabel('Sort by');
    const sortOptions = () => sort.locator('option').allTextContents();
    expect(await sortOptions()).not.toContain('Best match');

    await page.getByPlaceholder('Search MVPs...').fill('dashbord');
    await expect
      .poll(() => page.getByTestId('mvp-card').first().textContent())
      .toContain('Analytics Dashboard');
    expect(await sort.inputValue()).toBe('relevance');
    expect(await sortOptions()).toContain('Best match');
    expect(new URL(page.url()).searchParams.get('sort')).toBeNull();

    await sort.selectOption('download_count');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('download_count');
    await page.getByPlaceholder('Search MVPs...').fill('');
    await expect.poll(sortOptions).not.toContain('Best match');
  });

  it("shows a template's 1200 px rendition and opens the original full size from the gallery", async () => {
    const { page } = session;
    // The demo template whose first preview is a raster image with renditions.
    let withRenditions: string | undefined;
    for (let number = 1; !withRenditions && number <= 2; number += 1) {
      const { items } = (await (await fetch(`${baseUrl()}/api/mvps?page=${number}`)).json()) as {
        items: { id: string; preview_renditions?: unknown[] }[];
      };
      withRenditions = items.find((item) => item.preview_renditions?.[0])?.id;
    }
    expect(withRenditions).toBeDefined();
    await page.goto(`/mvp/${withRenditions}`);
    const gallery = page.getByTestId('mvp-gallery');
    await gallery.waitFor();
    const full = gallery.getByRole('link', { name: /full size$/ });
    expect(await full.locator('img').getAttribute('src')).toMatch(/\.w1200\.webp$/);
    const original = await full.getAttribute('href');
    expect(original).toMatch(/^\/previews\/\S+\.png$/);
    expect(await full.getAttribute('target')).toBe('_blank');
    const response = await page.request.get(original!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  });

  it('opens a template from its card and shows its details', async () => {
    const { page } = session;
    await page.goto('/mvps');
    const card = page.getByTestId('mvp-card').first();
    await card.waitFor();
    const title = (await card.getByTestId('mvp-card-title').textContent())?.trim();
    const id = await card.getAttribute('data-mvp-id');
    await card.getByRole('link', { name: 'View Details' }).click();

    await page.waitForURL(`**/mvp/${id}`);
    const detail = page.getByTestId('mvp-detail');
    await detail.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await detail.textContent()).toMatch(/Version\s*\d+\.\d+\.\d+/);
    expect(await page.getByTestId('mvp-gallery').locator('img').count()).toBeGreaterThan(0);
    // Buyers see the versions and their changelogs.
    const history = page.getByTestId('version-history');
    expect(await history.textContent()).toMatch(/v\d+\.\d+\.\d+\s*Live/);
    // Anonymous visitors see the details and are asked to sign in to download.
    expect(await page.getByTestId('sign-in-prompt').isVisible()).toBe(true);
    await screenshot(page, 'mvp-detail');
  });

  it('says plainly when a template does not exist', async () => {
    const { page } = session;
    await page.goto('/mvp/01ARZ3NDEKTSV4RRFFQ69G5FAV');
    const error = page.getByTestId('mvp-detail-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(
      'MVP not found. It might not exist or is pending approval.',
    );
    await screenshot(page, 'mvp-not-found');
  });
});
