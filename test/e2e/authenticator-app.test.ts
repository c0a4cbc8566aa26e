/// <reference lib="dom" />
/**
 * The authenticator app as a person uses it, in a real browser against the local stack (whose
 * user pool has the design's MFA setting): a new buyer scans the QR code (or types the secret
 * shown beside it; the test computes the app's codes from it with otpauth), turns the app on,
 * signs out, and the next sign-in asks for the code: a wrong code is refused in words, the right
 * one signs in. Then the phone is lost: the admin resets the app from the Users tab with a
 * reason, the user is told, and the password alone signs in again.
 */
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { MFA_RESET_MESSAGES } from '../../contract/mfa-reset';
import { TOTP_SIGN_IN_REFUSED_MESSAGE } from '../../frontend/src/lib/mfa-status';
import { TOTP_ENABLED_MESSAGE } from '../../frontend/src/features/settings/api/authenticator-app';
import { openBrowser, useBrowserSession } from '../fixtures/e2e/browser';
import { signIn, signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot, uniqueEmail } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };

/** A six-digit code the app would not show now (nor in the windows either side Cognito accepts). */
const wrongCodeFor = (app: TOTP): string => {
  const now = Date.now();
  const valid = new Set(
    [-1, 0, 1].map((step) => app.generate({ timestamp: now + step * app.period * 1000 })),
  );
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(app.digits, '0');
    if (!valid.has(code)) return code;
  }
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
};

/** Types the e-mail and password into /auth's form, as a returning visitor does. */
const submitPassword = async (page: Page, email: string, password: string) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
};

describe('authenticator app', () => {
  const session = useBrowserSession();
  const email = uniqueEmail('totp');
  const password = 'totp-pass-1';
  let app: TOTP;

  it('is set up from a QR code with the secret beside it, and turned on with its first code', async () => {
    const { page } = session;
    await signUpAsBuyer(page, email, password);
    await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();

    await page.goto('/settings?tab=security');
    const section = page.getByTestId('authenticator-app');
    await section.getByRole('button', { name: 'Set Up Authenticator App' }).click();

    const qr = section.getByTestId('totp-qr-code');
    await qr.waitFor();
    expect(await qr.getAttribute('alt')).toBe(
      'QR code to add this account to your authenticator app',
    );
    // A drawn image, square, at the size set (not a broken one).
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(150);
    expect(box?.width).toBe(box?.height);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const link = await section
      .getByRole('link', { name: 'Open in authenticator app' })
      .getAttribute('href');
    expect(link).toContain(`secret=${secret}`);
    app = new TOTP({ secret: Secret.fromBase32(secret) });
    await screenshot(page, 'settings-authenticator-qr');

    await section.getByLabel('Code from the app').fill(app.generate());
    await section.getByRole('button', { name: 'Turn On' }).click();
    await section.getByText(TOTP_ENABLED_MESSAGE).waitFor();
    await section.getByRole('button', { name: 'Turn Off Authenticator App' }).waitFor();
  });

  it('asks for the code at the next sign-in: a wrong one is refused in words, the right one signs in', async () => {
    const { page } = session;
    await signOut(page);
    await submitPassword(page, email, password);

    const codeForm = page.getByRole('form', { name: 'Authenticator code' });
    await codeForm.getByText('Enter the code from your authenticator app.').waitFor();
    // The password alone did not sign in.
    expect(await page.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);

    await codeForm.getByLabel('Code').fill(wrongCodeFor(app));
    await codeForm.getByRole('button', { name: 'Verify' }).click();
    await codeForm.getByTestId('auth-error').getByText(TOTP_SIGN_IN_REFUSED_MESSAGE).waitFor();
    expect(await page.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    await screenshot(page, 'sign-in-authenticator-refused');

    await codeForm.getByLabel('Code').fill(app.generate());
    await codeForm.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();
    await page.goto('/settings?tab=security');
    await page
      .getByTestId('authenticator-app')
      .getByRole('button', { name: 'Turn Off Authenticator App' })
      .waitFor();
  });

  it('lost phone: an admin resets the app with a reason, the user is told and signs in with the password', async () => {
    const { page } = session;
    const admin = await openBrowser(baseUrl());
    try {
      await signIn(admin.page, ADMIN.email, ADMIN.password);
      await admin.page.goto('/admin?tab=users');
      const tab = admin.page.getByTestId('admin-users');
      await admin.page.locator('[data-testid="admin-users"][aria-busy="false"]').waitFor();
      await tab.getByLabel('Search by e-mail or username').fill(email.slice(0, 20));
      await tab.getByRole('button', { name: 'Search' }).click();
      const row = tab.locator(`[data-testid="admin-user-row"][data-email="${email}"]`);
      await row.getByRole('button', { name: 'Reset authenticator app' }).click();

      const dialog = admin.page.getByTestId('reset-mfa-dialog');
      await dialog.getByRole('button', { name: 'Turn off' }).click();
      await dialog.getByText(MFA_RESET_MESSAGES.reasonRequired).waitFor();
      await dialog
        .getByLabel('Reason')
        .fill('Lost their phone; confirmed by a reply from the account e-mail.');
      await dialog.getByRole('button', { name: 'Turn off' }).click();
      await expect
        .poll(() => admin.page.getByTestId('user-action-result').textContent())
        .toContain(MFA_RESET_MESSAGES.done);
      await screenshot(admin.page, 'admin-authenticator-reset');

      // Once done, a second reset says there is nothing to reset.
      await row.getByRole('button', { name: 'Reset authenticator app' }).click();
      await dialog.getByLabel('Reason').fill('Asked again by mistake.');
      await dialog.getByRole('button', { name: 'Turn off' }).click();
      await dialog.getByText(MFA_RESET_MESSAGES.noApp).waitFor();
    } finally {
      await admin.close();
    }

    // The user is told, and the password alone signs in.
    await page.goto('/notifications');
    await page.getByText(MFA_RESET_MESSAGES.notice).first().waitFor();
    await signOut(page);
    await submitPassword(page, email, password);
    await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();
    expect(await page.getByRole('form', { name: 'Authenticator code' }).count()).toBe(0);
  });
});
