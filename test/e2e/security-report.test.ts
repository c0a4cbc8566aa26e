/**
 * The security report where people decide: a template whose live version depends on a package
 * with a critical advisory shows the finding on its page and a badge on its card, a clean one
 * says "No known vulnerabilities…"; its seller sees the exact upgrade; an admin approving a
 * version with a critical finding is asked for a reason. The reports are written into the stack's
 * table as the audit step stores them, for two demo templates of the demo seller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { advisoryUrl, type SecurityFinding, type Severity } from '../../contract/security';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const SELLER = { email: 'seller@demo.local', password: 'demo1234' };
const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };
const VULNERABLE = 'Booking Buddy';
const CLEAN = 'Link Shortener';
const PENDING_ID = '01K1DXHVC0YDX5TSPK695MBRV7';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const LODASH: SecurityFinding = {
  advisory_id: 'GHSA-jf85-cpcp-j695',
  aliases: ['CVE-2019-10744'],
  ecosystem: 'npm',
  package: 'lodash',
  version: '4.17.11',
  severity: 'critical',
  cvss_score: 9.1,
  summary: 'defaultsDeep can be made to change Object.prototype (prototype pollution).',
  fixed_version: '4.17.12',
  direct: true,
  url: advisoryUrl('GHSA-jf85-cpcp-j695'),
};

/** The stack's modules, configured for its table (as payout-run.ts does). */
const stack = async () => {
  const { applyLambdaEnvironment } = await import('../../lib/local/cloud/lambda-env');
  applyLambdaEnvironment(inject('e2eStackEnv'));
  const [{ SecurityReportEntity }, { TemplateEntity }, { getCurrentVersion }, severity] =
    await Promise.all([
      import('../../lambdas/shared/db/entities/security-report'),
      import('../../lambdas/shared/db/entities/template'),
      import('../../lambdas/templates/repo'),
      import('../../lambdas/templates/security-severity'),
    ]);
  /** Stores a report for the template's current version; records it on the card when live. */
  const report = async (templateId: string, findings: SecurityFinding[]) => {
    const { data: template } = await TemplateEntity.get({ id: templateId }).go();
    const version = await getCurrentVersion(template!);
    const now = new Date().toISOString();
    await SecurityReportEntity.put({
      mvp_id: templateId,
      version_id: version!.id,
      version_number: version!.version_number,
      status: 'checked',
      checked_at: now,
      lock_files: ['package-lock.json'],
      direct_count: 14,
      transitive_count: 198,
      findings,
      created_at: now,
      updated_at: now,
    }).go();
    const worst: Severity | null = findings[0]?.severity ?? null;
    await severity.recordLiveSecuritySeverity(templateId, version!.id, worst);
    return version!.id;
  };
  const remove = (templateId: string, versionId: string) =>
    SecurityReportEntity.delete({ mvp_id: templateId, version_id: versionId }).go();
  return { report, remove };
};

let vulnerableId = '';
let cleanId = '';
beforeAll(async () => {
  [vulnerableId, cleanId] = await Promise.all([
    templateIdByTitle(VULNERABLE),
    templateIdByTitle(CLEAN),
  ]);
  const { report } = await stack();
  await report(vulnerableId, [LODASH]);
  await report(cleanId, []);
});

describe('the security report in the pages', () => {
  const session = useBrowserSession();

  it('shows the finding on the page and a badge on the card; a clean template says so', async () => {
    const { page } = session;
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/mvp/${vulnerableId}`);
      const panel = page.getByTestId('security-panel');
      const finding = panel.getByTestId('security-finding');
      await finding.waitFor();
      expect(await finding.textContent()).toContain('lodash@4.17.11');
      expect(await finding.textContent()).toContain('Fixed in 4.17.12');
      const advisory = finding.getByRole('link', { name: /GHSA-jf85-cpcp-j695/ });
      expect(await advisory.getAttribute('target')).toBe('_blank');
      expect(await panel.getByRole('heading', { name: 'Critical (1)' }).count()).toBe(1);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, `security-panel-${viewport.width}`);
    }

    await page.goto(`/mvp/${cleanId}`);
    const headline = page.getByTestId('security-panel').getByTestId('security-headline');
    await expect
      .poll(() => headline.textContent())
      .toMatch(/^No known vulnerabilities in 212 dependencies, checked \d{1,2} \w{3} \d{4}$/);

    await page.goto(`/mvps?search=${encodeURIComponent(VULNERABLE)}`);
    const card = page.locator(`[data-testid="mvp-card"][data-mvp-id="${vulnerableId}"]`);
    const badge = card.getByTestId('security-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toContain('Critical vulnerability');
    await screenshot(page, 'security-card-badge-1280');
    await page.setViewportSize(PHONE);
    await badge.waitFor();
    await screenshot(page, 'security-card-badge-390');
    await page.goto(`/mvps?search=${encodeURIComponent(CLEAN)}`);
    const clean = page.locator(`[data-testid="mvp-card"][data-mvp-id="${cleanId}"]`);
    await clean.waitFor();
    expect(await clean.getByTestId('security-badge').count()).toBe(0);
  });

  it("tells the seller the exact upgrade, from My MVPs' line to the edit page", async () => {
    const { page } = session;
    await page.setViewportSize(DESKTOP);
    await signIn(page, SELLER.email, SELLER.password);
    await page.goto('/my-mvps');
    const line = page
      .locator(`[data-testid="my-mvp-card"][data-mvp-id="${vulnerableId}"]`)
      .getByTestId('security-state');
    await expect.poll(() => line.textContent()).toContain('1 known vulnerability: 1 critical');
    await line.scrollIntoViewIfNeeded();
    await screenshot(page, 'security-my-mvps-1280');
    await line.getByRole('link').click();
    const fix = page.getByTestId('seller-security').getByTestId('security-fix');
    await expect.poll(() => fix.textContent()).toBe('Upgrade lodash from 4.17.11 to 4.17.12');
    await page.setViewportSize(PHONE);
    await page.getByTestId('seller-security').scrollIntoViewIfNeeded();
    await screenshot(page, 'security-seller-edit-390');
  });
});

describe('an admin approving a version with a critical vulnerability', () => {
  const session = useBrowserSession();
  let versionId: string | null = null;
  afterAll(async () => {
    // The demo's pending template is left as the other files expect it: without a report.
    if (versionId) await (await stack()).remove(PENDING_ID, versionId);
  });

  it('is asked for a reason before approving', async () => {
    const pending = await fetch(`${baseUrl()}/api/mvps/${PENDING_ID}`);
    // Another file may have approved the demo's pending template already: nothing to show then.
    if (pending.status !== 404) return;
    versionId = await (await stack()).report(PENDING_ID, [LODASH]);
    const { page } = session;
    await signIn(page, ADMIN.email, ADMIN.password);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/admin?tab=mvps');
      const row = page.locator(`[data-testid="admin-mvp-row"][data-id="${PENDING_ID}"]`);
      await row.getByTestId('security-finding').waitFor();
      await row.getByTestId('approve-anyway').click();
      const dialog = page.getByTestId('approve-anyway-dialog');
      await dialog.getByRole('button', { name: 'Approve anyway' }).click();
      await dialog.getByText('give a reason (at least 10 characters)', { exact: false }).waitFor();
      await screenshot(page, `security-admin-approve-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });
});
