/**
 * The security report where people decide: a template whose live version depends on a package
 * with a critical advisory shows the finding on its page and a badge on its card, a clean one
 * says "No known vulnerabilities…"; its seller sees the exact upgrade (an admin approving a
 * version with a critical finding: admin.test.ts, beside the queue's other decisions). The reports are written into the stack's
 * table as the audit step stores them, for two demo templates of the demo seller.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';
import { LODASH, securityReports } from '../fixtures/e2e/security-reports';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const SELLER = { email: 'seller@demo.local', password: 'demo1234' };
const VULNERABLE = 'Booking Buddy';
const CLEAN = 'Link Shortener';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let vulnerableId = '';
let cleanId = '';
beforeAll(async () => {
  [vulnerableId, cleanId] = await Promise.all([
    templateIdByTitle(VULNERABLE),
    templateIdByTitle(CLEAN),
  ]);
  const { report } = await securityReports();
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
