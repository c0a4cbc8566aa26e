/// <reference lib="dom" />
/**
 * The signed-in shell, beta access (a fresh account per press) and the launch
 * overlay. The stack's launch moment is in the past (the default), so the overlay test serves a
 * future `launchAt` by intercepting `/config.json` in this browser only: the product code is
 * exercised unchanged (countdown, form, the real lead endpoint), without a second stack.
 */
import { describe, expect, it } from 'vitest';
import { BETA_EXPIRY_NOTICE } from '../../contract/beta';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot, uniqueEmail } from '../fixtures/e2e/stack';

describe('shell navigation', () => {
  const session = useBrowserSession({ perTest: true });

  it('shows Dashboard and Settings but no admin shortcut to a buyer', async () => {
    const { page } = session;
    await signIn(page, 'buyer@demo.local', 'demo1234');
    await page.getByRole('link', { name: 'Settings' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Dashboard' }).first().isVisible()).toBe(true);
    // The profile (and so the role) has loaded once the settings page shows it.
    await page.goto('/settings');
    await page.getByRole('form', { name: 'Profile' }).waitFor();
    expect(await page.getByTestId('admin-shortcut').count()).toBe(0);
  });

  it('shows the admin shortcut to an admin, leading to /admin', async () => {
    const { page } = session;
    await signIn(page, 'admin@demo.local', 'demo1234');
    await page.getByTestId('admin-shortcut').first().click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
  });

  it('signs a fresh beta account in with Beta Access, a new one per press, without admin rights', async () => {
    const { page } = session;
    const pressBetaAccess = async () => {
      await page.goto('/auth');
      await page.getByText(BETA_EXPIRY_NOTICE).waitFor();
      await page.getByRole('button', { name: 'Beta Access' }).click();
      await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();
      // The profile (and so the role) has loaded once the settings page shows it.
      await page.goto('/settings');
      await page.getByRole('form', { name: 'Profile' }).waitFor();
      return page.evaluate(async () => {
        const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
        const token = key ? localStorage.getItem(key) : null;
        const response = await fetch('/api/me', { headers: { authorization: `Bearer ${token}` } });
        return (await response.json()) as Record<string, unknown>;
      });
    };

    const first = await pressBetaAccess();
    expect(first).toMatchObject({
      role: 'both',
      is_seller_approved: true,
      downloads_remaining: 999,
      daily_download_limit: 50,
      display_name: 'Beta Tester',
    });
    expect(first.email).toMatch(/^beta-[0-9a-f]+@beta\.invalid$/);
    const hoursLeft = (Date.parse(String(first.beta_expires_at)) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    // Role both, but seller and buyer rights only: no admin shortcut.
    expect(await page.getByTestId('admin-shortcut').count()).toBe(0);

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    const second = await pressBetaAccess();
    expect(second.id).not.toBe(first.id);
    expect(second.email).not.toBe(first.email);
  });

  it('shows the launch overlay before a future launch, captures a lead, and can be overridden', async () => {
    const { page, context } = session;
    const launchAt = new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString();
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), launchAt } });
    });

    await page.goto('/mvps');
    const overlay = page.getByTestId('launch-overlay');
    await overlay.waitFor();
    expect(await page.getByTestId('countdown-days').textContent()).toBe('03');
    const form = overlay.getByRole('form', { name: 'Get notified' });
    await form.getByRole('button', { name: 'Notify me' }).click();
    await overlay.getByText('Please enter your email address').waitFor();
    await form.getByLabel('Email address').fill(uniqueEmail('lead'));
    await form.getByRole('button', { name: 'Notify me' }).click();
    await overlay.getByText('Please agree to the privacy policy').waitFor();
    await form.getByText('I agree to the').click();
    await form.getByRole('button', { name: 'Notify me' }).click();
    await overlay.getByText('Thank you for subscribing!').waitFor();
    // Double opt-in: the address is confirmed through the e-mail just sent.
    await overlay.getByText('Check your inbox to confirm.').waitFor();
    await screenshot(page, 'launch-overlay');

    await page.goto('/mvps?override_launch_blocker=true');
    await page.getByTestId('mode-badge').waitFor();
    expect(await page.getByTestId('launch-overlay').count()).toBe(0);

    await page.goto('/buyer-github-callback');
    await page.getByTestId('mode-badge').waitFor();
    expect(await page.getByTestId('launch-overlay').count()).toBe(0);
  });
});
