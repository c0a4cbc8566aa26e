/// <reference lib="dom" />
/**
 * Refund requests as the demo buyer: signed out the page sends them to sign in and back, the
 * form shows the spec's validation messages, a request is submitted against the seeded Pro
 * subscription and appears in Request History as pending.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { submitSignIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';

describe('refund requests', () => {
  const session = useBrowserSession();

  it('sends a signed-out visitor to /auth, and back to the form after signing in', async () => {
    const { page } = session;
    await page.goto('/refund-request');
    await page.waitForURL('**/auth');
    await submitSignIn(page, 'buyer@demo.local', 'demo1234');
    await page.waitForURL('**/refund-request');
    await page.getByRole('form', { name: 'New refund request' }).waitFor();
  });

  it('shows the validation messages, then files a request that appears as pending', async () => {
    const { page } = session;
    const form = page.getByRole('form', { name: 'New refund request' });
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await form.getByText('Please select a subscription').waitFor();
    expect(await form.getByText('Please provide a reason for the refund').isVisible()).toBe(true);
    expect(await form.getByText('Please enter a valid amount greater than zero').isVisible()).toBe(
      true,
    );
    await screenshot(page, 'refund-request-errors');

    // Only the buyer's own subscriptions are offered: the seeded Pro plan.
    const select = form.getByLabel('Subscription');
    const options = await select.locator('option').allTextContents();
    expect(options.some((text) => text.startsWith('Pro plan (active)'))).toBe(true);
    await select.selectOption({ index: 1 });
    const reason = `Charged twice in one month (${Date.now()})`;
    await form.getByLabel('Reason for Refund').fill(reason);
    await form.getByLabel('Refund Amount (£)').fill('0');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await form.getByText('Please enter a valid amount greater than zero').waitFor();

    await form.getByLabel('Refund Amount (£)').fill('1.50');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    const success = page.getByTestId('refund-success');
    await success.waitFor();
    expect(await success.textContent()).toContain(
      'Refund request submitted successfully. We will review it shortly.',
    );
    await screenshot(page, 'refund-request-submitted');

    await page.getByRole('tab', { name: 'Request History' }).click();
    const row = page.getByTestId('refund-row').filter({ hasText: reason });
    await row.waitFor();
    expect(await row.textContent()).toContain('pending');
    expect(await row.textContent()).toContain('£1.50');
    expect(await row.textContent()).toContain('Pro');

    // Still there after a reload: it was stored, not only cached.
    await page.reload();
    await page.getByRole('tab', { name: 'Request History' }).click();
    await page.getByTestId('refund-row').filter({ hasText: reason }).waitFor();
    await screenshot(page, 'refund-request-history');
  });
});
