/// <reference lib="dom" />
/**
 * The dashboard: a sign-in prompt when signed out; for the demo buyer the seeded Pro
 * subscription, the downloads left and the seeded download linking to its template, quick
 * actions and account info; for the maker account (role both) the switch between the seller and
 * the buyer view.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';

describe('dashboard', () => {
  const session = useBrowserSession();

  it('asks a signed-out visitor to sign in', async () => {
    const { page } = session;
    await page.goto('/dashboard');
    const prompt = page.getByTestId('dashboard-sign-in');
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it('shows the buyer their subscription, downloads, quick actions and account', async () => {
    const { page } = session;
    await signIn(page, 'buyer@demo.local', 'demo1234');
    await page.goto('/dashboard');
    const subscription = page.getByTestId('subscription-status');
    await subscription.getByText('Pro plan').waitFor();
    expect(await subscription.textContent()).toContain('Active');
    expect(await subscription.textContent()).toMatch(/Renews on/);

    const downloads = page.getByTestId('downloads');
    expect(await downloads.getByTestId('downloads-remaining').textContent()).toMatch(/^\d+ of 15$/);
    const link = downloads.getByRole('link', { name: 'Feedback Board' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/mvp/01JNNEBK80MFMQCDSM4G1BRC7G');

    const actions = page.getByRole('navigation', { name: 'Quick actions' });
    const hrefs = await actions
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(['/mvps', '/pricing', '/refund-request', '/dispute', '/support']);

    const account = page.getByTestId('account-info');
    expect(await account.textContent()).toContain('buyer@demo.local');
    expect(await account.textContent()).toContain('Buyer');
    expect(await account.textContent()).toContain('Member since');
    await screenshot(page, 'dashboard-buyer');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
  });

  it('lets a user with role both switch between the seller and the buyer view', async () => {
    const { page } = session;
    await signIn(page, 'maker@demo.local', 'demo1234');
    await page.goto('/dashboard');
    await page.getByTestId('seller-dashboard').waitFor();
    await page.getByRole('button', { name: 'Buyer view' }).click();
    await page.getByTestId('buyer-dashboard').waitFor();
    await page.getByTestId('subscription-status').getByText('Premium plan').waitFor();
    expect(await page.getByTestId('downloads-remaining').textContent()).toContain('of');
    await screenshot(page, 'dashboard-both-buyer-view');
    // The choice is in the address, so a reload keeps it.
    await page.reload();
    await page.getByTestId('buyer-dashboard').waitFor();
    await page.getByRole('button', { name: 'Seller view' }).click();
    await page.getByTestId('seller-dashboard').waitFor();
  });
});
