/// <reference lib="dom" />
/**
 * Refund requests as the demo buyer: signed out the page sends them to sign in and back, the
 * form shows the product's validation messages, a request is submitted against the seeded Pro
 * subscription and appears in Request History as pending. Then a new buyer (created here, so no
 * other file's accounts change) subscribes, asks back the most the form offers (an amount above
 * it is refused and stays typed), the admin processes it, and the dashboard shows the plan ended.
 */
import { describe, expect, inject, it } from 'vitest';
import { REFUND_STATUS_BUYER_LABELS } from '../../frontend/src/lib/status-palettes';
import { openBrowser, useBrowserSession } from '../fixtures/e2e/browser';
import { payOnCheckoutPage, TEST_CARDS, waitForCheckoutPage } from '../fixtures/e2e/checkout';
import { signIn, signUpAsBuyer, submitSignIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot, uniqueEmail } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };

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
    expect(await row.textContent()).toContain(REFUND_STATUS_BUYER_LABELS.pending);
    expect(await row.textContent()).toContain('£1.50');
    expect(await row.textContent()).toContain('Pro');

    // Still there after a reload: it was stored, not only cached.
    await page.reload();
    await page.getByRole('tab', { name: 'Request History' }).click();
    await page.getByTestId('refund-row').filter({ hasText: reason }).waitFor();
    await screenshot(page, 'refund-request-history');
  });
});

describe('a full refund of the current period', () => {
  const session = useBrowserSession();
  const email = uniqueEmail('refunded');

  it('offers the most that may be asked, and a full refund ends the plan on the dashboard', async () => {
    const { page } = session;
    await signUpAsBuyer(page, email, 'secret123');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.goto('/pricing');
    await page.getByTestId('plan-basic').getByRole('button', { name: 'Get Basic' }).click();
    await waitForCheckoutPage(page);
    await payOnCheckoutPage(page, TEST_CARDS.success);
    await page.waitForURL(/\/success\?session_id=cs_/);
    await page.getByTestId('checkout-quota').waitFor();

    await page.goto('/refund-request');
    const form = page.getByRole('form', { name: 'New refund request' });
    await form.getByLabel('Subscription').selectOption({ index: 1 });
    const max = form.getByTestId('refund-max');
    await max.waitFor();
    const most = /£(\d+\.\d\d)/.exec((await max.textContent()) ?? '')![1]!;
    expect(await max.textContent()).toBe(`You can ask for up to £${most}.`);
    await form.getByLabel('Reason for Refund').fill('I subscribed by mistake');
    const amount = form.getByLabel('Refund Amount (£)');
    await amount.fill('99');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await form
      .getByText(
        `The amount cannot be more than what you paid for this subscription and have not yet asked back (£${most}).`,
      )
      .first()
      .waitFor();
    expect(await amount.inputValue()).toBe('99');
    await screenshot(page, 'refund-form-max');
    await amount.fill(most);
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByTestId('refund-success').waitFor();

    const admin = await openBrowser(baseUrl());
    try {
      await signIn(admin.page, ADMIN.email, ADMIN.password);
      await admin.page.goto('/admin?tab=refunds');
      const tab = admin.page.getByTestId('admin-refunds');
      const row = tab.getByTestId('admin-refund-row').filter({ hasText: email });
      await row.getByRole('button', { name: 'Approve' }).click();
      await admin.page.getByTestId('refund-action-result').waitFor();
      await tab.getByRole('button', { name: 'Approved', exact: true }).click();
      await row.getByRole('button', { name: 'Process Refund' }).click();
      const dialog = admin.page.getByTestId('process-refund-dialog');
      await dialog.getByRole('button', { name: 'Process Refund' }).click();
      await expect
        .poll(() => admin.page.getByTestId('refund-action-result').textContent())
        .toContain(`Refund processed for ${email}`);
    } finally {
      await admin.close();
    }

    const card = page.getByTestId('subscription-status');
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard');
          await card.getByTestId('subscription-plan').waitFor();
          return card.getByTestId('subscription-state').textContent();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('Ended');
    expect(await card.getByTestId('subscription-plan').textContent()).toBe('Basic plan');
    expect(await card.getByTestId('subscription-ended').textContent()).toContain(
      'Your Basic plan has ended and gives no more downloads.',
    );
    // Request History says what happened to the money, in words.
    await page.goto('/refund-request');
    await page.getByRole('tab', { name: 'Request History' }).click();
    const history = page.getByTestId('refund-row').filter({ hasText: 'I subscribed by mistake' });
    await expect
      .poll(() => history.getByText(REFUND_STATUS_BUYER_LABELS.processed, { exact: true }).count())
      .toBe(1);
    await screenshot(page, 'refund-history-refunded');
    // The buyer is told by e-mail too: the refund's own message says the plan ended.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${inject('e2eSesEndpoint')}/store`);
          const { emails } = (await response.json()) as {
            emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
          };
          return emails
            .filter((mail) => mail.destination.to.includes(email))
            .find((mail) => mail.subject === 'Your refund is on its way')?.body.text;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toContain('Your Basic plan has ended.');
    await screenshot(page, 'dashboard-plan-ended');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'dashboard-plan-ended-phone');
  });
});
