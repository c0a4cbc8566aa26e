/// <reference lib="dom" />
/**
 * Paying, end to end through the local Stripe server's hosted pages and its signed webhooks:
 * a new buyer leaves Checkout once (back to /pricing?canceled=true), then
 * subscribes to Pro, where a declined card shows Stripe's error before 4242 pays; /success waits
 * for the webhook and shows 15 downloads; a download spends one; a one-time-sale template is
 * bought and downloaded twice with the quota unchanged, with one licence (the order's); the plan
 * is switched (prorated) and then cancelled at period end. The buyer is created here, so no other
 * file's accounts change.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowser, useBrowserSession } from '../fixtures/e2e/browser';
import { payOnCheckoutPage, TEST_CARDS, waitForCheckoutPage } from '../fixtures/e2e/checkout';
import { signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot, uniqueEmail } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';
import { PLAN_SWITCH_TEXT } from '../../contract/billing';

const SUBSCRIPTION_TEMPLATE = 'Agency Site';
const ONE_TIME_TEMPLATE = 'LaunchKit SaaS Starter';

/** `14 of 15 this month` on the dashboard's subscription card. */
const dashboardQuota = async (page: Page): Promise<string | null> => {
  await page.goto('/dashboard');
  const quota = page.getByTestId('subscription-quota');
  await quota.waitFor();
  return quota.textContent();
};

/** Presses Download and returns the saved file's first bytes once the browser has it. */
const downloadOnce = async (page: Page): Promise<number[]> => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  const bytes = await readFile(await download.path());
  return [...bytes.subarray(0, 4)];
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

describe('payments', () => {
  const session = useBrowserSession();
  const email = uniqueEmail('subscriber');

  it('shows a visitor the four plans in pounds and sends them to sign in, not to Checkout', async () => {
    const { page } = session;
    await page.goto('/pricing');
    await page.getByTestId('pricing-sign-in').waitFor();
    expect(await page.getByTestId('plan-basic').getByTestId('plan-price').textContent()).toBe(
      '£1.00',
    );
    expect(await page.getByTestId('plan-pro').textContent()).toContain('Most Popular');
    expect(await page.getByTestId('plan-premium').getByTestId('plan-price').textContent()).toBe(
      '£3.00',
    );
    const enterprise = page.getByTestId('plan-enterprise');
    expect(await enterprise.textContent()).toContain('Custom Pricing');
    expect(await enterprise.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(
      await page
        .getByTestId('plan-pro')
        .getByRole('link', { name: 'Sign in to subscribe' })
        .getAttribute('href'),
    ).toBe('/auth');
    expect(await page.getByTestId('money-back').textContent()).toContain(
      '30-day money-back guarantee',
    );
    expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      '/support',
    );
    await screenshot(page, 'pricing-signed-out');
  });

  it('brings a buyer who leaves Checkout back to /pricing with the canceled banner', async () => {
    const { page } = session;
    await signUpAsBuyer(page, email, 'secret123');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.goto('/pricing');
    await page.getByTestId('plan-pro').getByRole('button', { name: 'Get Pro' }).click();
    await waitForCheckoutPage(page);
    await page.getByRole('link', { name: '← Back' }).click();
    await page.waitForURL('**/pricing?canceled=true');
    expect(await page.getByTestId('checkout-canceled').textContent()).toContain(
      'Checkout was canceled. You have not been charged.',
    );
  });

  it('subscribes to Pro: a declined card shows Stripe’s error, 4242 pays, /success shows 15 downloads', async () => {
    const { page } = session;
    await page.goto('/pricing');
    await page.getByTestId('plan-pro').getByRole('button', { name: 'Get Pro' }).click();
    const sessionId = await waitForCheckoutPage(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Subscribe to');

    await payOnCheckoutPage(page, TEST_CARDS.declined);
    const error = page.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toBe('Your card was declined.');
    await screenshot(page, 'checkout-declined');

    await payOnCheckoutPage(page, TEST_CARDS.success);
    await page.waitForURL(/\/success\?session_id=cs_/);
    expect(await page.getByTestId('transaction-id').textContent()).toBe(sessionId);
    const quota = page.getByTestId('checkout-quota');
    await quota.waitFor();
    expect(await quota.textContent()).toBe('15 downloads this month');
    expect(await page.getByTestId('checkout-plan').textContent()).toBe('Your Pro plan is active.');
    const success = page.getByTestId('checkout-success');
    expect(await success.getByRole('link', { name: 'Browse MVPs' }).getAttribute('href')).toBe(
      '/mvps',
    );
    expect(await success.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await screenshot(page, 'checkout-success');
  });

  it('shows the subscription on the dashboard and spends one download of the 15', async () => {
    const { page } = session;
    await page.goto('/dashboard');
    const card = page.getByTestId('subscription-status');
    await card.getByTestId('subscription-plan').waitFor();
    expect(await card.getByTestId('subscription-plan').textContent()).toBe('Pro plan');
    expect(await card.getByTestId('subscription-state').textContent()).toBe('Active');
    expect(await card.getByTestId('subscription-card').textContent()).toBe('Visa •••• 4242');
    expect(await card.getByTestId('subscription-quota').textContent()).toBe('15 of 15 this month');
    expect(await card.textContent()).toContain('Renews on');

    await page.goto(`/mvp/${await templateIdByTitle(SUBSCRIPTION_TEMPLATE)}`);
    const remaining = page.getByTestId('downloads-remaining');
    await remaining.waitFor();
    expect(await remaining.textContent()).toBe('15 downloads left');
    expect(await downloadOnce(page)).toEqual(ZIP_MAGIC);
    await expect.poll(() => remaining.textContent()).toMatch(/^14 downloads left/);
    expect(await dashboardQuota(page)).toBe('14 of 15 this month');
  });

  it('buys a one-time-sale template and downloads it twice without spending the quota', async () => {
    const { page } = session;
    const templateId = await templateIdByTitle(ONE_TIME_TEMPLATE);
    await page.goto(`/mvp/${templateId}`);
    const buy = page.getByTestId('buy-template');
    await buy.waitFor();
    expect(await buy.textContent()).toContain('Buy for £79.00');
    // Bought, not downloaded with the quota: no quota line, no Download button yet.
    expect(await page.getByTestId('downloads-remaining').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0);
    await screenshot(page, 'one-time-sale-not-owned');

    await buy.click();
    await waitForCheckoutPage(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(
      ONE_TIME_TEMPLATE,
    );
    await payOnCheckoutPage(page, TEST_CARDS.success);
    await page.waitForURL(/\/success\?session_id=cs_.*&mvp_id=/);
    const owned = page.getByTestId('checkout-owned');
    await owned.waitFor();
    expect(await owned.textContent()).toBe(`You own ${ONE_TIME_TEMPLATE}.`);
    await screenshot(page, 'checkout-success-purchase');

    await page.getByRole('link', { name: 'Go to the template' }).click();
    await page.waitForURL(`**/mvp/${templateId}`);
    const badge = page.getByTestId('owned');
    await badge.waitFor();
    expect(await badge.textContent()).toContain("Owned: downloads don't use your quota.");
    expect(await downloadOnce(page)).toEqual(ZIP_MAGIC);
    await page.getByTestId('download-message').waitFor();
    expect(await downloadOnce(page)).toEqual(ZIP_MAGIC);
    await screenshot(page, 'one-time-sale-owned');

    expect(await dashboardQuota(page)).toBe('14 of 15 this month');
  });

  it('lists a licence for each template and shows its certificate to anyone with the id', async () => {
    const { page } = session;
    await page.goto('/dashboard');
    const licenses = page.getByTestId('my-licenses');
    // One for the order (its two downloads hand it back); one for the subscription download.
    const launchKitRows = licenses
      .getByTestId('license-row')
      .filter({ hasText: ONE_TIME_TEMPLATE });
    await expect.poll(() => launchKitRows.count()).toBe(1);
    expect(
      await licenses.getByTestId('license-row').filter({ hasText: SUBSCRIPTION_TEMPLATE }).count(),
    ).toBe(1);
    const launchKit = launchKitRows.first();
    expect(await launchKit.textContent()).toContain('Premium commercial licence');

    const href = await launchKit
      .getByRole('link', { name: ONE_TIME_TEMPLATE, exact: true })
      .getAttribute('href');
    expect(href).toMatch(/^\/licenses\/.+/);
    // Another browser, signed out: the certificate is public.
    const visitor = await openBrowser(baseUrl());
    const visitorPage = visitor.page;
    await visitorPage.goto(href!);
    await visitorPage.getByTestId('license-verified').waitFor();
    expect(await visitorPage.getByTestId('license-verified').textContent()).toContain(
      'This licence is valid.',
    );
    expect(await visitorPage.getByTestId('license-template').textContent()).toBe(ONE_TIME_TEMPLATE);
    expect(await visitorPage.getByTestId('license-granted-by').textContent()).toMatch(
      /^One-time purchase/,
    );
    expect(await visitorPage.getByTestId('license-summary').textContent()).toContain(
      'SaaS, white-label',
    );
    await screenshot(visitorPage, 'license-certificate');
    await visitor.close();

    await page.goto('/licenses/NOT-A-LICENCE');
    expect(await page.getByTestId('license-error').textContent()).toBe(
      'Licence not found. Check the licence id.',
    );
  });

  it('marks the current plan on /pricing and switches to Premium, prorated, instead of buying twice', async () => {
    const { page } = session;
    await page.goto('/pricing');
    const pro = page.getByTestId('plan-pro');
    await pro.getByRole('button', { name: 'Current plan' }).waitFor();
    expect(await pro.getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Switch to Premium' }).click();
    const dialog = page.getByTestId('switch-plan-dialog');
    await dialog.waitFor();
    // Before and after say the same: the prorated difference is invoiced now.
    expect(await dialog.getByTestId('switch-plan-proration').textContent()).toBe(
      PLAN_SWITCH_TEXT.dialog,
    );
    await dialog.getByRole('button', { name: 'Switch plan' }).click();
    const switched = page.getByTestId('plan-switched');
    await switched.waitFor();
    expect(await switched.textContent()).toContain('You are now on the Premium plan.');
    expect(await switched.textContent()).toContain(PLAN_SWITCH_TEXT.banner);
    await page.getByTestId('plan-premium').getByRole('button', { name: 'Current plan' }).waitFor();
    await screenshot(page, 'pricing-switched');
  });

  it('cancels at period end after a confirmation, and shows when the plan ends', async () => {
    const { page } = session;
    await page.goto('/dashboard');
    const card = page.getByTestId('subscription-status');
    await card.getByText('Premium plan').waitFor();
    await card.getByRole('button', { name: 'Cancel at period end' }).click();
    const dialog = page.getByTestId('cancel-subscription-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('You can resume it any time before then.');
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();

    await card.getByRole('button', { name: 'Resume subscription' }).waitFor();
    expect(await card.getByTestId('subscription-state').textContent()).toBe(
      'Cancels at period end',
    );
    expect(await card.textContent()).toContain('Ends on');
    await screenshot(page, 'dashboard-cancel-at-period-end');

    // Still cancelled after a reload: the state is Stripe's, read back through the webhook.
    await page.reload();
    await card.getByRole('button', { name: 'Resume subscription' }).waitFor();
    expect(await card.getByTestId('subscription-state').textContent()).toBe(
      'Cancels at period end',
    );
  });
});
