/// <reference lib="dom" />
/**
 * Access to a template's files as people meet it (docs/product.md, Access to a template's files):
 * - a new buyer subscribes, downloads a template, is refunded in full by an admin: Download again
 *   on the dashboard is refused with the refund's date, and the licence page says "Refunded on";
 * - a buyer downloads a template whose seller then closes their account in Settings (its
 *   templates leave the marketplace): Download again still delivers the zip for nothing, and the licence page
 *   names the template without a link to its gone page;
 * - a signed-out visitor sees no Repository on a paid template's page and cannot `git clone` its
 *   seeded repository, which its owner can.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { createLocalGithubControl } from '../../lib/local/servers/github/control-client';
import { DEMO_LINKED_TEMPLATE_ID } from '../../lib/local/seed/github';
import { demoLinksOf } from '../../lib/local/seed/demo-sites';
import { seedTemplates } from '../../lib/local/seed/templates';
import { openBrowser, useBrowserSession } from '../fixtures/e2e/browser';
import { payOnCheckoutPage, TEST_CARDS, waitForCheckoutPage } from '../fixtures/e2e/checkout';
import { publishTemplateWithBundle } from '../fixtures/e2e/published-template';
import { signIn, signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot, uniqueEmail } from '../fixtures/e2e/stack';

const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };

const bundleOf = (title: string) =>
  zipSync({ 'kit/README.md': strToU8(`# ${title}\n`), 'kit/index.html': strToU8('<h1>Kit</h1>') });

/** The stack's own modules, configured for its table and buckets (as the fixtures do). */
const stackModules = async () => {
  const { applyLambdaEnvironment } = await import('../../lib/local/cloud/lambda-env');
  applyLambdaEnvironment(inject('e2eStackEnv'));
  const [{ TemplateEntity }, { createPoolUser }, { putProfile }] = await Promise.all([
    import('../../lambdas/shared/db/entities/template'),
    import('../../lambdas/shared/adapters/user-pool'),
    import('../fixtures/profiles'),
  ]);
  return { TemplateEntity, createPoolUser, putProfile };
};

describe('a full refund revokes what it paid for', () => {
  const session = useBrowserSession();
  const email = uniqueEmail('revoked');
  const title = `Refunded Kit ${Date.now()}`;

  it('refuses Download again with the refund date, and the licence says Refunded on', async () => {
    const { page } = session;
    const templateId = await publishTemplateWithBundle({
      title,
      bundle: bundleOf(title),
      fileName: 'refunded-kit.zip',
    });
    await signUpAsBuyer(page, email, 'secret123');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.goto('/pricing');
    await page.getByTestId('plan-basic').getByRole('button', { name: 'Get Basic' }).click();
    await waitForCheckoutPage(page);
    await payOnCheckoutPage(page, TEST_CARDS.success);
    await page.waitForURL(/\/success\?session_id=cs_/);
    await page.getByTestId('checkout-quota').waitFor();

    await page.goto(`/mvp/${templateId}`);
    const [first] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-panel').getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(first.suggestedFilename()).toMatch(/\.zip$/);

    // The buyer asks for everything back; an admin approves and processes it.
    await page.goto('/refund-request');
    const form = page.getByRole('form', { name: 'New refund request' });
    await form.getByLabel('Subscription').selectOption({ index: 1 });
    const max = form.getByTestId('refund-max');
    await max.waitFor();
    const most = /£(\d+\.\d\d)/.exec((await max.textContent()) ?? '')![1]!;
    await form.getByLabel('Reason for Refund').fill('Not what I needed');
    await form.getByLabel('Refund Amount (£)').fill(most);
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByTestId('refund-success').waitFor();
    const admin = await openBrowser(baseUrl());
    try {
      await signIn(admin.page, ADMIN.email, ADMIN.password);
      await admin.page.goto('/admin?tab=refunds');
      const tab = admin.page.getByTestId('admin-refunds');
      const row = tab.getByTestId('admin-refund-row').filter({ hasText: email });
      await row.getByRole('button', { name: 'Approve' }).click();
      await admin.page.getByTestId('refund-action-result').waitFor();
      await tab.getByRole('button', { name: 'Approved', exact: true }).click();
      await row.getByRole('button', { name: 'Process Refund' }).click();
      await admin.page
        .getByTestId('process-refund-dialog')
        .getByRole('button', { name: 'Process Refund' })
        .click();
      await expect
        .poll(() => admin.page.getByTestId('refund-action-result').textContent())
        .toContain(`Refund processed for ${email}`);
    } finally {
      await admin.close();
    }

    // Stripe's refund event marks the period's licence refunded: Download again is refused.
    const row = page.getByTestId('download-row').filter({ hasText: title }).first();
    const refusal = row.getByRole('alert');
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard');
          await row.getByRole('button', { name: `Download again: ${title}` }).click();
          await Promise.race([refusal.waitFor(), row.getByRole('status').waitFor()]);
          return (await refusal.isVisible()) ? refusal.textContent() : 'served';
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toMatch(/was refunded on \d{1,2} \w+ \d{4}, so its licence is no longer valid/);
    await screenshot(page, 'download-again-refunded');

    await page
      .getByTestId('my-licenses')
      .getByTestId('license-row')
      .filter({ hasText: title })
      .getByRole('link')
      .first()
      .click();
    await page.getByTestId('license-refunded').waitFor();
    expect(await page.getByTestId('license-refunded').textContent()).toMatch(/Refunded on /);
    expect(await page.getByTestId('license-verified').count()).toBe(0);
    await screenshot(page, 'license-refunded');
  }, 240_000);
});

describe("a seller's closure takes nothing away", () => {
  const session = useBrowserSession();
  const title = `Closed Seller Kit ${Date.now()}`;

  it('still delivers Download again, and the licence names the template without a dead link', async () => {
    const { page } = session;
    const { TemplateEntity, createPoolUser, putProfile } = await stackModules();
    // A seller who can sign in, with a template of theirs.
    const seller = { email: uniqueEmail('closing-seller'), password: 'secret123' };
    const { sub } = await createPoolUser({ ...seller, group: 'seller' });
    await putProfile({ id: sub, email: seller.email, role: 'seller', is_seller_approved: true });
    const templateId = await publishTemplateWithBundle({
      title,
      bundle: bundleOf(title),
      fileName: 'closed-seller-kit.zip',
      sellerId: sub,
    });
    // A free template: a new buyer downloads it without a plan.
    await TemplateEntity.patch({ id: templateId }).set({ access_tier: 'free' }).go();
    await signUpAsBuyer(page, uniqueEmail('holder'), 'secret123');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.goto(`/mvp/${templateId}`);
    await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-panel').getByRole('button', { name: 'Download' }).click(),
    ]);

    // The seller closes their account in Settings, as a person does: every template of theirs
    // leaves the marketplace.
    const closing = await openBrowser(baseUrl());
    try {
      await signIn(closing.page, seller.email, seller.password);
      await closing.page.goto('/settings?tab=account');
      const form = closing.page.getByRole('form', { name: 'Close account' });
      await form.getByLabel('Your password').fill(seller.password);
      await form.getByRole('button', { name: 'Close my account' }).click();
      await closing.page
        .getByTestId('close-account-dialog')
        .getByRole('button', { name: 'Close my account' })
        .click();
      await closing.page.waitForURL((url) => url.pathname === '/');
    } finally {
      await closing.close();
    }
    await expect
      .poll(async () => (await TemplateEntity.get({ id: templateId }).go()).data?.status)
      .toBe('archived');

    await page.goto('/dashboard');
    const row = page.getByTestId('download-row').filter({ hasText: title }).first();
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download again: ${title}` }).click(),
    ]);
    expect(again.suggestedFilename()).toMatch(/\.zip$/);
    await row.getByText('No download used').waitFor();
    expect(await row.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'download-again-closed-seller');

    const licence = page
      .getByTestId('my-licenses')
      .getByTestId('license-row')
      .filter({ hasText: title });
    await licence.getByRole('link').first().click();
    await page.getByTestId('license-verified').waitFor();
    const template = page.getByTestId('license-template');
    expect(await template.textContent()).toContain(title);
    expect(await template.getByRole('link').count()).toBe(0);
    await page.getByTestId('license-template-unlisted').waitFor();
    await screenshot(page, 'license-unlisted-template');
  });
});

describe("a paid template's repository", () => {
  const session = useBrowserSession();
  const template = seedTemplates.find(
    (item) =>
      item.status === 'approved' &&
      item.accessTier !== 'free' &&
      item.id !== DEMO_LINKED_TEMPLATE_ID,
  )!;
  const endpoint = inject('e2eGithubEndpoint');
  const [owner, repo] = new URL(
    demoLinksOf(template, { github: endpoint, netlify: endpoint }).githubUrl,
  ).pathname
    .slice(1)
    .split('/') as [string, string];

  /** `git clone` with the given token, or none (a visitor without an account): no prompt. */
  const clones = async (token?: string): Promise<boolean> => {
    const url = new URL(`${inject('e2eGithubGitUrl')}/${owner}/${repo}.git`);
    if (token) {
      url.username = 'x-access-token';
      url.password = token;
    }
    const work = await mkdtemp(join(tmpdir(), 'clone-'));
    try {
      await promisify(execFile)('git', ['clone', '--depth', '1', url.href, join(work, 'repo')], {
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '/bin/false' },
      });
      return true;
    } catch {
      return false;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };

  it('is not on its page for a signed-out visitor, who cannot clone it; its owner can', async () => {
    const { page } = session;
    await page.goto(`/mvp/${template.id}`);
    await page.getByTestId('download-panel').waitFor();
    expect(await page.getByRole('link', { name: 'Repository' }).count()).toBe(0);
    expect(await page.getByTestId('template-repository').count()).toBe(0);

    // The seed makes the demo repositories in the background: wait until the owner can clone it.
    const token = await createLocalGithubControl(endpoint).createToken(owner, ['repo']);
    await expect.poll(() => clones(token), { timeout: 120_000, interval: 2_000 }).toBe(true);
    expect(await clones()).toBe(false);
  });
});
