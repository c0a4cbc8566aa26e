/// <reference lib="dom" />
/**
 * The pages that were under construction, end to end on the seeded stack: a buyer shows their
 * launched site from the dashboard and finds it on /stories (desktop and 390 px); the connected
 * demo seller reads /analytics (figures, charts, one template, the CSV export), sees Settings →
 * Account, and /payout-settings, whose Express dashboard button opens the local Stripe dashboard.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot, SCREENSHOT_DIR, SCREENSHOTS } from '../fixtures/e2e/stack';
import { expectFitsPhone } from '../fixtures/e2e/phone-width';

describe('analytics, payout settings and success stories', () => {
  const session = useBrowserSession({ perTest: true });

  it('lets a buyer show their launched site in Success Stories', async () => {
    const { page } = session;
    await signIn(page, 'buyer@demo.local', 'demo1234');
    await page.goto('/dashboard');
    const toggle = page.getByTestId('story-toggle').first();
    await toggle.waitFor();
    const input = toggle.locator('input');
    if (!(await input.isChecked())) {
      await toggle.click();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="story-toggle"] input') as HTMLInputElement | null)
            ?.checked === true,
      );
    }
    // The name and description are edited beside the switch, and switching off and on keeps them.
    const name = `Mugs ${Date.now().toString(36)}`;
    const fields = page.getByTestId('story-fields').first();
    await fields.getByLabel('Name on Success Stories').fill(name);
    await fields.getByLabel('Description').fill('Hand-made mugs, shipped weekly.');
    await fields.getByRole('button', { name: 'Save name and description' }).click();
    await page.getByTestId('story-saved').first().waitFor();
    const checked = (value: boolean) =>
      page.waitForFunction(
        (expected) =>
          (document.querySelector('[data-testid="story-toggle"] input') as HTMLInputElement | null)
            ?.checked === expected,
        value,
      );
    await toggle.click();
    await checked(false);
    await toggle.click();
    await checked(true);
    await expect
      .poll(() =>
        page.getByTestId('story-fields').first().getByLabel('Name on Success Stories').inputValue(),
      )
      .toBe(name);
    if (SCREENSHOTS) {
      await page.getByTestId('deployments-card').screenshot({
        path: `${SCREENSHOT_DIR}/dashboard-story-toggle.png`,
      });
    }
    await page.goto('/stories');
    const card = page.getByTestId('story-card').filter({ hasText: name });
    await card.waitFor();
    expect(await card.textContent()).toContain('Hand-made mugs, shipped weekly.');
    expect(await card.textContent()).toContain('Built from');
    expect(await card.getByRole('link', { name: /Visit site/ }).getAttribute('href')).toMatch(
      /^https?:\/\//,
    );
    await screenshot(page, 'stories');
    await card.waitFor();
    await expectFitsPhone(page);
    await screenshot(page, 'stories-phone');
  });

  it('shows the seller their analytics with a CSV export, and their payout settings', async () => {
    const { page } = session;
    await signIn(page, 'seller@demo.local', 'demo1234');
    await page.goto('/analytics');
    await page.getByTestId('analytics-templates').waitFor();
    for (const figure of ['downloads', 'sales', 'earnings', 'rating']) {
      await page.getByTestId(`analytics-figure-${figure}`).waitFor();
    }
    await page.getByTestId('analytics-chart-earnings').locator('svg').first().waitFor();
    expect(
      await page.getByTestId('analytics-templates').locator('tbody tr').count(),
    ).toBeGreaterThan(0);
    // One template's figures, then all again: the downloads of one are at most those of all.
    const downloadsOf = async () =>
      Number(
        (await page.getByTestId('analytics-figure-downloads').textContent())!.replace(/\D/g, ''),
      );
    const all = await downloadsOf();
    await page.getByTestId('analytics-template-select').selectOption({ index: 1 });
    expect(await downloadsOf()).toBeLessThanOrEqual(all);
    await page.getByTestId('analytics-template-select').selectOption({ label: 'All templates' });
    expect(await downloadsOf()).toBe(all);
    // What buyers searched for in the seller's categories and didn't find (the demo's searches).
    const demand = page.getByTestId('analytics-search-demand');
    expect(await demand.getByRole('heading').textContent()).toBe(
      "What buyers searched for and didn't find",
    );
    expect(await demand.getByTestId('search-demand-entry').allTextContents()).toContainEqual(
      expect.stringMatching(
        /^People searched “supabase auth” \d+ times this month and found 1 template$/,
      ),
    );
    await screenshot(page, 'analytics');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^template-analytics-.+\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'Template,Month,Downloads,Sales,Sales amount,Earnings,Verified reviews,Average rating',
    );
    // The seller figures are one definition: the dashboard, the analytics' All time and the CSV's
    // last row show the same downloads.
    const allTime = (await page.getByTestId('analytics-figure-all-time-downloads').textContent())!;
    const allTimeDownloads = Number(allTime.replace(/\D/g, ''));
    expect(csv.trim().split('\r\n').at(-1)).toMatch(
      new RegExp(`^All templates,All time,${allTimeDownloads},`),
    );
    await page.goto('/dashboard');
    // The card reads "Total Downloads", the figure and what it counts: its only digits are the figure.
    await expect
      .poll(async () =>
        Number((await page.getByTestId('seller-stat-downloads').textContent())!.replace(/\D/g, '')),
      )
      .toBe(allTimeDownloads);

    // Settings → Account: the data download and the closure form (closing is tested below the
    // browser, in the account domain's integration test).
    await page.goto('/settings?tab=account');
    await page.getByTestId('close-account').waitFor();
    const [dataFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(dataFile.suggestedFilename()).toMatch(/^my-marketplace-data-.+\.json$/);
    const exported = JSON.parse(await readFile((await dataFile.path())!, 'utf8')) as {
      profile: { email: string };
    };
    expect(exported.profile.email).toBe('seller@demo.local');
    await page.getByRole('button', { name: 'Close my account' }).click();
    await page.getByText('Enter your password to confirm.').waitFor();
    await screenshot(page, 'settings-account');

    await page.goto('/payout-settings');
    await page.getByTestId('connect-status').getByText('Payouts enabled').waitFor();
    expect(await page.getByTestId('payout-schedule').textContent()).toContain('1st of each month');
    expect(await page.getByTestId('payout-split').textContent()).toContain('70%');
    await screenshot(page, 'payout-settings');
    await page.getByRole('button', { name: /Open Stripe Express dashboard/ }).click();
    await page.getByRole('heading', { name: 'Express dashboard' }).waitFor();
    await screenshot(page, 'stripe-express-dashboard');
  });
});
