/// <reference lib="dom" />
/**
 * The scanner seen by a seller, end to end: the demo seller uploads a bundle with a committed SSH
 * private key (built here with fflate) through /upload, sees the card reach Scan Failed on My MVPs
 * with the processing error naming the file and no Retry (the same file would be refused again):
 * "Upload a corrected version" instead, through which a fixed bundle reaches Approved and appears
 * in /mvps. A newer version that fails its scan leaves that live version
 * listed and downloadable, and the seller sees both and withdraws the failed one. The seller dashboard lists recent downloads without buyers.
 * The template is created (and archived at the end) by this file only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';
import { PNG_1X1, storedZip } from '../fixtures/e2e/uploads';
import { expectFitsPhone } from '../fixtures/e2e/phone-width';

// Assembled so that no scanner reading this source file flags it.
const FAKE_PRIVATE_KEY = [
  '-----BEGIN OPENSSH',
  'PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n',
  '-----END OPENSSH PRIVATE KEY-----\n',
].join(' ');

/** A small template with a deploy script, plus `extra` files. */
const bundle = (marker: string, extra: Record<string, string> = {}): Buffer =>
  storedZip({
    'starter/README.md': `# Deployable ${marker}\n\n${'A starter with a deploy script. '.repeat(40)}`,
    'starter/package.json': JSON.stringify({ name: 'deployable', version: '1.0.0' }),
    'starter/deploy/deploy.sh': '#!/bin/sh\nrsync -a dist/ "$DEPLOY_TARGET"\n',
    ...extra,
  });

describe('a bundle with a private key', () => {
  const session = useBrowserSession();
  const title = `E2E Leaky Kit ${Date.now().toString(36)}`;

  beforeAll(async () => {
    await signIn(session.page, 'seller@demo.local', 'demo1234');
  });

  const card = () => session.page.getByTestId('my-mvp-card').filter({ hasText: title });
  const statusOfCard = () => card().getAttribute('data-status');

  it('is refused by the scan: Scan Failed on My MVPs, naming the file', async () => {
    const { page } = session;
    await page.goto('/upload');
    const form = page.getByRole('form', { name: 'Upload MVP' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Tagline').fill('Deploys itself');
    await form.getByLabel('Description').fill('A starter that ships with a deploy script.');
    await form.getByLabel('Category').selectOption('SaaS');
    await form.getByLabel('Feature 1', { exact: true }).fill('One-command deploy');
    await form.getByText('React', { exact: true }).click();
    await form.getByLabel('Access Tier').selectOption('subscription');
    await form.getByLabel('MVP File').setInputFiles({
      name: 'deployable.zip',
      mimeType: 'application/zip',
      buffer: bundle(title, { 'starter/deploy/id_rsa': FAKE_PRIVATE_KEY }),
    });
    await form.getByLabel('Preview Images').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: PNG_1X1,
    });
    await screenshot(page, 'upload-form');
    await form.getByRole('button', { name: 'Upload MVP' }).click();
    await page.getByTestId('upload-success').waitFor();
    await page.waitForURL('**/dashboard');

    await page.goto('/my-mvps');
    await card().waitFor();
    await expect.poll(statusOfCard, { timeout: 60_000, interval: 1_000 }).toBe('scan_failed');
    expect(await card().getByTestId('mvp-status').textContent()).toBe('Scan Failed');
    const error = card().getByTestId('processing-error');
    expect(await error.textContent()).toContain(
      'Security scan failed: starter/deploy/id_rsa contains a private key',
    );
    // A refusal for the file's contents offers no Retry: a corrected version instead. The template
    // is not in the catalog.
    await card().getByRole('link', { name: 'Upload a corrected version' }).waitFor();
    expect(await card().getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await card().getByTestId('processing-error-hint').textContent()).toContain(
      'a retry would refuse it again',
    );
    expect(await card().getByRole('link', { name: 'View' }).count()).toBe(0);
    await screenshot(page, 'my-mvps-scan-failed');
  });

  it('shows the edit screen with a replacement file option', async () => {
    const { page } = session;
    await card().getByRole('link', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit MVP' });
    await form.getByRole('heading', { name: 'Files', exact: true }).waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe(title);
    await screenshot(page, 'mvp-edit');
    await page.goto('/my-mvps');
    await card().waitFor();
  });

  it('is approved after a corrected version and appears in /mvps', async () => {
    const { page } = session;
    await card().getByRole('link', { name: 'Upload a corrected version' }).click();
    const form = page.getByRole('form', { name: 'Upload new version' });
    expect(await form.getByLabel('Version Number').inputValue()).toBe('1.0.1');
    await form.getByLabel('MVP File').setInputFiles({
      name: 'deployable-1.0.1.zip',
      mimeType: 'application/zip',
      buffer: bundle(`${title} fixed`, {
        'starter/deploy/README.md': 'Put your deploy key in the CI secrets, never in the repo.\n',
      }),
    });
    await form.getByLabel('Changelog').fill('Removed the committed deploy key');
    await form.getByRole('button', { name: 'Upload Version' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/my-mvps');
    await expect.poll(statusOfCard, { timeout: 60_000, interval: 1_000 }).toBe('approved');
    expect(await card().textContent()).toContain('v1.0.1');
    expect(await card().getByTestId('processing-error').count()).toBe(0);

    await page.goto(`/mvps?search=${encodeURIComponent(title)}`);
    const listed = page.getByTestId('mvp-card').filter({ hasText: title });
    await expect.poll(() => listed.count(), { timeout: 20_000, interval: 1_000 }).toBe(1);

    // Buyers see both versions and the changelog of the fix on the detail page.
    await listed.getByRole('link', { name: 'View Details' }).click();
    const history = page.getByTestId('version-history');
    await history.waitFor();
    const text = await history.textContent();
    expect(text).toContain('v1.0.1');
    // 1.0.0 failed its scan and never went live: buyers do not see it.
    expect(text).not.toContain('v1.0.0');
    expect(text).toContain('Removed the committed deploy key');
    // Its seller is not offered a review form for their own template.
    const reviews = page.getByTestId('reviews-section');
    expect(await reviews.getByText('This is your template: buyers review it here.').count()).toBe(
      1,
    );
    expect(await reviews.getByRole('button', { name: 'Submit Review' }).count()).toBe(0);
    await screenshot(page, 'mvp-detail-version-history');
  });

  it('keeps the live version listed and downloadable when a newer version fails its scan', async () => {
    const { page } = session;
    await page.goto('/my-mvps');
    await card().getByRole('link', { name: 'New Version' }).click();
    const form = page.getByRole('form', { name: 'Upload new version' });
    expect(await form.getByLabel('Version Number').inputValue()).toBe('1.0.2');
    // The browser applies the API's rule before anything is uploaded.
    await form.getByLabel('Version Number').fill('1.0.1');
    await form.getByLabel('Changelog').fill('Deploys to two targets');
    await form.getByLabel('MVP File').setInputFiles({
      name: 'deployable-1.1.0.zip',
      mimeType: 'application/zip',
      buffer: bundle(`${title} next`, { 'starter/deploy/id_rsa': FAKE_PRIVATE_KEY }),
    });
    await form.getByRole('button', { name: 'Upload Version' }).click();
    await page
      .getByTestId('upload-error')
      .getByText('Version number must be greater than the live version 1.0.1.')
      .waitFor();
    await form.getByLabel('Version Number').fill('1.1.0');
    await form.getByRole('button', { name: 'Upload Version' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/my-mvps');
    const version = card().getByTestId('version-status');
    await expect
      .poll(() => version.getAttribute('data-version-status'), { timeout: 60_000, interval: 1_000 })
      .toBe('scan_failed');
    expect(await statusOfCard()).toBe('approved');
    expect(await card().getByTestId('version-line').textContent()).toContain(
      'v1.0.1 live · v1.1.0 scan failed: Security scan failed: starter/deploy/id_rsa',
    );
    await card().getByTestId('version-upload-corrected').waitFor();
    expect(await card().getByTestId('version-retry').count()).toBe(0);
    await screenshot(page, 'my-mvps-version-scan-failed');
    await expectFitsPhone(page);
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'my-mvps-version-scan-failed-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await card().getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Manage GitHub Integration' }).waitFor();
    await page
      .getByTestId('version-line')
      .getByText('v1.1.0 scan failed', { exact: false })
      .waitFor();
    await screenshot(page, 'mvp-edit-pending-version');
    await expectFitsPhone(page);
    await screenshot(page, 'mvp-edit-pending-version-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A buyer still finds v1.0.1 in the catalog and downloads it; 1.1.0 is not in the history.
    const buyer = await openBrowser(baseUrl());
    try {
      await signIn(buyer.page, 'buyer@demo.local', 'demo1234');
      await buyer.page.goto(`/mvps?search=${encodeURIComponent(title)}`);
      const listed = buyer.page.getByTestId('mvp-card').filter({ hasText: title });
      await listed.getByRole('link', { name: 'View Details' }).click();
      const history = buyer.page.getByTestId('version-history');
      await history.waitFor();
      expect(await history.textContent()).not.toContain('v1.1.0');
      const [download] = await Promise.all([
        buyer.page.waitForEvent('download'),
        buyer.page.getByRole('button', { name: 'Download', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toContain('1.0.1');
      await screenshot(buyer.page, 'mvp-detail-live-while-new-version-failed');
    } finally {
      await buyer.close();
    }

    // The seller withdraws the failed version: only the live one is left.
    await page.goto('/my-mvps');
    await card().getByTestId('version-withdraw').click();
    await page
      .getByTestId('my-mvps-notice')
      .getByText('Version 1.1.0 was withdrawn. The live version stays as it is.')
      .waitFor();
    await expect.poll(() => card().getByTestId('version-line').textContent()).toBe('v1.0.1 live');
  });

  it("lists recent downloads of the seller's templates on the dashboard, without buyers", async () => {
    const { page } = session;
    await page.goto('/dashboard');
    const recent = page.getByTestId('recent-downloads');
    await recent.waitFor();
    // The seed gives the demo buyer a download of the demo seller's Feedback Board.
    const rows = recent.getByTestId('recent-download');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(5);
    expect(await recent.textContent()).not.toContain('@');
    await screenshot(page, 'seller-dashboard-recent-downloads');
  });

  it('archives the template', async () => {
    const { page } = session;
    await page.goto('/my-mvps');
    await card().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card().count()).toBe(0);
  });
});
