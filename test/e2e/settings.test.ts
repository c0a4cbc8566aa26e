/// <reference lib="dom" />
/**
 * Settings as a new buyer would use it: Access Denied when signed out, the Profile tab with the
 * product's validation and a taken username, Security (change password), Connections, and the
 * newsletter toggle and a notification e-mail switch surviving a reload (receipts cannot be
 * switched off).
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { screenshot, uniqueEmail } from '../fixtures/e2e/stack';
import { expectFitsPhone } from '../fixtures/e2e/phone-width';

describe('settings', () => {
  const session = useBrowserSession();
  const email = uniqueEmail('settings');
  const password = 'first-pass';

  it('shows Access Denied when signed out', async () => {
    const { page } = session;
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
  });

  it('signs up, then edits the profile with the product’s validation and a taken username', async () => {
    const { page } = session;
    await signUpAsBuyer(page, email, password);
    await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();

    await page.goto('/settings?tab=profile');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await form.getByText('Username is required.').waitFor();

    await form.getByLabel('Username').fill('two words');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await form.getByText('Username cannot contain spaces.').waitFor();

    await form.getByLabel('Username').fill('launchpad');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await form.getByText('This username is already taken.').first().waitFor();

    const username = `e2e_${Date.now().toString(36)}`;
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Bio').fill('Building my first MVP.');
    await form.getByLabel('GitHub').fill('https://github.com/e2e');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await form.getByText('Profile updated successfully!').waitFor();
    await screenshot(page, 'settings-profile');

    await page.reload();
    await expect.poll(() => form.getByLabel('Username').inputValue()).toBe(username);
    expect(await form.getByLabel('Bio').inputValue()).toBe('Building my first MVP.');
  });

  it('uploads a profile picture, refusing a file that is not an image', async () => {
    const { page } = session;
    await page.goto('/settings?tab=profile');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.waitFor();
    // A buyer's username is not about a seller page.
    expect(await form.textContent()).not.toContain('public seller page');
    expect(await form.textContent()).toContain('It is shown with your reviews.');

    const file = form.getByTestId('avatar-file');
    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await form.getByText('Only image files are allowed for preview images.').waitFor();

    // A real 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/eL9GtQAAAABJRU5ErkJggg==',
      'base64',
    );
    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await form.getByText('Profile picture updated.').waitFor();
    const url = await form.getByLabel('Or a picture URL').inputValue();
    expect(url).toMatch(/^\/previews\/avatars\/[^/]+\/[A-Z0-9]+\.png$/);
    // The picture is served, and it is the one uploaded.
    const served = await page.request.get(url);
    expect(served.status()).toBe(200);
    expect(Buffer.from(await served.body())).toEqual(png);
    await form.getByRole('img', { name: 'Your profile picture' }).waitFor();
    await screenshot(page, 'settings-avatar');

    // It stays after a reload and a save of the form.
    await page.reload();
    await expect.poll(() => form.getByLabel('Or a picture URL').inputValue()).toBe(url);
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await form.getByText('Profile updated successfully!').waitFor();
  });

  it('changes the password with the product’s messages', async () => {
    const { page } = session;
    await page.goto('/settings?tab=security');
    const form = page.getByRole('form', { name: 'Change password' });
    const submit = () => form.getByRole('button', { name: 'Change Password' }).click();
    await submit();
    await form.getByText('Current password is required.').waitFor();
    expect(await form.getByText('New password is required.').isVisible()).toBe(true);

    await form.getByLabel('Current password').fill(password);
    await form.getByLabel('New password', { exact: true }).fill('12345');
    await form.getByLabel('Confirm new password').fill('12345');
    await submit();
    await form.getByText('New password must be at least 6 characters.').waitFor();

    await form.getByLabel('New password', { exact: true }).fill('second-pass');
    await form.getByLabel('Confirm new password').fill('other-pass');
    await submit();
    await form.getByText('New passwords do not match.').waitFor();

    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('Confirm new password').fill('second-pass');
    await submit();
    await form.getByText(/Failed to change password\./).waitFor();

    await form.getByLabel('Current password').fill(password);
    await submit();
    await form.getByText('Password changed successfully!').waitFor();
  });

  it('shows the connection status and the Netlify note', async () => {
    const { page } = session;
    await page.goto('/settings?tab=connections');
    await page.getByTestId('connection-github').getByText('Not connected').waitFor();
    await page.getByText(/Netlify connects automatically during deployment/).waitFor();
    await screenshot(page, 'settings-connections');
  });

  it('keeps the newsletter toggle and an e-mail switch after a reload', async () => {
    const { page } = session;
    await page.goto('/settings?tab=notifications');
    const state = page.getByTestId('newsletter-state');
    await expect.poll(() => state.textContent()).toBe('Unsubscribed');
    // The reload waits for the saved answer, as a person's next visit comes after it.
    const subscribed = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/me/newsletter') && response.request().method() === 'PUT',
    );
    await page.getByText('Unsubscribed').click();
    await expect.poll(() => state.textContent()).toBe('Subscribed');
    expect((await subscribed).ok()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('newsletter-state').textContent()).toBe('Subscribed');

    const upgrades = page.getByTestId('email-upgrade_available-switch');
    const receipts = page.getByTestId('email-payment_succeeded-switch');
    await expect.poll(() => upgrades.isChecked()).toBe(true);
    expect(await receipts.isChecked()).toBe(true);
    expect(await receipts.isDisabled()).toBe(true);
    await page.getByTestId('email-receipts-reason').waitFor();
    // A buyer is not offered the kinds only sellers receive.
    expect(await page.getByTestId('email-new_review-switch').count()).toBe(0);
    // The switch turns at once; the reload waits for the saved answer, as a person's next visit
    // comes after it.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/my/notification-preferences') &&
        response.request().method() === 'PUT',
    );
    await page
      .locator(
        '[data-testid="email-preference"][data-type="upgrade_available"] [data-part="control"]',
      )
      .click();
    await expect.poll(() => upgrades.isChecked()).toBe(false);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('email-upgrade_available-switch').isChecked())
      .toBe(false);
    await screenshot(page, 'settings-notifications');
    await expectFitsPhone(page);
    await screenshot(page, 'settings-notifications-phone');

    // An e-mail's unsubscribe link asks before acting, and says when the link is not valid.
    await page.goto('/notifications/unsubscribe?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Stop these e-mails' }).waitFor();
    await page.getByTestId('newsletter-link-action').click();
    await page
      .getByTestId('newsletter-link-error')
      .getByText('This unsubscribe link is invalid or has expired.')
      .waitFor();
    await screenshot(page, 'notification-unsubscribe-phone');
  });
});
