/**
 * Downloading a template from its page: the file really arrives (a zip, from the presigned S3 URL)
 * and the downloads left go down by one; signed-out visitors are asked to log in; a buyer without
 * quota sees the product's message. Quota figures are read before acting, since other files share
 * the seeded stack and its demo accounts.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const remainingOf = (text: string | null) => Number(/^(\d+) downloads? left/.exec(text ?? '')?.[1]);

describe('downloads', () => {
  const session = useBrowserSession();

  it('asks signed-out visitors to log in, and lists the files of the bundle', async () => {
    const { page } = session;
    await page.goto(`/mvp/${await templateIdByTitle('Agency Site')}`);
    await page.getByRole('button', { name: 'Download' }).click();
    const message = page.getByTestId('download-message');
    await message.waitFor();
    expect(await message.textContent()).toContain('Please log in to download.');
    expect(await message.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');

    // The code preview loads its files as the visitor scrolls near it.
    await page.getByRole('heading', { name: 'Code preview' }).scrollIntoViewIfNeeded();
    const tree = page.getByRole('tree', { name: 'Files in this template' });
    await tree.waitFor();
    expect(await tree.getByRole('treeitem', { name: 'README.md' }).count()).toBe(1);
    expect(await tree.getByRole('treeitem', { name: 'package.json' }).count()).toBe(1);
  });

  it('downloads the bundle as the demo buyer: the zip arrives and one download is spent', async () => {
    const { page } = session;
    await signIn(page, 'buyer@demo.local', 'demo1234');
    await page.goto(`/mvp/${await templateIdByTitle('Agency Site')}`);
    const remaining = page.getByTestId('downloads-remaining');
    await remaining.waitFor();
    const before = remainingOf(await remaining.textContent());
    expect(before).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^agency-site-[\d.]+\.zip$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);

    const message = page.getByTestId('download-message');
    await message.waitFor();
    expect(await message.textContent()).toContain('Download initiated!');
    await expect.poll(async () => remainingOf(await remaining.textContent())).toBe(before - 1);
    expect(await remaining.textContent()).toContain('you downloaded this on');
    await screenshot(page, 'download-done');

    // Downloading it again from the dashboard in the same month spends nothing.
    await page.goto('/dashboard');
    const left = page.getByTestId('downloads').getByTestId('downloads-remaining');
    await left.waitFor();
    const leftBefore = await left.textContent();
    const row = page.getByTestId('download-row').filter({ hasText: 'Agency Site' }).first();
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download again: Agency Site' }).click(),
    ]);
    expect(again.suggestedFilename()).toMatch(/^agency-site-[\d.]+\.zip$/);
    await row.getByText('No download used').waitFor();
    await page.reload();
    await left.waitFor();
    expect(await left.textContent()).toBe(leftBefore);
    await screenshot(page, 'dashboard-download-again');
    await page.getByRole('button', { name: 'Sign Out' }).click();
  });

  it('tells a buyer without downloads left to upgrade', async () => {
    const { page } = session;
    // The demo admin account has no download quota.
    await signIn(page, 'admin@demo.local', 'demo1234');
    await page.goto(`/mvp/${await templateIdByTitle('Subscription Box Store')}`);
    const message = page.getByTestId('download-message');
    await message.waitFor();
    expect(await message.textContent()).toContain(
      'You have reached your download quota. Please upgrade your plan.',
    );
    expect(await page.getByTestId('downloads-remaining').textContent()).toMatch(
      /^0 downloads left/,
    );
    expect(await page.getByRole('button', { name: 'Download', exact: true }).isDisabled()).toBe(
      true,
    );
    await screenshot(page, 'download-quota-reached');

    // A deploy spends a download too: without one left, Deploy waits with Download.
    expect(await page.getByTestId('deploy-button').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Sign Out' }).click();
  });
});
