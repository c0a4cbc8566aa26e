/// <reference lib="dom" />
/**
 * The content pages: Markdown in frontend/content/, rendered at build time. Each
 * route shows its own title and text (no under-construction page), internal links move inside the
 * app, and the licences page compares the three licences side by side.
 */
import { describe, expect, it } from 'vitest';
import { HEALTH_COMPONENT_NAMES } from '../../contract/health';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { screenshot } from '../fixtures/e2e/stack';

const PAGES = [
  ['/licenses', 'Licences', 'Premium commercial'],
  ['/terms', 'Terms of Service', '30-day money-back guarantee'],
  ['/privacy', 'Privacy Policy', 'We never show your e-mail address'],
  ['/cookies', 'Cookie Policy', 'no advertising or tracking cookies'],
  ['/how-it-works', 'How It Works', 'Find a starter'],
  ['/help', 'Help Center', '30-day money-back guarantee'],
  ['/guidelines', 'Seller Guidelines', 'What the scan refuses, and why'],
  ['/docs', 'Documentation', 'Run it locally'],
] as const;

describe('content pages', () => {
  const session = useBrowserSession();

  it('renders each page with its own title and content', async () => {
    const { page } = session;
    for (const [path, title, text] of PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const content = page.getByTestId('content-page');
      expect(await content.textContent(), path).toContain(text);
      expect(await page.getByTestId('under-construction').count(), path).toBe(0);
      expect(await page.title(), path).toBe(`${title} · MVP Marketplace`);
    }
  });

  it('compares the licences side by side and follows internal links inside the app', async () => {
    const { page } = session;
    await page.goto('/licenses');
    const table = page.getByTestId('content-page').getByRole('table');
    await table.waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['', 'Standard commercial', 'Premium commercial', 'Personal use only']);
    const saasRow = table.getByRole('row').filter({ hasText: 'SaaS' });
    expect(await saasRow.getByRole('cell').allTextContents()).toEqual([
      'SaaS and products sold to many customers',
      'No',
      'Yes',
      'No',
    ]);
    await screenshot(page, 'content-licenses');

    // A link in the Markdown moves within the app: no full reload (the marker survives).
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'kept';
    });
    await page.getByTestId('content-page').getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL('**/contact');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'kept',
    );
  });

  it('opens the licences from a price badge on a card and the licence badge on a template page', async () => {
    const { page } = session;
    await page.goto('/mvps');
    const card = page.getByTestId('mvp-card').first();
    await card.waitFor();
    await card.getByRole('link', { name: /what the licences allow/ }).click();
    await page.waitForURL('**/licenses');
    await page.getByRole('heading', { level: 1, name: 'Licences' }).waitFor();

    await page.goBack();
    await card.waitFor();
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL('**/mvp/**');
    await page
      .getByRole('link', { name: /(Commercial|Personal Use Only): what the licences allow/ })
      .first()
      .click();
    await page.waitForURL('**/licenses');
  });

  it('shows the live status of the API, each service it depends on and the pipeline on /status', async () => {
    const { page } = session;
    await page.goto('/status');
    await page.getByRole('heading', { level: 1, name: 'System Status' }).waitFor();
    const headline = page.getByTestId('status-headline');
    await expect.poll(() => headline.textContent()).not.toBe('Checking…');
    const rows = page.getByTestId('status-component');
    await expect.poll(() => rows.count()).toBe(HEALTH_COMPONENT_NAMES.length);
    const names = await rows.evaluateAll((nodes) =>
      nodes.map((node) => node.querySelector('p')?.textContent),
    );
    expect(names).toEqual(HEALTH_COMPONENT_NAMES);
    expect(await page.getByTestId('status-checked-at').textContent()).toMatch(/^Last checked /);
    await screenshot(page, 'status');
  });
});
