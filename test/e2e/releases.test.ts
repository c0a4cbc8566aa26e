/// <reference lib="dom" />
/**
 * A release removes the chunks an open tab still expects (docs/operations.md, "Releases"). The
 * test loads home, then answers 404 for every script the tab asks for next, as a bucket without
 * that release's files would: the page still comes, after one reload at most; when the chunks stay
 * missing, the tab reloads once only and shows the friendly page with Reload.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { screenshot } from '../fixtures/e2e/stack';

/**
 * Loads home, then makes every new script the tab asks for answer 404: `always` for good (the
 * chunk stays missing), else until the tab reloads (the reload fetches the new release's
 * index.html, whose scripts are all there). Returns the documents the tab has loaded since, and
 * the first script refused.
 */
const removeNextChunk = async (page: Page, always: boolean) => {
  const loaded = new Set<string>();
  page.on('requestfinished', (request) => loaded.add(request.url()));
  await page.goto('/');
  await page.getByRole('link', { name: 'Browse MVPs' }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => sessionStorage.clear());

  // Every script home had not loaded is gone: which of them the next page asks for first (its
  // own chunk, or one a link's hover prefetched) depends on timing, and one that the page does not
  // need would fail without a reload.
  const documents: string[] = [];
  let missing: string | undefined;
  await page.route('**/assets/*.js', async (route) => {
    const url = route.request().url();
    if (!loaded.has(url) && (always || documents.length === 0)) {
      missing ??= url;
      await route.fulfill({ status: 404, body: 'Not Found' });
      return;
    }
    await route.continue();
  });
  page.on('request', (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documents.push(request.url());
    }
  });
  return { documents, missing: () => missing };
};

describe('releases', () => {
  const session = useBrowserSession({ perTest: true });

  // Whether the catalog page still needs a refused script depends on what home had fetched by
  // then (chunks are shared), so the page may come without a reload; what must hold is that it
  // comes, with one reload at most and never the error page. The next test proves the reload.
  it('shows the page when a chunk it may need is gone, reloading once at most', async () => {
    const { page } = session;
    const { documents, missing } = await removeNextChunk(page, false);

    await page.getByRole('link', { name: 'Browse MVPs' }).first().click();
    await page.getByTestId('mvp-card').first().waitFor();

    const refused = missing();
    // Home may have fetched every chunk the catalog needs already (a link's hover prefetch, the
    // first cards' shared chunks): then nothing was refused and nothing may reload.
    if (refused === undefined) expect(documents).toEqual([]);
    else expect(refused).toMatch(/\/assets\/.+\.js$/);
    expect(documents.length).toBeLessThanOrEqual(1);
    for (const document of documents) expect(new URL(document).pathname).toBe('/mvps');
    expect(await page.getByTestId('root-error').count()).toBe(0);
  });

  it('shows the friendly page with Reload when the chunk stays missing, after one reload', async () => {
    const { page } = session;
    const { documents } = await removeNextChunk(page, true);

    await page.getByRole('link', { name: 'Browse MVPs' }).first().click();
    await page.getByTestId('root-error').waitFor();
    expect(await page.getByText('Something went wrong').isVisible()).toBe(true);
    const reload = page.getByRole('button', { name: 'Reload' });
    expect(await reload.isVisible()).toBe(true);
    // Settled: no further reload follows.
    await page.waitForTimeout(1000);
    expect(documents).toHaveLength(1);
    await screenshot(page, 'release-chunk-missing');

    await reload.click();
    await page.getByTestId('root-error').waitFor();
    expect(documents).toHaveLength(2);
  });
});
