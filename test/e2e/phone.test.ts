/// <reference lib="dom" />
/**
 * Phone and navigation: on a phone `/mvps` shows search and sort without opening the
 * filters and its cards are compact rows; approved sellers are offered "Sell" instead of "Become a
 * Seller"; the seller dashboard's figures fill every row at every width.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe('phone and navigation', () => {
  const session = useBrowserSession();

  it('shows search and sort on a phone without opening the filters, and compact cards', async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    await page.goto('/mvps');
    await page.getByTestId('mvp-card').nth(19).waitFor();

    expect(await page.getByPlaceholder('Search MVPs...').isVisible()).toBe(true);
    expect(await page.getByLabel('Sort by').isVisible()).toBe(true);
    // The other filters are folded behind one button, and built only once it is opened.
    expect(await page.getByLabel('Category').count()).toBe(0);
    const more = page.getByRole('button', { name: 'More filters' });
    await more.click();
    await page.getByLabel('Category').waitFor();
    expect(await page.getByRole('checkbox', { name: 'React', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Hide filters' }).click();
    // Folded again, then the window widens past a tablet: the filters stand beside the results.
    await page.setViewportSize(DESKTOP);
    await page.getByLabel('Category').waitFor();
    await page.setViewportSize(PHONE);

    // Twenty results (with the filters, pagination and footer) in under half of the 11,000 px the
    // full cards took: about 5,000 px, of which 20 cards take about 2,900.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(5_500);
    // Each card is a row: its thumbnail beside its title, and it still opens the template.
    const card = page.getByTestId('mvp-card').first();
    const [image, title] = await Promise.all([
      card.getByRole('img').first().boundingBox(),
      card.getByTestId('mvp-card-title').boundingBox(),
    ]);
    expect(title!.x).toBeGreaterThan(image!.x + image!.width - 1);
    await screenshot(page, 'mvps-phone-light');
    await page.getByTestId('theme-toggle').click();
    await screenshot(page, 'mvps-phone-dark');
    await page.getByTestId('theme-toggle').click();

    const id = await card.getAttribute('data-mvp-id');
    await card.getByTestId('mvp-card-title').getByRole('link').click();
    await page.waitForURL(`**/mvp/${id}`);
    await page.setViewportSize(DESKTOP);
  });

  it('offers "Sell" to an approved seller, and "Become a Seller" to everyone else', async () => {
    const { page } = session;
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Become a Seller' }).waitFor();

    await signIn(page, 'seller@demo.local', 'demo1234');
    await nav.getByRole('link', { name: 'Sell', exact: true }).click();
    await page.waitForURL('**/upload');
    expect(await nav.getByRole('link', { name: 'Become a Seller' }).count()).toBe(0);
  });

  it("fills every row of the seller dashboard's figures at every width", async () => {
    const { page } = session;
    await page.goto('/dashboard');
    const cards = page.getByTestId('seller-stats').locator(':scope > *');
    await expect.poll(() => cards.count()).toBe(6);
    for (const width of [390, 800, 1100, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const tops = await cards.evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().top)),
      );
      const perRow = new Map<number, number>();
      for (const top of tops) perRow.set(top, (perRow.get(top) ?? 0) + 1);
      const counts = [...perRow.values()];
      // Every row as full as the first: no hole at the end.
      expect(new Set(counts).size, `${width}px: ${counts.join(', ')} to a row`).toBe(1);
    }
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'seller-dashboard-stats');
  });
});
