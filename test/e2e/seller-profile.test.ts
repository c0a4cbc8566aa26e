/// <reference lib="dom" />
/** The public seller page: an approved seller's templates and stats, and the error view. */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { screenshot } from '../fixtures/e2e/stack';

describe('public seller profile', () => {
  const session = useBrowserSession();

  it("shows a seeded seller's profile, stats and approved templates", async () => {
    const { page } = session;
    await page.goto('/seller/pixelforge');
    await page.getByRole('heading', { name: 'PixelForge Studio', level: 1 }).waitFor();
    expect(await page.getByText('@pixelforge', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText(/Member since/).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe(
      'https://pixelforge.example.com',
    );
    const cards = page.getByTestId('seller-mvps').getByTestId('mvp-card');
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(await page.getByTestId('seller-stat-mvps').textContent()).toBe(`${count}MVPs`);
    await screenshot(page, 'seller-profile');

    await cards.first().click();
    await page.waitForURL(/\/mvp\//);
  });

  it('shows the error view with Browse MVPs for an unknown or unapproved seller', async () => {
    const { page } = session;
    await page.goto('/seller/no-such-seller');
    await page.getByRole('heading', { name: 'Seller not found or not approved' }).waitFor();
    await page.getByTestId('seller-error').getByRole('link', { name: 'Browse MVPs' }).click();
    await page.waitForURL(/\/mvps$/);
  });
});
