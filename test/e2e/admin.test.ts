/// <reference lib="dom" />
/**
 * The admin dashboard end to end (issue 11): a signed-out visitor is sent to /auth and a buyer to
 * /dashboard; `admin@demo.local` opens /admin, approves the demo buyer's seeded pending refund
 * request (lib/local/seed/money.ts) and processes it through the local Stripe server after the
 * confirmation, and finds it under Processed with its Stripe refund id. Every tab is photographed
 * in light and dark mode under /tmp/shots.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };
const BUYER = { email: 'buyer@demo.local', password: 'demo1234' };
/** The reason of the refund request the seed files for the demo buyer. */
const SEEDED_REASON = 'I meant to choose Basic';

/** The dashboard's tabs by `?tab=`, as their triggers are labelled. */
const TABS = [
  ['refunds', 'Refund Requests', 'admin-refunds'],
  ['audit', 'Audit', 'admin-audit'],
] as const;

const SHOTS = '/tmp/shots';

/** A full-page shot under /tmp/shots (to look at) and the suite's own screenshot folder. */
const shoot = async (page: Page, name: string) => {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await screenshot(page, name);
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
};

describe('admin dashboard', () => {
  const session = useBrowserSession();

  it('sends a signed-out visitor to /auth and a buyer to /dashboard', async () => {
    const { page } = session;
    await page.goto('/admin');
    await page.waitForURL('**/auth');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();

    await signIn(page, BUYER.email, BUYER.password);
    await page.goto('/admin?tab=refunds');
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('admin-refunds').count()).toBe(0);
    await signOut(page);
  });

  it("approves the buyer's pending refund request and processes it through Stripe", async () => {
    const { page } = session;
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('admin-shortcut').first().click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    // Tabs are in the URL.
    await page.getByRole('tab', { name: 'Audit' }).click();
    await page.waitForURL(/\/admin\?tab=audit$/);
    await page.getByRole('tab', { name: 'Refund Requests' }).click();
    await page.waitForURL(/\/admin\?tab=refunds$/);
    const tab = page.getByTestId('admin-refunds');
    const row = tab.getByTestId('admin-refund-row').filter({ hasText: SEEDED_REASON });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(BUYER.email);
    expect(text).toContain('Pro');
    expect(await row.getByTestId('refund-amount').textContent()).toBe('£1.00');
    expect(await row.getByTestId('refund-status').textContent()).toBe('pending');
    const id = await row.getAttribute('data-id');
    const byId = tab.locator(`[data-testid="admin-refund-row"][data-id="${id}"]`);

    await row.getByRole('button', { name: 'Approve' }).click();
    const result = page.getByTestId('refund-action-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(`Approved the refund request of ${BUYER.email}.`);
    await expect.poll(() => byId.count()).toBe(0);

    await tab.getByRole('button', { name: 'Approved', exact: true }).click();
    await byId.waitFor();
    expect(await byId.getByTestId('refund-status').textContent()).toBe('approved');
    await byId.getByRole('button', { name: 'Process Refund' }).click();
    const dialog = page.getByTestId('process-refund-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`£1.00 will be refunded to ${BUYER.email}`);
    await shoot(page, 'admin-refund-confirm');
    await dialog.getByRole('button', { name: 'Process Refund' }).click();
    await expect
      .poll(() => result.textContent())
      .toMatch(new RegExp(`Refund processed for ${BUYER.email} \\(Stripe refund re_\\w+\\)`));
    await dialog.waitFor({ state: 'hidden' });

    await tab.getByRole('button', { name: 'Processed', exact: true }).click();
    await byId.waitFor();
    expect(await byId.getByTestId('refund-status').textContent()).toBe('processed');
    expect(await byId.getByTestId('stripe-refund-id').textContent()).toMatch(/^re_\w+$/);
    expect(await byId.textContent()).toContain('£1.00');
  });

  it('keeps the tab in the URL and shows the audit log', async () => {
    const { page } = session;
    await page.goto('/admin?tab=audit');
    const audit = page.getByTestId('admin-audit');
    await audit.waitFor();
    await expect
      .poll(
        async () =>
          (await audit.getByTestId('audit-entry').count()) +
          (await audit.getByTestId('no-audit-entries').count()),
      )
      .toBeGreaterThan(0);
    // An unknown tab falls back to the first.
    await page.goto('/admin?tab=nonsense');
    await page.getByTestId(`admin-${TABS[0][0]}`).waitFor();
  });

  it('shows every tab in light and dark mode', async () => {
    const { page } = session;
    for (const mode of ['light', 'dark'] as const) {
      await page.evaluate(
        (dark) => localStorage.setItem('darkMode', String(dark)),
        mode === 'dark',
      );
      for (const [value, , testId] of TABS) {
        await page.goto(`/admin?tab=${value}`);
        // The data, not a skeleton, is what the shot should show.
        await page.locator(`[data-testid="${testId}"][aria-busy="false"]`).waitFor();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          mode === 'dark',
        );
        await shoot(page, `admin-${value}-${mode}`);
      }
    }
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
