/**
 * The code preview on a template's page (issue 13 §1): anyone sees the tree, the README rendered
 * and the package manifest; a file's content, highlighted, is shown to the demo buyer (who has a
 * subscription) and refused to anonymous visitors, in the page and by the API. Shots of the
 * preview in light and dark mode under `.local/screenshots/`.
 */
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CODE_PREVIEW_MESSAGES } from '../../lambdas/shared/contracts/downloads';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const TITLE = 'Agency Site';
const shotDir = path.resolve(import.meta.dirname, '../../.local/screenshots');

const openPreview = async (page: Page) => {
  await page.goto(`/mvp/${await templateIdByTitle(TITLE)}`);
  const tree = page.getByRole('tree', { name: 'Files in this template' });
  await tree.waitFor();
  return tree;
};

/** The preview card alone and the whole page, in the given mode. */
const shoot = async (page: Page, name: string) => {
  await mkdir(shotDir, { recursive: true });
  await page
    .getByTestId('bundle-files')
    .screenshot({ path: path.join(shotDir, `${name}-card.png`) });
  await screenshot(page, name);
};

describe('code preview', () => {
  const session = useBrowserSession();

  it('shows anonymous visitors the tree, the README and package.json, and no other file', async () => {
    const { page } = session;
    const tree = await openPreview(page);

    // The README is shown first, rendered as Markdown (its title is a heading).
    const readme = page.getByTestId('readme');
    await readme.waitFor();
    expect(await readme.getByRole('heading', { level: 1, name: TITLE }).count()).toBe(1);
    expect(await readme.locator('script').count()).toBe(0);

    // Folders open and close; nested items sit in groups (aria-required-parent).
    const src = tree.getByRole('treeitem', { name: 'src' });
    expect(await src.getAttribute('aria-expanded')).toBe('true');
    expect(await src.getByRole('group').getByRole('treeitem', { name: 'index.ts' }).count()).toBe(
      1,
    );
    await src.locator(':scope > [data-row]').click();
    expect(await src.getAttribute('aria-expanded')).toBe('false');
    await src.locator(':scope > [data-row]').click();

    await tree.getByRole('treeitem', { name: 'package.json' }).click();
    const code = page.getByTestId('code-content');
    await code.waitFor();
    expect(await code.textContent()).toContain('"private": true');

    await tree.getByRole('treeitem', { name: 'index.ts' }).click();
    const locked = page.getByTestId('preview-locked');
    await locked.waitFor();
    expect(await locked.textContent()).toContain(CODE_PREVIEW_MESSAGES.notEntitled);
    expect(await locked.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(await page.getByTestId('code-content').count()).toBe(0);
  });

  it('refuses anonymous content reads through the API', async () => {
    const id = await templateIdByTitle(TITLE);
    const listing = (await (await fetch(`${baseUrl()}/api/mvps/${id}/files`)).json()) as {
      files: { path: string }[];
    };
    const source = listing.files.find((file) => file.path.endsWith('src/index.ts'))!;
    const answer = await fetch(
      `${baseUrl()}/api/mvps/${id}/files/content?path=${encodeURIComponent(source.path)}`,
    );
    expect(answer.status).toBe(401);
    expect(await answer.text()).not.toContain('features');
  });

  it('shows the demo buyer a file highlighted, with the keyboard too, in light and dark', async () => {
    const { page } = session;
    await signIn(page, 'buyer@demo.local', 'demo1234');
    const tree = await openPreview(page);
    await tree.getByRole('treeitem', { name: 'index.ts' }).click();
    const code = page.getByTestId('code-content');
    await code.waitFor();
    expect(await code.getAttribute('data-language')).toBe('typescript');
    await code.locator('.hljs-keyword').first().waitFor();
    expect(await code.textContent()).toContain('export const features');

    // Keyboard: Home goes to the first item, End to the last; Enter opens a file.
    await tree.getByRole('treeitem', { name: 'index.ts' }).focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'src',
    );

    for (const mode of ['light', 'dark'] as const) {
      await page.evaluate(
        (dark) => localStorage.setItem('darkMode', String(dark)),
        mode === 'dark',
      );
      await page.reload();
      await page.getByRole('tree', { name: 'Files in this template' }).waitFor();
      await page.getByRole('treeitem', { name: 'index.ts' }).click();
      await page.getByTestId('code-content').locator('.hljs-keyword').first().waitFor();
      await shoot(page, `code-preview-${mode}`);
    }
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
