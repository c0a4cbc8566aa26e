/**
 * `npm run bench -- screenshots`: full-page screenshots of the pages a visitor sees, at a phone's
 * width (412 × 915) and a laptop's (1280 × 900), in the light and the dark colour mode, and, given
 * an earlier run's folder, a pixel-by-pixel comparison with it. The check docs/performance.md asks
 * of a change of how the styles are produced (Chakra's global CSS moved to a stylesheet, style
 * props made static CSS): take shots before, change, take them after and compare; every page must
 * be identical to the pixel.
 *
 * It builds the frontend (as the Lighthouse bench does), starts the demo stack on free ports with
 * fresh demo data (test/fixtures/demo-stack.ts) and drives Debian's headless Chromium
 * (test/fixtures/chromium.ts) with playwright-core, one shot at a time. Each shot has a fresh
 * browser context: the colour mode stored before the page loads as the product stores it (local
 * storage `darkMode`, checked against the `dark` class on the root afterwards), the network quiet,
 * the page scrolled to its end and back so every lazy image loads, every image complete, the fonts
 * loaded, the caret hidden and animations stopped.
 *
 * What differed between two runs of the same build, and how it no longer does:
 * - the demo template's build runs in the background from the stack's start, and its card showed
 *   "Builds with npm" in some shots and not others: the shots wait for it;
 * - the footer's year: the browser's clock is frozen at one moment;
 * - a version's security report says the day the stack seeded it ("checked 8 Dec 2026"): its
 *   answers give the frozen day instead;
 * - the rounded corners of /mvps's first cards came out a level lighter or darker now and then,
 *   Chromium's partial raster (DETERMINISTIC_RASTER_FLAGS).
 * Two runs of the same build are identical to the pixel. A run takes about 80 to 110 s on two busy
 * cores, a minute of it the 24 shots.
 *
 * Environment:
 * - `SCREENSHOTS_PAGES`: comma-separated paths, `template` (the first card of /mvps page 1, as
 *   the Lighthouse bench takes it) and `not-found` (a path the app does not have). Default `/`,
 *   `/mvps`, `template`, `/pricing`, `/how-it-works` (a Markdown content page), `not-found`.
 * - `SCREENSHOTS_DIR`: where the PNGs go (default `.local/screenshots/<yyyymmdd-hhmmss>`), named
 *   `<page>-<width>-<light|dark>.png`.
 * - `SCREENSHOTS_COMPARE=<earlier folder>`: compares every shot with the same name there, prints a
 *   table, writes `<shot>.diff.png` beside a shot that differs (the differing pixels red on a
 *   dimmed copy) and exits with 1 if any shot differs.
 * - `SCREENSHOTS_NO_BUILD=1`: shoots the `frontend/dist` already built (the "before" build, say,
 *   once the working tree has moved on).
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_OFFLINE_FLAGS, E2E_CHROMIUM } from '../fixtures/chromium';
import { startDemoStack } from '../fixtures/demo-stack';
import { buildWebApp, firstTemplatePath } from './support/web-app';

const TEMPLATE_PAGE = 'template';
const NOT_FOUND_PAGE = 'not-found';
const NOT_FOUND_PATH = '/no-such-page';
const selected = (variable: string) => process.env[variable]?.split(',').filter(Boolean);
const PAGES = selected('SCREENSHOTS_PAGES') ?? [
  '/',
  '/mvps',
  TEMPLATE_PAGE,
  '/pricing',
  '/how-it-works',
  NOT_FOUND_PAGE,
];
const VIEWPORTS = [
  { width: 412, height: 915 },
  { width: 1280, height: 900 },
] as const;
const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];

/**
 * The moment every shot's page lives in (`Date` only; timers still run): the footer's year, and
 * any date a page works out from now, stay the same from one run to the next. After every fixed
 * date of the demo data.
 */
const FROZEN_TIME = new Date('2026-12-01T12:00:00Z');

/**
 * The demo data's one date that is the server's today: a version's security report says when it
 * was checked (at seeding). Its answers are given this date instead, as the page would show it
 * on the day of FROZEN_TIME, so the template page keeps its words and its layout from day to day.
 */
const SECURITY_REPORT = /\/api\/mvps\/[^/]+\/security(\?|$)/;
const FROZEN_CHECKED_AT = FROZEN_TIME.toISOString();
/** How long the demo template's build may take (in the background from the stack's start). */
const BUILD_TIMEOUT_MS = 300_000;

/**
 * Chromium redraws only the changed part of a tile (partial raster): an antialiased edge at that
 * part's border, the rounded corners of /mvps's first cards whose images arrive after their frame,
 * is drawn over what was there and came out one level lighter or darker in some shots. With whole
 * tiles drawn afresh, ten loads of /mvps shot four times each gave one image; without, the second
 * shot of a load already differed from the first.
 */
const DETERMINISTIC_RASTER_FLAGS = ['--disable-partial-raster'];

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const two = (value: number) => String(value).padStart(2, '0');
const timestamp = (date: Date) =>
  `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-` +
  `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
const OUT_DIR = path.resolve(
  process.env.SCREENSHOTS_DIR ??
    path.join(repositoryRoot, '.local', 'screenshots', timestamp(new Date())),
);
const COMPARE_DIR = process.env.SCREENSHOTS_COMPARE
  ? path.resolve(process.env.SCREENSHOTS_COMPARE)
  : undefined;
const DIFF_SUFFIX = '.diff.png';

/** A page's part of its shots' names: `/` → `home`, `/how-it-works` → `how-it-works`. */
const pageName = (page: string) => page.replace(/^\/+/, '').replace(/\W+/g, '-') || 'home';

/**
 * Runs in the page (a string, so no helper of the TypeScript loader goes along): scrolls to the end
 * a screen at a time, so every lazy image starts loading, and back to the top.
 */
const SCROLL_THROUGH = `(async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)));
  for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
    window.scrollTo(0, y);
    await frame();
  }
  window.scrollTo(0, document.documentElement.scrollHeight);
  await frame();
  window.scrollTo(0, 0);
  await frame();
})()`;

/**
 * Runs in the page: resolves once every image there is `complete` (loaded or failed), a promise
 * and not `waitForFunction`, whose polling evaluates its string under the page's CSP (no eval).
 */
const IMAGES_COMPLETE = `Promise.all([...document.images].map((image) => image.complete ||
  new Promise((resolve) => {
    image.addEventListener('load', resolve, { once: true });
    image.addEventListener('error', resolve, { once: true });
  }))).then(() => [...document.images].every((image) => image.complete))`;

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate(SCROLL_THROUGH);
  // Again while an image that the last wait loaded brought others (a section drawn later).
  for (let round = 0; !(await page.evaluate(IMAGES_COMPLETE)); round += 1) {
    if (round === 10) throw new Error(`${page.url()}: images still loading.`);
  }
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  await page.waitForLoadState('networkidle');
};

const shoot = async (
  browser: Browser,
  url: string,
  viewport: (typeof VIEWPORTS)[number],
  mode: Mode,
  file: string,
) => {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    colorScheme: mode,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(30_000);
  try {
    // tsx wraps named functions in `__name(…)`; the page has no such helper.
    await context.addInitScript('window.__name = (f) => f');
    await context.addInitScript(
      `localStorage.setItem('darkMode', ${JSON.stringify(String(mode === 'dark'))})`,
    );
    await context.clock.setFixedTime(FROZEN_TIME);
    await context.route(SECURITY_REPORT, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /"checked_at":"[^"]*"/g,
        `"checked_at":"${FROZEN_CHECKED_AT}"`,
      );
      await route.fulfill({ response, body });
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await settle(page);
    const dark = await page.evaluate(`document.documentElement.classList.contains('dark')`);
    if (dark !== (mode === 'dark'))
      throw new Error(`${url} did not open in ${mode} mode (root class dark: ${String(dark)}).`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
};

interface Listed {
  id: string;
  build?: { outcome: string } | null;
}

const getJson = async <T>(url: string): Promise<T> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
};

/**
 * Waits for the demo template's build, which the stack starts in the background (lib/local/seed/
 * builds.ts): until it ends, its card and page show no build; after, "Builds with npm". Shots
 * taken while it runs would differ from one run to the next. Waits until the template's own
 * answer has the build and so has its card in the lists the pages show (the home page's featured
 * templates, /mvps page 1), and returns its outcome.
 */
const waitForDemoBuild = async (siteUrl: string): Promise<string> => {
  const { VITE_DEMO_TEMPLATE_ID: id } = await import('../../lib/local/seed/starter');
  const lists = [`/api/mvps?sort=download_count&limit=6`, `/api/mvps?page=1`];
  const cardsBuilt = async () => {
    for (const list of lists) {
      const { items } = await getJson<{ items: Listed[] }>(`${siteUrl}${list}`);
      const card = items.find((item) => item.id === id);
      if (card && !card.build) return false;
    }
    return true;
  };
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    const outcome = (await getJson<Listed>(`${siteUrl}/api/mvps/${id}`)).build?.outcome;
    if (outcome && (await cardsBuilt())) return outcome;
    if (Date.now() > deadline) throw new Error(`The demo template ${id} has no build yet.`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
};

interface Comparison {
  shot: string;
  identical: boolean;
  differingPixels: number;
  sizeChange: string;
}

const decode = async (file: string) => {
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/**
 * Compares one shot with its earlier self, every pixel; a size change counts the pixels either
 * image has and the other lacks as differing. Writes the diff image when they differ.
 */
const compare = async (shot: string, earlierFile: string, laterFile: string) => {
  const [before, after] = await Promise.all([decode(earlierFile), decode(laterFile)]);
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const diff = Buffer.alloc(width * height * 4);
  let differing = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      const inBefore = x < before.width && y < before.height;
      const inAfter = x < after.width && y < after.height;
      const b = (y * before.width + x) * 4;
      const a = (y * after.width + x) * 4;
      const same = inBefore && inAfter && before.data.compare(after.data, a, a + 4, b, b + 4) === 0;
      if (same) {
        // A dimmed grey of the later pixel, so the red stands out and the page stays readable.
        const grey =
          (after.data[a]! * 0.3 + after.data[a + 1]! * 0.59 + after.data[a + 2]! * 0.11) | 0;
        diff.fill(Math.round(255 - (255 - grey) * 0.35), at, at + 3);
      } else {
        differing += 1;
        diff[at] = 255;
        diff[at + 1] = 0;
        diff[at + 2] = 0;
      }
      diff[at + 3] = 255;
    }
  }
  const sizeChange =
    before.width === after.width && before.height === after.height
      ? ''
      : `${before.width}×${before.height} → ${after.width}×${after.height}`;
  if (differing > 0) {
    await sharp(diff, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(laterFile.replace(/\.png$/, DIFF_SUFFIX));
  }
  return { shot, identical: differing === 0, differingPixels: differing, sizeChange };
};

const shotsIn = async (folder: string) =>
  (await readdir(folder)).filter((file) => file.endsWith('.png') && !file.endsWith(DIFF_SUFFIX));

/**
 * Compares this run's shots with the earlier folder's of the same names. A shot the earlier run
 * lacks differs; the earlier run's other shots are left out (a run narrowed by SCREENSHOTS_PAGES
 * compares with a full one).
 */
const compareFolders = async (
  earlier: string,
  later: string,
  files: string[],
): Promise<Comparison[]> => {
  const before = new Set(await shotsIn(earlier));
  const rows: Comparison[] = [];
  for (const file of [...files].sort()) {
    const shot = file.replace(/\.png$/, '');
    rows.push(
      before.has(file)
        ? await compare(shot, path.join(earlier, file), path.join(later, file))
        : {
            shot,
            identical: false,
            differingPixels: Number.NaN,
            sizeChange: 'not in the earlier run',
          },
    );
  }
  return rows;
};

const main = async () => {
  const started = performance.now();
  if (process.env.SCREENSHOTS_NO_BUILD === '1') {
    console.log('Shooting the frontend already built (frontend/dist).');
  } else {
    await buildWebApp();
  }

  await mkdir(OUT_DIR, { recursive: true });
  const { stack, stop } = await startDemoStack('screenshots-stack-');
  let browser: Browser | undefined;
  /** The one Chromium, launched again if it went away (a crash, a busy machine's OOM killer). */
  const openBrowser = async (): Promise<Browser> => {
    if (browser?.isConnected()) return browser;
    browser = await chromium.launch({
      executablePath: E2E_CHROMIUM.path,
      args: [
        ...CHROMIUM_OFFLINE_FLAGS,
        ...E2E_CHROMIUM.headlessFlags,
        ...DETERMINISTIC_RASTER_FLAGS,
      ],
    });
    return browser;
  };
  const shots: string[] = [];
  try {
    const waitStarted = performance.now();
    const outcome = await waitForDemoBuild(stack.url);
    console.log(
      `The demo template's build: ${outcome} ` +
        `(waited ${((performance.now() - waitStarted) / 1000).toFixed(0)} s).`,
    );
    if (outcome !== 'built')
      console.warn('Not built: its card and page differ from a run whose build succeeded.');

    for (const name of PAGES) {
      const route =
        name === TEMPLATE_PAGE
          ? await firstTemplatePath(stack.url)
          : name === NOT_FOUND_PAGE
            ? NOT_FOUND_PATH
            : name;
      for (const viewport of VIEWPORTS) {
        for (const mode of MODES) {
          const file = path.join(OUT_DIR, `${pageName(name)}-${viewport.width}-${mode}.png`);
          try {
            await shoot(await openBrowser(), `${stack.url}${route}`, viewport, mode, file);
          } catch (error) {
            if (browser?.isConnected()) throw error;
            console.warn(`  Chromium went away (${String(error)}); once more in a new one.`);
            await shoot(await openBrowser(), `${stack.url}${route}`, viewport, mode, file);
          }
          shots.push(path.basename(file));
          console.log(`  ${path.basename(file)}`);
        }
      }
    }
  } finally {
    await browser?.close();
    await stop();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`\n${shots.length} screenshots in ${OUT_DIR} (${seconds} s)`);

  if (!COMPARE_DIR) return;
  const rows = await compareFolders(COMPARE_DIR, OUT_DIR, shots);
  console.log(`\nCompared with ${COMPARE_DIR}`);
  console.table(
    rows.map((row) => ({
      shot: row.shot,
      identical: row.identical ? 'yes' : 'no',
      'differing pixels': Number.isNaN(row.differingPixels) ? '' : row.differingPixels,
      'size change': row.sizeChange,
    })),
  );
  const differing = rows.filter((row) => !row.identical);
  if (differing.length > 0) {
    console.log(
      `${differing.length} of ${rows.length} shots differ; the red pixels of each are in ` +
        `<shot>${DIFF_SUFFIX} in ${OUT_DIR}.`,
    );
    process.exitCode = 1;
  } else {
    console.log(`All ${rows.length} shots are identical to the pixel.`);
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
