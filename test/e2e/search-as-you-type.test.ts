/// <reference lib="dom" />
/**
 * Search as you type on /mvps: typing `dashbo` opens the combobox's completions (a category, and
 * the titles and technologies the word reaches), the arrows move through them with the focus kept
 * in the box, Enter or a click searches the completion, and the results mark the matched words.
 * The open list is scanned with axe-core.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { screenshot } from '../fixtures/e2e/stack';

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.x A and AA). */
const axeFindings = async (page: Page): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const result = await inPage.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(' | ')}`);
  });
};

describe('search as you type', () => {
  const session = useBrowserSession();
  const box = () => session.page.getByRole('combobox', { name: 'Search' });
  const list = () => session.page.getByRole('listbox', { name: 'Search suggestions' });
  const options = () => list().getByRole('option');
  const resultsText = () => session.page.getByTestId('results-count').textContent();
  /**
   * /mvps with its first page shown. The run's first page, when this file comes first, also loads
   * the code chunks and builds the catalog's snapshot and index on a machine that may be busy.
   */
  const openBrowse = async () => {
    await session.page.goto('/mvps');
    await expect.poll(resultsText, { timeout: 60_000 }).toMatch(/^Showing 20 of \d+ MVPs$/);
  };

  it('suggests completions for `dashbo`, moved through with the arrows, and Enter searches one', async () => {
    const { page } = session;
    await openBrowse();
    await box().pressSequentially('dashbo');
    await list().waitFor();
    expect(await box().getAttribute('aria-expanded')).toBe('true');
    const count = await options().count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    const texts = await options().allTextContents();
    expect(texts).toContain('DashboardCategory');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'browse-suggestions');

    // The arrows choose an option while the focus stays in the box.
    await box().press('ArrowDown');
    const first = options().first();
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    expect(await box().getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await box().press('ArrowUp');
    await expect.poll(() => options().last().getAttribute('aria-selected')).toBe('true');
    await box().press('ArrowDown');
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
      'combobox',
    );

    // Enter searches the chosen completion, and the list closes.
    const chosen = (await first.locator('span').first().textContent())!;
    await box().press('Enter');
    await expect.poll(() => box().inputValue()).toBe(chosen);
    await expect.poll(() => new URL(page.url()).searchParams.get('search') ?? '').toBe(chosen);
    await expect.poll(() => box().getAttribute('aria-expanded')).toBe('false');
    await expect.poll(resultsText).toMatch(/^Showing \d+ of \d+ MVPs$/);
    // The cards mark the words the search matched.
    await expect
      .poll(() => page.getByTestId('results-grid').locator('mark').count())
      .toBeGreaterThan(0);
    await screenshot(page, 'browse-highlighted');
  });

  it('searches a clicked completion, and Escape closes the list without searching', async () => {
    const { page } = session;
    await openBrowse();
    await box().pressSequentially('dashbo');
    await list().waitFor();
    await box().press('Escape');
    await expect.poll(() => box().getAttribute('aria-expanded')).toBe('false');
    expect(await box().inputValue()).toBe('dashbo');

    await box().press('ArrowDown');
    await list().waitFor();
    const category = options().filter({ hasText: 'Category' }).first();
    await category.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('Dashboard');
    await expect.poll(() => box().inputValue()).toBe('Dashboard');
    await expect.poll(resultsText).toMatch(/^Showing \d+ of \d+ MVPs$/);
    const titles = await page.getByTestId('mvp-card').getByRole('heading').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.some((title) => /dashboard/i.test(title))).toBe(true);
  });
});
