/// <reference lib="dom" />
/** The shell around every page: home, theme toggle and its storage, and Page Not Found. */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { screenshot } from '../fixtures/e2e/stack';

describe('the shell', () => {
  const session = useBrowserSession();

  it('shows the home page with header, footer and the local-mode badge', async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByTestId('mode-badge').waitFor();
    for (const group of ['Platform', 'Sellers', 'Support', 'Legal']) {
      expect(await page.getByRole('contentinfo').getByText(group, { exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Browse MVPs' }).first().isVisible()).toBe(true);
    await screenshot(page, 'home');
  });

  it('switches to dark mode, stores darkMode=true, and keeps it after a reload', async () => {
    const { page } = session;
    await page.goto('/mvps');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const stored = () => page.evaluate(() => localStorage.getItem('darkMode'));
    const toggle = page.getByRole('button', { name: 'Toggle dark mode' });
    const before = await isDark();

    await toggle.click();
    expect(await isDark()).toBe(!before);
    expect(await stored()).toBe(String(!before));

    await page.reload();
    await toggle.waitFor();
    expect(await isDark()).toBe(!before);
    if (!before) {
      // The cards, not the loading spinner, are what a dark-mode screenshot should show.
      await page.getByTestId('mvp-card').first().waitFor();
      await screenshot(page, 'browse-dark');
    }

    await toggle.click();
    expect(await isDark()).toBe(before);
    expect(await stored()).toBe(String(before));
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page } = session;
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200); // the SPA answers every path, then routes it
    const heading = page.getByRole('heading', { name: 'Page Not Found' });
    await heading.waitFor();
    await screenshot(page, 'not-found');
  });
});
