/// <reference lib="dom" />
/**
 * The admin analytics tab end to end: `admin@demo.local` sees the month by default
 * with the demo's revenue (paid through the local Stripe server by the seed) in a stat card and
 * drawn as charts, switches to the year and the day, and when the API fails sees 'Failed to load
 * analytics data' and recovers with Try again. Screenshots in light and dark mode
 * (test/fixtures/e2e/stack.ts, `screenshot`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };

/** The tab once its figures are in and its three charts are drawn. */
const loaded = async (page: Page) => {
  await page.locator('[data-testid="admin-analytics"][aria-busy="false"]').waitFor();
  await expect.poll(() => page.locator('.recharts-surface').count()).toBe(3);
};

const rangeText = (page: Page) => page.getByTestId('analytics-range').textContent();

describe('admin analytics', () => {
  const session = useBrowserSession();

  it('shows the month by default, switches periods, and retries after a failure', async () => {
    const { page } = session;
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin?tab=analytics');
    await loaded(page);
    const period = page.getByRole('group', { name: 'Period' });
    expect(await period.getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await rangeText(page)).toContain('Last 30 days');
    // The seed's renewals this month are money in within the last 30 days.
    const revenue = page.getByTestId('analytics-stat-revenue');
    expect(await revenue.textContent()).toMatch(/£\d+\.\d\d/);
    expect(await page.getByTestId('analytics-stat-new-users').textContent()).toContain(
      'Last 30 days',
    );
    // The most searched, and the most searched of those that found nothing (the demo's searches).
    const top = page.getByTestId('admin-top-searches');
    expect(await top.locator('tbody tr').first().locator('td').first().textContent()).toBe(
      'saas starter',
    );
    expect(
      await page.getByTestId('admin-zero-result-searches').locator('tbody td').allTextContents(),
    ).toContain('multi tenant');

    await period.getByRole('button', { name: 'Year' }).click();
    await expect.poll(() => rangeText(page)).toContain('Last 365 days');
    await loaded(page);
    await period.getByRole('button', { name: 'Day' }).click();
    await expect.poll(() => rangeText(page)).toContain('Today');
    await loaded(page);

    let failing = true;
    await page.route('**/api/admin/analytics**', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Something went wrong.' }),
          })
        : route.continue(),
    );
    await period.getByRole('button', { name: 'Week' }).click();
    const error = page.getByTestId('analytics-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Failed to load analytics data');
    await screenshot(page, 'admin-analytics-error');
    failing = false;
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => rangeText(page)).toContain('Last 7 days');
    await loaded(page);
    await page.unroute('**/api/admin/analytics**');
  });

  it('is drawn in light and dark mode', async () => {
    const { page } = session;
    for (const mode of ['light', 'dark'] as const) {
      await page.evaluate(
        (dark) => localStorage.setItem('darkMode', String(dark)),
        mode === 'dark',
      );
      await page.goto('/admin?tab=analytics');
      await loaded(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        mode === 'dark',
      );
      await screenshot(page, `admin-analytics-${mode}`);
    }
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
