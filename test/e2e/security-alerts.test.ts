/**
 * A vulnerability found after a template went live, end to end. The demo seed's LaunchKit SaaS
 * Starter pins lodash 4.17.20 and the demo buyer has a deployment of it. An advisory published
 * later (the real lodash ReDoS GHSA-29mw-wpgm-hmr9, added to the local OSV server through its
 * control API) is found by the daily re-check, run here in process as its schedule runs it: the
 * buyer and the seller each read "A vulnerability was found in …" in their notifications. The
 * seller then uploads a new version whose package-lock.json pins lodash 4.17.21; once processing
 * has published it the buyer is told of the fix, and "Open security upgrade pull request" on the
 * dashboard opens a pull request on the local GitHub server whose description names the advisories fixed.
 */
import { Octokit } from '@octokit/rest';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createLocalGithubControl } from '../../lib/local/servers/github/control-client';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';
import { storedZip } from '../fixtures/e2e/uploads';

/** The seed's vulnerable template, its seller and the buyer who deployed it (lib/local/seed). */
const TEMPLATE = {
  id: '01JN8EY4M0G8N6D5C8W0GMDTME',
  title: 'LaunchKit SaaS Starter',
  live: '1.2.0',
  fixed: '1.2.1',
};
const SELLER = { email: 'seller@demo.local', password: 'demo1234' };
const BUYER = { email: 'buyer@demo.local', password: 'demo1234' };
const BUYER_REPO = { owner: 'demo-buyer', repo: 'launchkit-saas' };
/** In the seed's starting advisories, found when the seed audited the live version. */
const KNOWN = 'GHSA-35jh-r3h4-6jhm';
/** Published "later": lodash before 4.17.21, moderate, as OSV publishes it. */
const LATER = {
  id: 'GHSA-29mw-wpgm-hmr9',
  aliases: ['CVE-2020-28500'],
  summary: "lodash's toNumber, trim and trimEnd take very long on crafted strings.",
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' }],
  affected: ['lodash', 'lodash-es'].map((name) => ({
    package: { ecosystem: 'npm', name },
    ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }],
  })),
  database_specific: { severity: 'MODERATE' },
};

/** The daily re-check's task, run against the stack as its schedule runs it. */
const runRecheck = async () => {
  const { applyLambdaEnvironment } = await import('../../lib/local/cloud/lambda-env');
  applyLambdaEnvironment(inject('e2eStackEnv'));
  const { handler } = await import('../../lambdas/templates/tasks/security-recheck');
  return handler();
};

/** A bundle of the fixed version: lodash upgraded in its manifest and lock file. */
const fixedBundle = (): Buffer => {
  const dependencies = { lodash: '^4.17.21', next: '^15.0.0' };
  const lock = {
    name: 'launchkit-saas',
    version: TEMPLATE.fixed,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'launchkit-saas', version: TEMPLATE.fixed, dependencies },
      'node_modules/lodash': { version: '4.17.21' },
      'node_modules/next': { version: '15.0.0' },
    },
  };
  return storedZip({
    'launchkit/README.md': `# LaunchKit SaaS Starter\n\n${'Auth, billing and teams. '.repeat(40)}`,
    'launchkit/package.json': JSON.stringify({ name: 'launchkit-saas', dependencies }, null, 2),
    'launchkit/package-lock.json': JSON.stringify(lock, null, 2),
  });
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
};

/** The newest notification containing `text`, reloading /notifications until it is there. */
const notificationOf = async (page: Page, text: string) => {
  await page.goto('/notifications');
  const notification = page.getByTestId('notification').filter({ hasText: text }).first();
  await expect
    .poll(
      async () => {
        if ((await notification.count()) > 0) return true;
        await page.reload();
        await page.getByTestId('notifications-list').waitFor();
        return (await notification.count()) > 0;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return notification;
};

describe('a vulnerability found in a deployed template, then fixed', () => {
  const session = useBrowserSession();

  beforeAll(async () => {
    // The task's modules, loaded here under the hook's longer timeout: on a busy machine their
    // first transform alone took about a minute, which the tests' own time need not pay.
    const { applyLambdaEnvironment } = await import('../../lib/local/cloud/lambda-env');
    applyLambdaEnvironment(inject('e2eStackEnv'));
    await import('../../lambdas/templates/tasks/security-recheck');
    const osv = inject('e2eStackEnv').OSV_API_URL;
    const added = await fetch(`${osv}/_local/advisories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LATER),
    });
    expect(added.status).toBe(200);
  });

  it('tells the buyer who deployed it and its seller once the re-check finds it', async () => {
    const summary = await runRecheck();
    expect(summary.status).toBe('done');
    expect(summary.new_findings).toBeGreaterThanOrEqual(1);
    // Told once: a second run finds nothing new and writes no notification.
    expect((await runRecheck()).notifications).toBe(0);

    const { page } = session;
    await signIn(page, BUYER.email, BUYER.password);
    const alert = await notificationOf(page, `${LATER.id} (`);
    const buyer = await alert.textContent();
    expect(buyer).toContain(`A vulnerability was found in ${TEMPLATE.title} you use`);
    expect(buyer).toContain('in lodash 4.17.20, fixed in 4.17.21');
    await screenshot(page, 'security-alert-buyer');
    // The alert leads to the template's Security panel: the seed's finding and the new one.
    await alert.click();
    await page.waitForURL(`**/mvp/${TEMPLATE.id}#security`);
    const panel = page.getByTestId('security-panel');
    const found = panel.locator(`[data-testid="security-finding"][data-advisory="${LATER.id}"]`);
    await found.waitFor();
    expect(await found.textContent()).toContain('lodash@4.17.20');
    expect(await found.textContent()).toContain('Fixed in 4.17.21');
    expect(
      await panel.locator(`[data-testid="security-finding"][data-advisory="${KNOWN}"]`).count(),
    ).toBe(1);
    await screenshot(page, 'security-alert-panel');

    await signOut(page);
    await signIn(page, SELLER.email, SELLER.password);
    const seller = await (await notificationOf(page, `${LATER.id} (`)).textContent();
    expect(seller).toContain(`A vulnerability was found in ${TEMPLATE.title} ${TEMPLATE.live}:`);
    expect(seller).toContain('publish a version that upgrades it');
  });

  it('offers the buyer the security upgrade pull request once the seller publishes the fix', async () => {
    const { page } = session;
    // Signed in as the seller: a new version through My MVPs' New Version form.
    await page.goto('/my-mvps');
    const card = page.locator(`[data-testid="my-mvp-card"][data-mvp-id="${TEMPLATE.id}"]`);
    await card.getByRole('link', { name: 'New Version' }).click();
    const form = page.getByRole('form', { name: 'Upload new version' });
    expect(await form.getByLabel('Version Number').inputValue()).toBe(TEMPLATE.fixed);
    await form.getByLabel('MVP File').setInputFiles({
      name: `launchkit-${TEMPLATE.fixed}.zip`,
      mimeType: 'application/zip',
      buffer: fixedBundle(),
    });
    await form.getByLabel('Changelog').fill('Upgraded lodash to 4.17.21');
    await form.getByRole('button', { name: 'Upload Version' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/my-mvps');
    // Processing scans, audits and publishes it: approved with the new version live.
    const state = async () => {
      await page.reload();
      await card.waitFor();
      const live = (await card.textContent())?.includes(`v${TEMPLATE.fixed}`);
      return `${await card.getAttribute('data-status')} ${live ? TEMPLATE.fixed : ''}`;
    };
    await expect
      .poll(state, { timeout: 60_000, interval: 1_000 })
      .toBe(`approved ${TEMPLATE.fixed}`);

    await signOut(page);
    await signIn(page, BUYER.email, BUYER.password);
    const told = await (
      await notificationOf(page, `${TEMPLATE.title} ${TEMPLATE.fixed} fixes`)
    ).textContent();
    expect(told).toContain(KNOWN);
    expect(told).toContain('Open security upgrade pull request from your dashboard');

    await page.goto('/dashboard');
    const row = page.getByTestId('deployment-row').filter({ hasText: TEMPLATE.title });
    await row.getByRole('button', { name: 'Open security upgrade pull request' }).click();
    const link = row.getByTestId('upgrade-pr-link');
    await link.waitFor({ timeout: 30_000 });
    await screenshot(page, 'security-upgrade-pull-request');

    const control = createLocalGithubControl(inject('e2eGithubEndpoint'));
    const octokit = new Octokit({
      baseUrl: inject('e2eGithubEndpoint'),
      auth: await control.createToken(BUYER_REPO.owner),
    });
    const { data: pulls } = await octokit.rest.pulls.list(BUYER_REPO);
    expect(pulls).toHaveLength(1);
    expect(pulls[0]!.html_url).toBe(await link.getAttribute('href'));
    expect(pulls[0]!.body).toContain(KNOWN);
    expect(pulls[0]!.body).toContain(LATER.id);
  });
});
