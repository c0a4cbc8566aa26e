/**
 * The home route's JavaScript budget (at most 150 KB gzipped; it was 213 KB):
 * every script a first-time visitor's browser fetches to show `/`, measured as it is really
 * loaded (lazy chunks included), each gzipped at level 9 as a CDN would serve it. What keeps it
 * there: zod and the other pages' Chakra recipes stay off the first load (lib/chakra-theme.ts),
 * the router is declarative, icons travel one by one, and the shell is one chunk
 * (frontend/vite.config.ts).
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';

const BUDGET_BYTES = 150 * 1024;

describe('the home page JavaScript budget', () => {
  const session = useBrowserSession();

  it('loads at most 150 KB of gzipped JavaScript for a first visit', async () => {
    const { page } = session;
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');

    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const each = [...scripts].map(([url, size]) => `${new URL(url).pathname} ${size} B`);
    console.log(
      `home: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzipped (budget 150 KB): ${each.join(', ')}`,
    );
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
