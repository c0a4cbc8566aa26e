/**
 * A template whose live version has a known high advisory, end to end: the browse card shows the
 * "High vulnerability" badge, which opens the template page's Security section; beside Download
 * and Deploy the page says the version has a known vulnerability; a new buyer deploys it anyway
 * (the local GitHub and Netlify servers), and once the site is live their bell counts the alert
 * "Habit Coach …, the version you have, has a known vulnerability: …", which opens the Security
 * section. The report is written into the stack's table as the audit step stores it (Publish
 * records its severity on the card), and removed afterwards so no other file sees it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { worstSeverity, type SecurityFinding } from '../../contract/security';
import { lodashFinding } from '../fixtures/security-findings';
import type { SecurityReportItem } from '../../lambdas/shared/db/entities/security-report';
import { createLocalGithubControl } from '../../lib/local/servers/github/control-client';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { giveDownloads } from '../fixtures/e2e/entitlements';
import { securityReports } from '../fixtures/e2e/security-reports';
import { signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { screenshot, uniqueEmail } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const TEMPLATE = 'Habit Coach';
const HIGH: SecurityFinding = {
  ...lodashFinding('GHSA-35jh-r3h4-6jhm'),
  aliases: ['CVE-2021-23337'],
};
const endpoint = inject('e2eGithubEndpoint');
const login = `advisory-${Date.now().toString(36)}`;

const unreadOf = async (bell: { getAttribute: (name: string) => Promise<string | null> }) =>
  Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);

describe('a deployed template with a known advisory', () => {
  const session = useBrowserSession();
  let templateId = '';
  let versionId = '';
  let reports: Awaited<ReturnType<typeof securityReports>>;
  /** The seed's own report of the version, put back afterwards. */
  let original: SecurityReportItem | null = null;

  beforeAll(async () => {
    templateId = await templateIdByTitle(TEMPLATE);
    reports = await securityReports();
    const { SecurityReportEntity } =
      await import('../../lambdas/shared/db/entities/security-report');
    const { data } = await SecurityReportEntity.get({
      mvp_id: templateId,
      version_id: templateId,
    }).go();
    original = data;
    versionId = await reports.report(templateId, [HIGH]);
    await createLocalGithubControl(endpoint).createUser({ login });
  });

  afterAll(async () => {
    if (!versionId) return;
    const { recordLiveSecuritySeverity } =
      await import('../../lambdas/templates/security-severity');
    if (original?.version_id === versionId) {
      const { SecurityReportEntity } =
        await import('../../lambdas/shared/db/entities/security-report');
      await SecurityReportEntity.put(original).go();
    } else await reports.remove(templateId, versionId);
    await recordLiveSecuritySeverity(
      templateId,
      versionId,
      original?.version_id === versionId ? worstSeverity(original.findings) : null,
    );
  });

  it('shows the badge on the card and beside the buttons, and tells the deployer in the bell', async () => {
    const { page } = session;
    await signUpAsBuyer(page, uniqueEmail('advisory'), 'Advisory-1234');
    await page.waitForURL('**/welcome');
    // A new account has no entitlement item yet (the free plan's defaults): give it three.
    await giveDownloads(page, 3);

    // The card: the badge in words, which opens the template page at its Security section.
    await page.goto(`/mvps?search=${encodeURIComponent(TEMPLATE)}`);
    const card = page.locator(`[data-testid="mvp-card"][data-mvp-id="${templateId}"]`);
    const badge = card.getByTestId('security-badge');
    await expect.poll(() => badge.count(), { timeout: 30_000 }).toBe(1);
    expect(await badge.textContent()).toContain('High vulnerability');
    expect(await badge.getAttribute('data-severity')).toBe('high');
    await screenshot(page, 'advisory-card-badge');
    await badge.click();
    await page.waitForURL(`**/mvp/${templateId}#security`);
    const finding = page
      .getByTestId('security-panel')
      .locator(`[data-testid="security-finding"][data-advisory="${HIGH.advisory_id}"]`);
    await finding.waitFor();
    await expect.poll(() => finding.isVisible()).toBe(true);

    // Beside Download and Deploy: the worst severity and the count, linking to the section.
    const notice = page.getByTestId('buy-panel-security-badge');
    await notice.waitFor();
    expect(await notice.getAttribute('data-severity')).toBe('high');
    expect(await notice.textContent()).toContain('High vulnerability');
    expect(await notice.textContent()).toContain(
      'This version has 1 known vulnerability: 1 high. See the Security section.',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'advisory-buy-panel');

    // The buyer deploys it: GitHub's consent, the repository, Netlify's consent, the live site.
    await page.getByTestId('deploy-button').click();
    await page.waitForURL(`${endpoint}/login/oauth/authorize**`);
    await page.getByLabel('Local GitHub user').fill(login);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/buyer-github-callback**');
    const form = page.getByTestId('repo-name-form');
    await form.waitFor();
    await form.getByLabel('Repository name').fill('My Habits');
    await form.getByRole('button', { name: 'Create Repository' }).click();
    await page.getByTestId('repo-created').waitFor({ timeout: 30_000 });
    await page.waitForURL('**/authorize?**');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/buyer-netlify-callback**');
    await page
      .getByTestId('deployment-succeeded')
      .getByText(/^Your site is live!/)
      .waitFor({ timeout: 60_000 });

    // The bell counts the alert; it reads what the version has and opens the Security section.
    const bell = page.getByTestId('notification-bell');
    await expect
      .poll(
        async () => {
          await page.reload();
          await bell.waitFor();
          return unreadOf(bell);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await screenshot(page, 'advisory-bell');
    await page.goto('/notifications');
    const alert = page
      .getByTestId('notification')
      .filter({ hasText: `${TEMPLATE} ` })
      .filter({ hasText: HIGH.advisory_id });
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toMatch(
      new RegExp(`${TEMPLATE} [\\d.]+, the version you have, has a known vulnerability`),
    );
    expect(text).toContain(`${HIGH.advisory_id} (high) in lodash 4.17.20, fixed in 4.17.21`);
    expect(
      await page.getByTestId('notification').filter({ hasText: HIGH.advisory_id }).count(),
    ).toBe(1);
    await screenshot(page, 'advisory-notification');
    await alert.click();
    await page.waitForURL(`**/mvp/${templateId}#security`);
    await finding.waitFor();
  });
});
