/// <reference lib="dom" />
/**
 * A chargeback as people meet it (docs/product.md, Card disputes): a new buyer buys a template,
 * then their card issuer opens a dispute on the payment (the local Stripe server's control API;
 * Stripe sends `charge.dispute.created` to the webhook, signed, as it does for every event). The
 * licence page then says the payment behind it was disputed with the card issuer, with the date,
 * and Download again on the dashboard is refused with the reason in words. An admin finds the
 * dispute in the audit log.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LICENSE_MESSAGES } from '../../contract/licenses';
import { openBrowser, useBrowserSession } from '../fixtures/e2e/browser';
import { openCardDispute } from '../fixtures/e2e/card-dispute';
import { payOnCheckoutPage, TEST_CARDS, waitForCheckoutPage } from '../fixtures/e2e/checkout';
import { publishTemplateWithBundle } from '../fixtures/e2e/published-template';
import { signIn, signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot, uniqueEmail } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };

describe('a chargeback revokes what it paid for', () => {
  const session = useBrowserSession();
  const email = uniqueEmail('chargeback');
  const title = `Disputed Kit ${Date.now()}`;

  it('shows the licence as disputed and refuses Download again in words', async () => {
    const { page } = session;
    const templateId = await publishTemplateWithBundle({
      title,
      bundle: zipSync({ 'kit/README.md': strToU8(`# ${title}\n`) }),
      fileName: 'disputed-kit.zip',
      oneTimePrice: 19,
    });
    await signUpAsBuyer(page, email, 'secret123');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();

    await page.goto(`/mvp/${templateId}`);
    await page.getByTestId('buy-template').click();
    const sessionId = await waitForCheckoutPage(page);
    await payOnCheckoutPage(page, TEST_CARDS.success);
    await page.waitForURL(/\/success\?session_id=cs_.*&mvp_id=/);
    await page.getByTestId('checkout-owned').waitFor();
    await page.goto(`/mvp/${templateId}`);
    await page.getByTestId('owned').waitFor();
    const [first] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(first.suggestedFilename()).toMatch(/\.zip$/);

    // The buyer's licence, valid at first.
    await page.goto('/dashboard');
    const licenceRow = page
      .getByTestId('my-licenses')
      .getByTestId('license-row')
      .filter({ hasText: title });
    await licenceRow.first().waitFor();
    const licenceHref = await licenceRow
      .getByRole('link', { name: title, exact: true })
      .getAttribute('href');
    expect(licenceHref).toMatch(/^\/licenses\/.+/);
    await page.goto(licenceHref!);
    await page.getByTestId('license-verified').waitFor();

    // The card issuer opens a dispute: the licence page says so once the webhook has applied it.
    await openCardDispute(sessionId);
    const disputed = page.getByTestId('license-disputed');
    await expect
      .poll(
        async () => {
          await page.reload();
          await Promise.race([disputed.waitFor(), page.getByTestId('license-verified').waitFor()]);
          return disputed.isVisible();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    expect(await disputed.textContent()).toContain(LICENSE_MESSAGES.disputed);
    expect(await disputed.textContent()).toMatch(/Disputed on \d{1,2} \w+ \d{4}/);
    expect(await page.getByTestId('license-verified').count()).toBe(0);
    await screenshot(page, 'license-disputed');

    // Download again is refused with the reason in words.
    await page.goto('/dashboard');
    const row = page.getByTestId('download-row').filter({ hasText: title }).first();
    await row.getByRole('button', { name: `Download again: ${title}` }).click();
    const refusal = row.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /was disputed with your card issuer on \d{1,2} \w+ \d{4}, so its licence is no longer valid/,
    );
    await screenshot(page, 'download-again-disputed');
    // The template page says the same beside the refused download.
    await page.goto(`/mvp/${templateId}`);
    const alert = page.getByTestId('download-disputed');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /Your payment for this template was disputed with your card issuer on \d{1,2} \w+ \d{4}/,
    );
    await screenshot(page, 'template-disputed');

    // The admin's audit log names the dispute in words, by Stripe, with the template and amount.
    const admin = await openBrowser(baseUrl());
    try {
      await signIn(admin.page, ADMIN.email, ADMIN.password);
      await admin.page.goto('/admin?tab=audit');
      const entry = admin.page
        .getByTestId('admin-audit')
        .getByTestId('audit-entry')
        .filter({ hasText: title });
      await entry.first().waitFor();
      const text = await entry.first().textContent();
      expect(text).toContain('Card issuer disputed a payment');
      expect(text).toContain('Stripe (card issuer)');
      expect(text).toContain('£19.00');
      expect(text).toContain('Chargeback, awaiting our response');
      expect(text).not.toMatch(/chargeback\.open|needs_response/);
      await screenshot(admin.page, 'admin-audit-chargeback');
    } finally {
      await admin.close();
    }
  }, 240_000);
});
