/**
 * `npm run bench -- images`: the bytes of images a phone downloads for /mvps page 1 (390 px wide,
 * DPR 3, as Lighthouse's mobile), with raster previews, before and after their WebP renditions.
 *
 * The demo stack (test/fixtures/demo-stack.ts) with the built frontend; every template of page 1
 * gets a raster first preview: a 2400×1500 PNG screenshot (the demo's drawing with a little noise,
 * as real screenshots have, about 2–3 MB). "Before": the cards show the originals, as every card
 * did. "After": the renditions step has run for each. Headless Chromium (test/fixtures/chromium.ts)
 * loads the page, scrolls to its end so every lazy image loads, and sums the bodies of image
 * responses. Bytes do not depend on the machine's load; only the wall times do.
 */
import { chromium } from 'playwright-core';
import type { BrowseResult } from '../../contract/catalog';
import { CHROMIUM_OFFLINE_FLAGS, E2E_CHROMIUM } from '../fixtures/chromium';
import { startDemoStack } from '../fixtures/demo-stack';
import { buildWebApp } from './support/web-app';

const GOAL_BYTES = 300 * 1024;

/** One screenshot-like PNG, reused under each template's own key. */
const screenshotPng = async (): Promise<Buffer> => {
  const { default: sharp } = await import('sharp');
  const { renderPreviewPng } = await import('../../lib/local/seed/assets');
  const { seedTemplates } = await import('../../lib/local/seed/templates');
  const drawing = await renderPreviewPng(seedTemplates[0]!);
  const { width, height } = await sharp(drawing).metadata();
  const noise = await sharp({
    create: {
      width: width!,
      height: height!,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 3 },
    },
  })
    .png()
    .toBuffer();
  return sharp(drawing)
    .composite([{ input: noise, blend: 'soft-light' }])
    .png()
    .toBuffer();
};

interface Measure {
  images: number;
  bytes: number;
  largest: number;
  ms: number;
}

const measure = async (url: string): Promise<Measure> => {
  const browser = await chromium.launch({
    executablePath: E2E_CHROMIUM.path,
    headless: true,
    args: [...E2E_CHROMIUM.headlessFlags, ...CHROMIUM_OFFLINE_FLAGS],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image') return;
      sizes.push(
        response.body().then(
          (body) => body.length,
          () => 0,
        ),
      );
    });
    const started = performance.now();
    await page.goto(`${url}/mvps`, { waitUntil: 'networkidle' });
    await page.getByTestId('results-grid').waitFor();
    // Every card of page 1 comes into view, so every lazy image loads.
    for (const card of await page.locator('[data-testid="results-grid"] img').all()) {
      await card.scrollIntoViewIfNeeded();
    }
    await page.waitForLoadState('networkidle');
    const ms = performance.now() - started;
    const bytes = await Promise.all(sizes);
    await context.close();
    return {
      images: bytes.length,
      bytes: bytes.reduce((sum, size) => sum + size, 0),
      largest: Math.max(0, ...bytes),
      ms,
    };
  } finally {
    await browser.close();
  }
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const main = async () => {
  await buildWebApp();
  const { stack, stop } = await startDemoStack('images-stack-');
  try {
    const { TemplateEntity } = await import('../../lambdas/shared/db/entities/template');
    const { bumpCatalogVersion } = await import('../../lambdas/templates/repo');
    const { putObject } = await import('../../lambdas/shared/storage/s3');
    const { makePreviewRenditions } = await import('../../lambdas/processing/tasks/renditions');
    const pageOne = (await (await fetch(`${stack.url}/api/mvps`)).json()) as BrowseResult;
    const png = await screenshotPng();
    console.log(`${pageOne.items.length} cards, each a ${kb(png.length)} PNG first preview`);
    for (const item of pageOne.items) {
      const key = `previews/mvps/${item.id}/bench/0-screenshot.png`;
      await putObject({
        bucket: process.env.PREVIEW_IMAGES_BUCKET!,
        key,
        body: png,
        contentType: 'image/png',
      });
      const keys = [
        key,
        ...item.preview_images.map((url) => url.slice(1)).filter((k) => k !== key),
      ];
      await TemplateEntity.patch({ id: item.id })
        .set({ preview_image_keys: keys, updated_at: new Date().toISOString() })
        .remove(['preview_rendition_keys'])
        .go();
    }
    await bumpCatalogVersion();
    const before = await measure(stack.url);

    const started = performance.now();
    for (const item of pageOne.items) {
      await makePreviewRenditions({ mvpId: item.id, versionId: 'bench' });
    }
    const renderMs = performance.now() - started;
    const after = await measure(stack.url);

    const row = (name: string, m: Measure) =>
      `${name.padEnd(20)} ${String(m.images).padStart(6)} ${kb(m.bytes).padStart(10)} ${kb(m.largest).padStart(10)} ${(m.ms / 1000).toFixed(1).padStart(7)} s`;
    console.log(`\n${'/mvps page 1, phone'.padEnd(20)} images      bytes    largest    load`);
    console.log(row('originals (before)', before));
    console.log(row('renditions (after)', after));
    console.log(
      `\n${(before.bytes / after.bytes).toFixed(1)}× fewer bytes; goal under ${kb(GOAL_BYTES)}: ${after.bytes < GOAL_BYTES ? 'met' : 'NOT met'}`,
    );
    console.log(
      `renditions of ${pageOne.items.length} previews made in ${(renderMs / 1000).toFixed(1)} s (${(renderMs / pageOne.items.length).toFixed(0)} ms each, machine shared)`,
    );
  } finally {
    await stop();
  }
};

await main();
