/// <reference lib="dom" />
/**
 * The admin Newsletter tab end to end: `admin@demo.local` creates a newsletter type
 * (the name is required, in the product's words), edits it inline, deletes it after the confirmation,
 * sees that site_updates cannot be deleted; browses the seeded subscribers by status, downloads the
 * CSV (header and a seeded address) and sees the product's texts when the export or a load fails
 * (recovering with Try again); and finds the demo buyer among site_updates' user subscriptions.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };
/** Seeded by lib/local/seed/newsletter.ts (`demoNewsletterSubscribers`). */
const SEEDED = { subscribed: 'ada@example.com', unsubscribed: 'linus@example.com' };

const subscriberRow = (page: Page, email: string) =>
  page.locator(`[data-testid="newsletter-subscriber-row"][data-email="${email}"]`);

describe('admin newsletter', () => {
  const session = useBrowserSession();

  it('creates, edits and deletes a newsletter type; site_updates stays', async () => {
    const { page } = session;
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin?tab=newsletter');
    const types = page.getByTestId('newsletter-types');
    const siteUpdates = types.locator(
      '[data-testid="newsletter-type-row"][data-name="Site updates"]',
    );
    await siteUpdates.waitFor();
    expect(await siteUpdates.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    expect(await siteUpdates.textContent()).toContain('cannot be deleted');
    await screenshot(page, 'admin-newsletter-types-light');

    const form = page.getByRole('form', { name: 'Create newsletter type' });
    await form.getByRole('button', { name: 'Create type' }).click();
    await expect.poll(() => form.textContent()).toContain('Newsletter type name is required');

    const name = `Weekly picks ${Date.now()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('The best new templates, every Monday.');
    await form.getByRole('button', { name: 'Create type' }).click();
    const row = types.locator(`[data-testid="newsletter-type-row"][data-name="${name}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('The best new templates');
    expect(await row.textContent()).toContain('Active');

    await row.getByRole('button', { name: 'Edit' }).click();
    const editRow = types.getByTestId('newsletter-type-edit-row');
    await editRow.getByLabel('Name').fill('');
    await editRow.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editRow.textContent()).toContain('Newsletter type name is required');
    const renamed = `${name} (renamed)`;
    await editRow.getByLabel('Name').fill(renamed);
    await editRow.getByText('Active', { exact: true }).click();
    await editRow.getByRole('button', { name: 'Save' }).click();
    const renamedRow = types.locator(`[data-testid="newsletter-type-row"][data-name="${renamed}"]`);
    await renamedRow.waitFor();
    expect(await renamedRow.textContent()).toContain('Inactive');

    await renamedRow.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('delete-newsletter-type-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(renamed);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await renamedRow.waitFor({ state: 'detached' });
    expect(await page.getByTestId('newsletter-type-result').textContent()).toContain('was deleted');
    expect(await siteUpdates.count()).toBe(1);
  });

  it('lists the subscribers by status and downloads them as CSV', async () => {
    const { page } = session;
    await page.goto('/admin?tab=newsletter');
    await page.getByRole('tab', { name: 'Subscribers' }).click();
    const panel = page.getByTestId('newsletter-subscribers');
    await subscriberRow(page, SEEDED.subscribed).waitFor();
    expect(await subscriberRow(page, SEEDED.unsubscribed).textContent()).toContain('Unsubscribed');

    const status = panel.getByRole('group', { name: 'Status' });
    await status.getByRole('button', { name: 'Unsubscribed' }).click();
    await page.locator('[data-testid="newsletter-subscribers"][aria-busy="false"]').waitFor();
    await subscriberRow(page, SEEDED.unsubscribed).waitFor();
    expect(await subscriberRow(page, SEEDED.subscribed).count()).toBe(0);
    await status.getByRole('button', { name: 'All' }).click();
    await subscriberRow(page, SEEDED.subscribed).waitFor();
    await screenshot(page, 'admin-newsletter-subscribers-light');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('email,source,subscribed_at,unsubscribed_at,last_modified_at');
    expect(lines.find((line) => line.startsWith(`${SEEDED.subscribed},`))).toMatch(
      /^ada@example\.com,launch_page,2026-03-02T09:15:00\.000Z,,/,
    );
    expect(csv).toContain(`${SEEDED.unsubscribed},launch_page,`);
  });

  it("shows the product's texts when the export or the list fails, and recovers with Try again", async () => {
    const { page } = session;
    const panel = page.getByTestId('newsletter-subscribers');
    await page.route('**/api/admin/newsletter-subscribers/export**', (route) =>
      route.fulfill({ status: 503, json: { message: 'The marketplace is busy.' } }),
    );
    await panel.getByRole('button', { name: 'Export CSV' }).click();
    const exportError = page.getByTestId('newsletter-export-error');
    await exportError.waitFor();
    expect(await exportError.textContent()).toContain('Failed to export subscribers');
    await page.unroute('**/api/admin/newsletter-subscribers/export**');

    let failing = true;
    const list = (url: URL) => url.pathname === '/api/admin/newsletter-subscribers';
    await page.route(list, (route) =>
      failing
        ? route.fulfill({ status: 500, json: { message: 'An unexpected error occurred.' } })
        : route.continue(),
    );
    await panel
      .getByRole('group', { name: 'Status' })
      .getByRole('button', { name: 'Subscribed', exact: true })
      .click();
    const loadError = panel.getByTestId('newsletter-load-error');
    await loadError.waitFor();
    expect(await loadError.textContent()).toContain('Failed to load subscriptions or subscribers');
    failing = false;
    await loadError.getByRole('button', { name: 'Try again' }).click();
    await subscriberRow(page, SEEDED.subscribed).waitFor();
    expect(await subscriberRow(page, SEEDED.unsubscribed).count()).toBe(0);
    await page.unroute(list);
  });

  it("lists site_updates' user subscriptions, in dark mode too", async () => {
    const { page } = session;
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/admin?tab=newsletter');
    await page.getByRole('tab', { name: 'User subscriptions' }).click();
    const panel = page.getByTestId('newsletter-subscriptions');
    await panel.getByLabel('Newsletter type').selectOption({ label: 'Site updates' });
    // The seed subscribes the demo buyer and seller from their settings.
    const buyer = panel.getByTestId('newsletter-subscription-row').filter({
      hasText: 'buyer@demo.local',
    });
    await buyer.waitFor();
    expect(await buyer.textContent()).toContain('Subscribed');
    expect(await buyer.textContent()).toContain('user_settings');
    await screenshot(page, 'admin-newsletter-subscriptions-dark');
    await page.getByRole('tab', { name: 'Subscribers' }).click();
    await subscriberRow(page, SEEDED.subscribed).waitFor();
    await screenshot(page, 'admin-newsletter-subscribers-dark');
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
