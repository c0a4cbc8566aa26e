/// <reference lib="dom" />
/**
 * The admin dashboard end to end: a signed-out visitor is sent to /auth and a buyer to
 * /dashboard; `admin@demo.local` opens /admin, approves the demo buyer's seeded pending refund
 * request (lib/local/seed/money.ts) and processes it through the local Stripe server after the
 * confirmation, and finds it under Processed with its Stripe refund id; it processes a connected
 * seller's pending payout after its confirmation and finds it completed. Every tab in both colour
 * modes, without a page error, is test/e2e/accessibility.test.ts's admin walk.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowser, useBrowserSession } from '../fixtures/e2e/browser';
import { seedPendingPayoutOf } from '../fixtures/e2e/payout-run';
import { LODASH, securityReports } from '../fixtures/e2e/security-reports';
import { signIn, signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot, uniqueEmail } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };
const BUYER = { email: 'buyer@demo.local', password: 'demo1234' };
/** The reason of the refund request the seed files for the demo buyer. */
const SEEDED_REASON = 'I meant to choose Basic';
/** The seed's template waiting for review and the one whose scan failed (lib/local/seed/templates.ts). */
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PENDING_TEMPLATE = { id: '01K1DXHVC0YDX5TSPK695MBRV7', title: 'Crypto Portfolio Tracker' };
const FAILED_TEMPLATE = { title: 'Leaky Env Starter', error: 'Secrets found: .env' };
/** The month of the connected seller's payout this file leaves pending and then processes. */
const PENDING_PAYOUT_MONTH = { key: '2025-02', label: 'February 2025' };
/** The buyer's seeded download (lib/local/seed/downloads.ts): a template they may dispute. */
const FEEDBACK_BOARD = '01JNNEBK80MFMQCDSM4G1BRC7G';

/** The dashboard's tabs by `?tab=`, as their triggers are labelled. */
const TABS = [
  ['overview', 'Overview', 'admin-overview'],
  ['mvps', 'MVP Reviews', 'admin-mvps'],
  ['refunds', 'Refund Requests', 'admin-refunds'],
  ['disputes', 'Disputes', 'admin-disputes'],
  ['payouts', 'Payouts', 'admin-payouts'],
  ['users', 'User Management', 'admin-users'],
  ['security', 'Security', 'admin-security'],
  ['analytics', 'Analytics', 'admin-analytics'],
  ['audit', 'Audit', 'admin-audit'],
] as const;

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
};

describe('admin dashboard', () => {
  const session = useBrowserSession();

  it('sends a signed-out visitor to /auth and a buyer to /dashboard, showing Access Denied', async () => {
    const { page } = session;
    // Whether the Access Denied screen appeared on its way (the redirect follows at once).
    await page.addInitScript(() => {
      const seen = window as unknown as { accessDenied?: string };
      new MutationObserver(() => {
        const screen = document.querySelector('[data-testid="admin-access-denied"]');
        if (screen) seen.accessDenied = screen.textContent ?? '';
      }).observe(document, { childList: true, subtree: true });
    });
    const accessDenied = () =>
      page.evaluate(() => (window as unknown as { accessDenied?: string }).accessDenied);

    await page.goto('/admin');
    await page.waitForURL('**/auth');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await accessDenied()).toContain('Access Denied');

    await signIn(page, BUYER.email, BUYER.password);
    await page.goto('/admin?tab=refunds');
    await page.waitForURL('**/dashboard');
    expect(await accessDenied()).toContain('Access Denied');
    expect(await page.getByTestId('admin-refunds').count()).toBe(0);
    await signOut(page);

    // A beta account has role both but no admin rights.
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Beta Access' }).click();
    // The button creates a Cognito user, then signs it in: two round trips more than a sign-in.
    await page.getByRole('button', { name: 'Sign Out' }).first().waitFor({ timeout: 30_000 });
    await page.goto('/admin');
    await page.waitForURL('**/dashboard');
    expect(await accessDenied()).toContain('Access Denied');
    await signOut(page);
  });

  it("approves the buyer's pending refund request and processes it through Stripe", async () => {
    const { page } = session;
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('admin-shortcut').first().click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    // The overview: the 8 figures, the first pending templates and payouts, the 5 newest users.
    const overview = page.locator('[data-testid="admin-overview"][aria-busy="false"]');
    await overview.waitFor();
    expect(await overview.locator('[data-testid^="stat-"]').count()).toBe(8);
    expect(await overview.getByTestId('stat-pendingMVPs').textContent()).toMatch(
      /^Pending MVPs\d+$/,
    );
    expect(await overview.getByTestId('stat-totalRevenue').textContent()).toMatch(
      /^Total Revenue£[\d,]+\.\d\d$/,
    );
    const pendingTemplates = overview.getByTestId('overview-mvp');
    expect(await pendingTemplates.count()).toBeGreaterThan(0);
    expect(await pendingTemplates.count()).toBeLessThanOrEqual(3);
    expect(await overview.getByTestId('overview-user').count()).toBe(5);
    await screenshot(page, 'admin-overview');

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
    expect(await row.getByTestId('refund-status').textContent()).toBe('Pending');
    const id = await row.getAttribute('data-id');
    const byId = tab.locator(`[data-testid="admin-refund-row"][data-id="${id}"]`);

    await row.getByRole('button', { name: 'Approve' }).click();
    const result = page.getByTestId('refund-action-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(`Approved the refund request of ${BUYER.email}.`);
    await expect.poll(() => byId.count()).toBe(0);

    await tab.getByRole('button', { name: 'Approved', exact: true }).click();
    await byId.waitFor();
    expect(await byId.getByTestId('refund-status').textContent()).toBe('Approved');
    await byId.getByRole('button', { name: 'Process Refund' }).click();
    const dialog = page.getByTestId('process-refund-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`£1.00 will be refunded to ${BUYER.email}`);
    await screenshot(page, 'admin-refund-confirm');
    await dialog.getByRole('button', { name: 'Process Refund' }).click();
    await expect
      .poll(() => result.textContent())
      .toMatch(new RegExp(`Refund processed for ${BUYER.email} \\(Stripe refund re_\\w+\\)`));
    await dialog.waitFor({ state: 'hidden' });

    await tab.getByRole('button', { name: 'Processed', exact: true }).click();
    await byId.waitFor();
    expect(await byId.getByTestId('refund-status').textContent()).toBe('Processed');
    expect(await byId.getByTestId('stripe-refund-id').textContent()).toMatch(/^re_\w+$/);
    expect(await byId.textContent()).toContain('£1.00');
  });

  it('asks for a reason before approving a version with a critical vulnerability', async () => {
    const { page } = session;
    const reports = await securityReports();
    const versionId = await reports.report(PENDING_TEMPLATE.id, [LODASH]);
    try {
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto('/admin?tab=mvps');
        const row = page.locator(`[data-testid="admin-mvp-row"][data-id="${PENDING_TEMPLATE.id}"]`);
        await row.getByTestId('security-finding').waitFor();
        expect(await row.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
        await row.getByTestId('approve-anyway').click();
        const dialog = page.getByTestId('approve-anyway-dialog');
        await dialog.getByRole('button', { name: 'Approve anyway' }).click();
        await dialog
          .getByText('give a reason (at least 10 characters)', { exact: false })
          .waitFor();
        await screenshot(page, `security-admin-approve-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
    } finally {
      // The next test approves the same template with the plain Approve: without a report.
      await reports.remove(PENDING_TEMPLATE.id, versionId);
      await page.setViewportSize(DESKTOP);
    }
  });

  it('rejects a failed template with a reason and approves one waiting for review', async () => {
    const { page } = session;
    await page.goto('/admin?tab=mvps');
    const tab = page.getByTestId('admin-mvps');
    const failed = tab.getByTestId('admin-mvp-row').filter({ hasText: FAILED_TEMPLATE.title });
    await failed.waitFor();
    expect(await failed.getByTestId('mvp-processing-error').textContent()).toBe(
      FAILED_TEMPLATE.error,
    );
    expect(await failed.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    await failed.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByTestId('reject-mvp-dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Please give a reason for the rejection.').waitFor();
    await screenshot(page, 'admin-mvp-reject');
    await dialog.getByLabel('Reason').fill('The bundle ships a .env file with credentials.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const result = page.getByTestId('mvp-action-result');
    await expect
      .poll(() => result.textContent())
      .toContain('MVP rejected. The seller has been notified.');
    await expect.poll(() => failed.count()).toBe(0);

    const pending = tab.locator(`[data-testid="admin-mvp-row"][data-id="${PENDING_TEMPLATE.id}"]`);
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => result.textContent()).toContain('MVP approved and published.');
    await expect.poll(() => pending.count()).toBe(0);

    // In the catalog at once.
    await page.goto(`/mvps?search=${encodeURIComponent(PENDING_TEMPLATE.title)}`);
    await page.getByTestId('mvp-card').filter({ hasText: PENDING_TEMPLATE.title }).waitFor();
    // Archived again (as admin, through the API), so the catalog other tests count is unchanged.
    const archived = await page.evaluate(async (id) => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : null;
      const response = await fetch(`/api/mvps/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      return response.status;
    }, PENDING_TEMPLATE.id);
    expect(archived).toBe(200);
  });

  it('moves a dispute from open through review to resolved, and the buyer sees it', async () => {
    const { page } = session;
    const details = `The admin e2e dispute (${Date.now()}): the exports are missing.`;
    await signOut(page);
    await signIn(page, BUYER.email, BUYER.password);
    await page.goto(`/dispute/${FEEDBACK_BOARD}`);
    const form = page.getByRole('form', { name: 'New dispute' });
    await form.getByLabel('Reason').selectOption('Missing features');
    await form.getByLabel('Details').fill(details);
    await form.getByRole('button', { name: 'Submit Dispute' }).click();
    await page.getByTestId('dispute-success').waitFor();
    await signOut(page);

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin?tab=disputes');
    const tab = page.getByTestId('admin-disputes');
    const row = tab.getByTestId('admin-dispute-row').filter({ hasText: details });
    await row.waitFor();
    expect(await row.textContent()).toContain(BUYER.email);
    expect(await row.textContent()).toContain('seller@demo.local');
    const href = await row.getByRole('link', { name: 'Feedback Board' }).getAttribute('href');
    await row.getByRole('button', { name: 'Start Review' }).click();
    const result = page.getByTestId('dispute-action-result');
    await expect.poll(() => result.textContent()).toContain('is in review');

    await tab.getByRole('button', { name: 'In Review', exact: true }).click();
    await row.waitFor();
    const resolve = row.getByRole('form', { name: 'Resolve dispute' });
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await resolve.getByText('Dispute resolution needs non-blank details').waitFor();
    await resolve.getByLabel('Resolution', { exact: true }).selectOption('resolved_buyer');
    await resolve.getByLabel('Resolution details').fill('   ');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await resolve.getByText('Dispute resolution needs non-blank details').waitFor();
    await screenshot(page, 'admin-dispute-resolve-errors');
    await resolve.getByLabel('Resolution details').fill('Refunded: the exports were missing.');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => result.textContent()).toContain('resolved in favour of the buyer');

    await tab.getByRole('button', { name: 'Resolved in favour of the buyer', exact: true }).click();
    await row.waitFor();
    expect(await row.getByTestId('dispute-resolution').textContent()).toBe(
      'Refunded: the exports were missing.',
    );

    // The buyer sees every step on the dispute page.
    await signOut(page);
    await signIn(page, BUYER.email, BUYER.password);
    await page.goto(href!);
    await page.getByRole('heading', { name: 'Dispute: Feedback Board' }).waitFor();
    const steps = page.getByTestId('timeline-step');
    await expect.poll(() => steps.count()).toBe(3);
    expect(await steps.nth(2).textContent()).toContain('Resolved in favour of the buyer');
    expect(await page.getByText('Refunded: the exports were missing.').isVisible()).toBe(true);
    await signOut(page);
    await signIn(page, ADMIN.email, ADMIN.password);
  });

  it("changes a new user's role, approves them as a seller and revokes them", async () => {
    const { page } = session;
    // A fresh account in a browser of its own, so no demo account's role changes.
    const email = uniqueEmail('admin-role');
    const other = await openBrowser(baseUrl());
    try {
      await signUpAsBuyer(other.page, email, 'secret123');
      await other.page.getByRole('button', { name: 'Sign Out' }).first().waitFor();
      // The profile is created on first sight: the settings page reads it.
      await other.page.goto('/settings');
      await other.page.getByRole('form', { name: 'Profile' }).waitFor();
    } finally {
      await other.close();
    }

    await page.goto('/admin?tab=users');
    const tab = page.getByTestId('admin-users');
    await page.locator('[data-testid="admin-users"][aria-busy="false"]').waitFor();
    await tab.getByLabel('Search by e-mail or username').fill(email.slice(0, 20));
    await tab.getByRole('button', { name: 'Search' }).click();
    const row = tab.locator(`[data-testid="admin-user-row"][data-email="${email}"]`);
    await row.waitFor();
    expect(await row.getByLabel(`Role of ${email}`).inputValue()).toBe('buyer');

    await row.getByLabel(`Role of ${email}`).selectOption('seller');
    const result = page.getByTestId('user-action-result');
    await expect.poll(() => result.textContent()).toContain(`${email} is now seller.`);
    await expect.poll(() => row.getByTestId('seller-approval').textContent()).toBe('Not approved');
    // Both ask first.
    const confirm = page.getByTestId('seller-approval-dialog');
    await row.getByRole('button', { name: 'Approve seller' }).click();
    await confirm.getByRole('button', { name: 'Approve seller' }).click();
    await expect.poll(() => row.getByTestId('seller-approval').textContent()).toBe('Approved');
    expect(await result.textContent()).toContain(`${email} is an approved seller.`);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.getByTestId('seller-approval').textContent()).toBe('Not approved');

    // The filters: an unapproved seller is under Sellers and Not approved, not under Buyers.
    await tab.getByLabel('Seller approval').selectOption('not_approved');
    await tab.getByRole('button', { name: 'Sellers', exact: true }).click();
    await row.waitFor();
    await tab.getByRole('button', { name: 'Buyers', exact: true }).click();
    await expect.poll(() => row.count()).toBe(0);

    // An admin cannot remove their own admin role.
    await tab.getByRole('button', { name: 'All', exact: true }).click();
    await tab.getByLabel('Seller approval').selectOption('all');
    await tab.getByLabel('Search by e-mail or username').fill(ADMIN.email);
    await tab.getByRole('button', { name: 'Search' }).click();
    const self = tab.locator(`[data-testid="admin-user-row"][data-email="${ADMIN.email}"]`);
    await self.getByLabel(`Role of ${ADMIN.email}`).selectOption('buyer');
    await expect.poll(() => result.textContent()).toContain('Failed to update user role');
    expect(await result.textContent()).toContain('You cannot remove your own admin role.');
    await expect.poll(() => self.getByLabel(`Role of ${ADMIN.email}`).inputValue()).toBe('admin');
  });

  it("lists the sellers' payouts by status", async () => {
    const { page } = session;
    await page.goto('/admin?tab=payouts');
    const tab = page.getByTestId('admin-payouts');
    await tab.getByRole('button', { name: 'Completed', exact: true }).click();
    // The seed's run paid the demo seller last month (lib/local/seed/money.ts).
    const row = tab.getByTestId('admin-payout-row').filter({ hasText: 'seller@demo.local' });
    await row.first().waitFor();
    expect(await row.first().textContent()).toMatch(/£\d+\.\d\d/);
    expect(await row.first().getByRole('button', { name: 'Process' }).count()).toBe(0);
    // Last month's run happened (the seed ran it): nothing to run by hand for it.
    const runs = page.getByTestId('admin-payout-runs');
    const lastRun = runs.getByTestId('payout-run-month').first();
    await lastRun.waitFor();
    expect(await lastRun.getAttribute('data-state')).toBe('completed');
    // The month says how its payouts stand now, with each count (the seed leaves some pending).
    expect(await lastRun.textContent()).toMatch(/Run on .+ · (Paid|Pending) \d/);
    // studio@demo.local has no connected Stripe account: Process is there but disabled, with why.
    await tab.getByRole('button', { name: 'Pending', exact: true }).click();
    const unconnected = tab
      .getByTestId('admin-payout-row')
      .filter({ hasText: 'studio@demo.local' });
    await unconnected.first().waitFor();
    const process = unconnected.first().getByRole('button', { name: 'Process' });
    expect(await process.isDisabled()).toBe(true);
    expect(await unconnected.first().textContent()).toContain(
      'Seller has not connected a Stripe account that can be paid',
    );
    expect(await unconnected.first().getByText('Pending', { exact: true }).count()).toBe(1);

    // A connected seller's pending payout: Process asks first, then pays it through Stripe.
    await seedPendingPayoutOf('seller@demo.local', PENDING_PAYOUT_MONTH.key, 1_234);
    await page.reload();
    await tab.getByRole('button', { name: 'Pending', exact: true }).click();
    const payable = tab
      .getByTestId('admin-payout-row')
      .filter({ hasText: 'seller@demo.local' })
      .filter({ hasText: PENDING_PAYOUT_MONTH.label });
    await payable.waitFor();
    await payable.getByRole('button', { name: 'Process' }).click();
    const confirmation = page.getByTestId('process-payout-dialog');
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(
      `£12.34 for ${PENDING_PAYOUT_MONTH.label} will be transferred to`,
    );
    await screenshot(page, 'admin-payout-confirm');
    await confirmation.getByRole('button', { name: 'Process Payout' }).click();
    const outcome = page.getByTestId('payout-action-result');
    await expect.poll(() => outcome.textContent()).toContain('Payout processed successfully.');
    await expect.poll(() => payable.count()).toBe(0);
    await tab.getByRole('button', { name: 'Completed', exact: true }).click();
    const paid = tab
      .getByTestId('admin-payout-row')
      .filter({ hasText: 'seller@demo.local' })
      .filter({ hasText: PENDING_PAYOUT_MONTH.label });
    await paid.waitFor();
    expect(await paid.getByText('Completed', { exact: true }).count()).toBe(1);
    expect(await paid.getByRole('button', { name: 'Process' }).count()).toBe(0);
    await tab.getByRole('button', { name: 'Pending', exact: true }).click();
    await unconnected.first().waitFor();
    await screenshot(page, 'admin-payouts');
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-payouts-phone');
    if (viewport) await page.setViewportSize(viewport);
  });

  it('keeps the tab in the URL and shows the audit log', async () => {
    const { page } = session;
    await page.goto('/admin?tab=audit');
    const audit = page.getByTestId('admin-audit');
    await audit.waitFor();
    // The role changes and the dispute's steps above were recorded, newest first.
    const entry = audit.getByTestId('audit-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(ADMIN.email);
    // Actions and targets read as words and names, never as codes or ids.
    const roleChange = audit.getByTestId('audit-entry').filter({ hasText: 'Changed a role' });
    await roleChange.first().waitFor();
    expect(await roleChange.first().textContent()).toMatch(/User · \S+@/);
    expect(await audit.textContent()).not.toMatch(/user\.role|resolved_buyer|in_review/);
    await screenshot(page, 'admin-audit');
    // An unknown tab falls back to the first.
    await page.goto('/admin?tab=nonsense');
    await page.getByTestId(TABS[0][2]).waitFor();
  });

  it('lists the live templates with known vulnerabilities on the security tab', async () => {
    const { page } = session;
    if (!page.url().includes('/admin')) await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin?tab=security');
    const tab = page.getByTestId('admin-security');
    await tab.waitFor();
    // Each listed template names its worst severity in words and links to its Security section.
    const listed = tab.getByTestId('live-advisory').or(tab.getByTestId('no-live-advisories'));
    await listed.first().waitFor();
    for (const card of await tab.getByTestId('live-advisory').all()) {
      expect(await card.textContent()).toMatch(/(Critical|High|Moderate|Low|Severity not rated)/);
      expect(await card.getByRole('link').first().getAttribute('href')).toMatch(
        /^\/mvp\/[0-9A-Z]{26}#security$/,
      );
    }
    await screenshot(page, 'admin-security');
  });
});
