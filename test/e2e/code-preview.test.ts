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
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_CONTENT_SECURITY_POLICY } from '../../contract/design/web-security';
import { CODE_PREVIEW_MESSAGES } from '../../contract/downloads';
import { openBrowser, useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot, SCREENSHOTS } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';
import { publishTemplateWithBundle } from '../fixtures/e2e/published-template';
import { pngOf } from '../fixtures/png';

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
    // Its title one level down: the template's own title stays the page's only h1.
    expect(await readme.getByRole('heading', { level: 2, name: TITLE }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
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

  it('renders the raw HTML of a README sanitised: no scripts, handlers or javascript: links', async () => {
    const { page } = session;
    const id = await templateIdByTitle(TITLE);
    const hostile = [
      '# Hostile',
      '',
      '<script>window.__pwned = true</script>',
      '<img src="x" onerror="window.__pwned = true">',
      '<iframe src="https://example.com/"></iframe>',
      '<p align="center"><kbd>Ctrl</kbd></p>',
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
    expect(await readme.locator('script, iframe, [onerror], img[src]').count()).toBe(0);
    // Raw HTML is parsed as GitHub parses it, through the sanitiser.
    expect(await readme.locator('p[align="center"] kbd').textContent()).toBe('Ctrl');
    expect(await readme.textContent()).not.toContain('<script>');
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

/** A README in the shape starters publish: a centred logo, alerts, images by relative path. */
const STARTER_README = (
  title: string,
) => `<p align="center"><img src="public/logo.png" width="120" alt="Kit logo"></p>

# ${title}

<p align="center"><img src="https://img.shields.io/badge/licence-MIT-blue" alt="Licence"></p>

> [!WARNING]
> Set \`DATABASE_URL\` before the first run.

> [!NOTE]
> Works with Node 22 and later.

![Dashboard](./docs/shot.png)

Read [the setup guide](docs/SETUP.md) first.

${Array.from({ length: 30 }, (_, index) => `## Step ${index + 1}\n\nRun \`npm run step-${index + 1}\` and check the output.\n`).join('\n')}`;

/** The bundle: text and real PNGs, stored (the scan asks for 1 KB at least). */
const starterBundle = (title: string): Buffer =>
  Buffer.from(
    zipSync(
      {
        'readme-kit/README.md': new TextEncoder().encode(STARTER_README(title)),
        'readme-kit/package.json': new TextEncoder().encode('{ "name": "readme-kit" }\n'),
        'readme-kit/docs/SETUP.md': new TextEncoder().encode('# Setup\n\nInstall, then run.\n'),
        'readme-kit/public/logo.png': pngOf(120, 120, ['#7c3aed', '#a78bfa', '#7c3aed']),
        'readme-kit/docs/shot.png': pngOf(480, 200, ['#0ea5e9', '#f1f5f9', '#22c55e']),
      },
      { level: 0 },
    ),
  );

describe('a README as GitHub shows it', () => {
  const title = `E2E Readme Kit ${Date.now().toString(36)}`;
  let templateId = '';

  beforeAll(async () => {
    templateId = await publishTemplateWithBundle({
      title,
      bundle: starterBundle(title),
      fileName: 'readme-kit.zip',
    });
  }, 120_000);

  it('shows an anonymous visitor its images from the bundle, its alerts, one h1, and Show all', async () => {
    const visitor = await openBrowser(baseUrl());
    const { page } = visitor;
    try {
      await page.goto(`/mvp/${templateId}`);
      await scrollToPreview(page);
      const readme = page.getByTestId('readme');
      await readme.waitFor();

      // The relative images load from the bundle (the browser decoded them).
      for (const alt of ['Kit logo', 'Dashboard']) {
        const image = readme.getByRole('img', { name: alt });
        expect(await image.getAttribute('src')).toMatch(/^\/api\/mvps\/[^/]+\/files\/image\?/);
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), {
            timeout: 10_000,
          })
          .toBeGreaterThan(0);
      }
      expect(await readme.locator('p[align="center"] img[alt="Kit logo"]').count()).toBe(1);
      // Served by the edge as CloudFront serves it: an image type, nosniff, the sandboxing CSP.
      const logoUrl = await readme.getByRole('img', { name: 'Kit logo' }).getAttribute('src');
      const served = await page.request.get(logoUrl!);
      expect(served.headers()['content-type']).toBe('image/png');
      expect(served.headers()['x-content-type-options']).toBe('nosniff');
      expect(served.headers()['content-security-policy']).toBe(PREVIEW_CONTENT_SECURITY_POLICY);

      const warning = readme.locator('.readme-alert-warning');
      expect(await warning.locator('.readme-alert-title').textContent()).toBe('Warning');
      expect(await warning.textContent()).toContain('Set DATABASE_URL before the first run.');
      expect(await readme.locator('.readme-alert-note .readme-alert-title').textContent()).toBe(
        'Note',
      );
      expect(await readme.textContent()).not.toContain('[!');

      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await readme.getByRole('heading', { level: 2, name: title }).count()).toBe(1);

      // Capped with a fade; Show all and Show less, by keyboard.
      const toggle = page.getByRole('button', { name: 'Show all' });
      const frame = page.getByTestId('document-frame');
      const height = () => frame.evaluate((element) => element.clientHeight);
      expect(await height()).toBeLessThanOrEqual(700);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.focus();
      await shoot(page, 'readme-github-style');
      await page.keyboard.press('Enter');
      const less = page.getByRole('button', { name: 'Show less' });
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      expect(await height()).toBeGreaterThan(1_500);
      await less.click();
      expect(await height()).toBeLessThanOrEqual(700);

      // A link to another file of the bundle opens it in the viewer, on the same page.
      const before = page.url();
      await readme.getByRole('link', { name: 'the setup guide' }).click();
      await page
        .getByTestId('file-viewer')
        .getByText('readme-kit/docs/SETUP.md', { exact: true })
        .waitFor();
      expect(page.url().split('#')[0]).toBe(before.split('#')[0]);
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
