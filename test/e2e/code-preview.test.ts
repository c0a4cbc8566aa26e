/**
 * The code preview on a template's page: anyone sees the tree, the README rendered
 * and the package manifest; a file's content, highlighted, is shown to the demo buyer (who has a
 * subscription) and refused to anonymous visitors in the page (the API's own refusal is tested
 * below the browser, in the downloads integration test). Shots of the preview in light and dark
 * mode under `.local/screenshots/`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdir, readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CODE_PREVIEW_MESSAGES } from '../../contract/downloads';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot, SCREENSHOTS } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const TITLE = 'Agency Site';
const shotDir = path.resolve(import.meta.dirname, '../../.local/screenshots');

/** Scrolls to the code preview, which loads its files as the visitor comes near it. */
const scrollToPreview = (page: Page) =>
  page.getByRole('heading', { name: 'Code preview' }).scrollIntoViewIfNeeded();

const openPreview = async (page: Page) => {
  await page.goto(`/mvp/${await templateIdByTitle(TITLE)}`);
  await scrollToPreview(page);
  const tree = page.getByRole('tree', { name: 'Files in this template' });
  await tree.waitFor();
  return tree;
};

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe's critical and serious findings (WCAG 2.1 A/AA) inside the code preview card. */
const axeFindings = async (page: Page): Promise<string[]> => {
  // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') stays as it is.
  await page.evaluate(await readFile(AXE_PATH, 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run('[data-testid="bundle-files"]', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    return result.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
  });
};

/** The preview card alone and the whole page, in the given mode. */
const shoot = async (page: Page, name: string) => {
  if (!SCREENSHOTS) return;
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
    // On a phone the preview is far below the first screen: its files are asked for only once
    // the visitor scrolls towards it. The gallery's first image is asked for once: boot preloads
    // it as the template comes (app/early-data.ts) and the page's image takes that answer.
    await page.setViewportSize({ width: 390, height: 844 });
    const fileReads: string[] = [];
    const imageReads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/api\/mvps\/[^/]+\/files$/.test(pathname)) fileReads.push(request.url());
      if (pathname.startsWith('/previews/')) imageReads.push(pathname);
    });
    await page.goto(`/mvp/${await templateIdByTitle(TITLE)}`);
    await page.getByTestId('mvp-detail').waitFor();
    await page.waitForLoadState('networkidle');
    expect(fileReads).toEqual([]);
    const mainImage = await page
      .getByTestId('mvp-gallery')
      .getByRole('img')
      .first()
      .evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
    expect(imageReads.filter((read) => read === mainImage)).toHaveLength(1);
    expect(await page.locator(`link[rel="preload"][href="${mainImage}"]`).count()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await scrollToPreview(page);
    const tree = page.getByRole('tree', { name: 'Files in this template' });
    await tree.waitFor();
    expect(fileReads).toHaveLength(1);

    // The README is shown first, rendered as Markdown (its title is a heading).
    const readme = page.getByTestId('readme');
    await readme.waitFor();
    expect(await readme.getByRole('heading', { level: 1, name: TITLE }).count()).toBe(1);
    expect(await readme.locator('script').count()).toBe(0);
    await shoot(page, 'code-preview-readme-light');

    // Folders open and close; every item is the tree's child with its depth in aria-level.
    const src = tree.getByRole('treeitem', { name: 'src' });
    expect(await src.getAttribute('aria-expanded')).toBe('true');
    const index = tree.getByRole('treeitem', { name: 'index.ts' });
    expect(await index.getAttribute('aria-level')).toBe('3');
    await src.click();
    expect(await src.getAttribute('aria-expanded')).toBe('false');
    expect(await index.count()).toBe(0);
    await src.click();
    expect(await index.count()).toBe(1);

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
    expect(await axeFindings(page)).toEqual([]);
  });

  it('renders a README without its raw HTML, scripts or javascript: links', async () => {
    const { page } = session;
    const id = await templateIdByTitle(TITLE);
    const hostile = [
      '# Hostile',
      '',
      '<script>window.__pwned = true</script>',
      '<img src="x" onerror="window.__pwned = true">',
      '',
      '[click me](javascript:window.__pwned=true) and [docs](https://example.com/docs)',
    ].join('\n');
    await page.route(`**/api/mvps/${id}/files`, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { readme: { content: string } };
      body.readme.content = hostile;
      await route.fulfill({ response: answer, json: body });
    });
    await page.goto(`/mvp/${id}`);
    await scrollToPreview(page);
    const readme = page.getByTestId('readme');
    await readme.waitFor();
    expect(await readme.getByRole('heading', { name: 'Hostile' }).count()).toBe(1);
    expect(await readme.locator('script, img, iframe, [onerror]').count()).toBe(0);
    // Raw HTML is shown as text, never parsed.
    expect(await readme.textContent()).toContain('<script>');
    const hrefs = await readme
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.some((href) => href?.startsWith('javascript:'))).toBe(false);
    expect(hrefs).toContain('https://example.com/docs');
    expect(await readme.getByRole('link', { name: 'docs' }).getAttribute('rel')).toContain(
      'noopener',
    );
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await page.unroute(`**/api/mvps/${id}/files`);
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

    // Keyboard: arrows move, Left/Right close and open a folder, Home/End, Enter opens a file.
    const focusedPath = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-path'));
    await tree.getByRole('treeitem', { name: 'index.ts' }).focus();
    await page.keyboard.press('ArrowUp');
    expect(await focusedPath()).toBe('agency-site/src');
    await page.keyboard.press('ArrowLeft');
    expect(await tree.getByRole('treeitem', { name: 'src' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedPath()).toBe('agency-site/src/index.ts');
    await page.keyboard.press('Home');
    expect(await focusedPath()).toBe('agency-site');
    await page.keyboard.press('End');
    expect(await focusedPath()).toBe('agency-site/README.md');
    await page.keyboard.press('Enter');
    await page.getByTestId('readme').waitFor();

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
      expect(await axeFindings(page), mode).toEqual([]);
    }
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
