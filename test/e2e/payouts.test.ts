/// <reference lib="dom" />
/**
 * Seller payouts end to end: the seeded studio seller earned last month
 * (one download of its template in a month with subscription revenue) but has no Stripe account,
 * so the seed's payout run left that payout pending. The seller connects Stripe through the local
 * server's onboarding page, comes back to /payouts?status=success, and once the payout run is
 * triggered for last month sees the payout completed, on /payouts, on the dashboard and as a
 * `payout_completed` notification. Only approved sellers reach these pages.
 */
import { describe, expect, it } from 'vitest';
import { monthLabel } from '../../frontend/src/features/payouts/lib/payout-format';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { completeOnboardingPage } from '../fixtures/e2e/checkout';
import { lastMonthOf, runMonthlyPayouts } from '../fixtures/e2e/payout-run';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';

/** The seeded approved seller without a Stripe account (lib/local/seed/money.ts). */
const SELLER = { email: 'studio@demo.local', password: 'demo1234', name: 'PixelForge Studio' };

describe('seller payouts', () => {
  const session = useBrowserSession();
  const month = lastMonthOf();
  const lastMonthRow = () =>
    session.page.getByTestId('payout-row').filter({ hasText: `${monthLabel(month)} payout` });

  it('keeps /payouts and /connect-stripe for approved sellers', async () => {
    const { page } = session;
    await page.goto('/payouts');
    await page.waitForURL('**/auth');

    await signIn(page, 'buyer@demo.local', 'demo1234');
    for (const path of ['/payouts', '/connect-stripe']) {
      await page.goto(path);
      await page.getByTestId('seller-approval-required').waitFor();
      expect(await page.getByTestId('seller-approval-required').textContent()).toContain(
        'Seller Approval Required',
      );
    }
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
  });

  it("shows an unconnected seller last month's pending payout, the figures and the Connect prompt", async () => {
    const { page } = session;
    await signIn(page, SELLER.email, SELLER.password);
    await page.goto('/payouts');
    const row = lastMonthRow();
    await row.waitFor();
    expect(await row.getByTestId('payout-status').textContent()).toBe('Pending');
    expect(await row.getByTestId('payout-amount').textContent()).toMatch(/^£\d+\.\d\d$/);
    await page.getByTestId('connect-prompt').waitFor();
    expect(await page.getByTestId('payout-stat-pending-payouts').textContent()).toContain(
      (await row.getByTestId('payout-amount').textContent())!,
    );
    for (const stat of ['total-earnings', 'this-month', 'total-downloads']) {
      await page.getByTestId(`payout-stat-${stat}`).waitFor();
    }
    expect(await page.getByTestId('payout-stat-this-month').textContent()).toContain('Estimate');
    expect(await page.getByTestId('payout-info').textContent()).toContain('1st of each month');

    // The filter: nothing completed yet, the pending row under Pending.
    await page.getByRole('button', { name: 'Completed' }).click();
    await page.getByTestId('no-payouts').waitFor();
    expect(await page.getByTestId('no-payouts').textContent()).toContain('No Payouts Yet');
    await page.getByRole('button', { name: 'Pending' }).click();
    await row.waitFor();
    await page.getByRole('button', { name: 'All' }).click();
    await screenshot(page, 'payouts-pending');
  });

  it('connects Stripe through the onboarding page and comes back to /payouts?status=success', async () => {
    const { page } = session;
    await page.goto('/connect-stripe');
    const connect = page.getByRole('button', { name: 'Connect with Stripe' });
    await connect.waitFor();
    expect(await page.getByTestId('connect-stripe').textContent()).toContain(
      'Get paid every month',
    );
    await screenshot(page, 'connect-stripe');
    await connect.click();

    await completeOnboardingPage(page, SELLER.name);
    await page.waitForURL('**/payouts?status=success');
    // "Being verified" until Stripe's account.updated has reached the webhook, then "connected".
    const note = page.getByTestId('connect-return');
    await expect
      .poll(async () => ((await note.count()) > 0 ? note.textContent() : null))
      .toContain('Your Stripe account is connected.');
    await expect.poll(() => page.getByTestId('connect-prompt').count()).toBe(0);
    await screenshot(page, 'payouts-connected');

    await page.goto('/connect-stripe');
    const connected = page.getByTestId('stripe-connected');
    await connected.waitFor();
    expect(await connected.textContent()).toContain('Stripe Account Connected!');
    expect(
      await connected.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href'),
    ).toBe('/dashboard');
    expect(await connected.getByRole('link', { name: 'View Payouts' }).getAttribute('href')).toBe(
      '/payouts',
    );
  });

  it("pays last month's payout once the run is triggered, and tells the seller", async () => {
    const { page } = session;
    await runMonthlyPayouts(month);

    await page.goto('/payouts');
    const row = lastMonthRow();
    await row.waitFor();
    await expect.poll(() => row.getByTestId('payout-status').textContent()).toBe('Completed');
    const amount = await row.getByTestId('payout-amount').textContent();
    expect(await page.getByTestId('payout-stat-total-earnings').textContent()).toContain(amount!);
    await page.getByRole('button', { name: 'Completed' }).click();
    await row.waitFor();
    await screenshot(page, 'payouts-completed');

    await page.goto('/notifications');
    const notification = page
      .getByTestId('notification')
      .filter({ hasText: 'has been paid to your Stripe account' })
      .first();
    await notification.waitFor();
    expect(await notification.textContent()).toContain(
      `Your payout of ${amount} for ${monthLabel(month)}`,
    );

    // The dashboard's recent earnings read the same payouts.
    await page.goto('/dashboard');
    const earning = page.getByTestId('recent-earning').filter({ hasText: monthLabel(month) });
    await earning.waitFor();
    expect(await earning.textContent()).toContain(amount!);
    expect(await earning.textContent()).toContain('Completed');
    await screenshot(page, 'dashboard-seller-earnings');
  });
});
