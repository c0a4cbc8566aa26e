/**
 * Version builds where people decide: the demo template built with Vite (Startup Landing Page,
 * built for real by the stack's seed, offline, from the local npm registry) says "Builds" with its
 * package manager, runtime and time on its page; its seller reads the end of the build log on the
 * edit page and presses Rebuild, which runs the build again; the build's pictures of the site's
 * first screen (desktop and phone, taken by the machine's Chromium) are beside the report, and the
 * seller's Add to gallery puts the desktop one in the template's gallery, on its page; an admin
 * reads the same report without the buttons.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveBuild } from '../../contract/builds';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';

const SELLER = { email: 'seller@demo.local', password: 'demo1234' };
const ADMIN = { email: 'admin@demo.local', password: 'demo1234' };
/** lib/local/seed/starter.ts, `VITE_DEMO_TEMPLATE_ID`. */
const VITE_DEMO = '01JXS2RQR0PRJFC7ZEKBSZVXEA';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The seed's build installs from a registry it seeds at the stack's start: give it time. */
const BUILD_WAIT_MS = 170_000;

const liveBuild = async (): Promise<LiveBuild> => {
  const response = await fetch(`${baseUrl()}/api/mvps/${VITE_DEMO}/build`);
  expect(response.status).toBe(200);
  return (await response.json()) as LiveBuild;
};

/** Waits until the demo's build has a record (the seed starts it in the background). */
const builtDemo = async (): Promise<LiveBuild> => {
  const deadline = Date.now() + BUILD_WAIT_MS;
  for (;;) {
    const answer = await liveBuild();
    if (answer.build || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
};

let demo: LiveBuild;
beforeAll(async () => {
  demo = await builtDemo();
}, BUILD_WAIT_MS + 10_000);

describe('version builds in the pages', () => {
  const session = useBrowserSession();

  it('says "Builds" on the Vite demo\'s page, with the package manager, runtime and time', async () => {
    expect(demo.build?.reason ?? null, 'the demo was not built').toBeNull();
    expect(demo.build?.outcome).toBe('built');
    const { page } = session;
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/mvp/${VITE_DEMO}`);
      // The stack's first page after a build: its chunks and the catalog may still be warming.
      await page.getByTestId('mvp-detail').waitFor({ timeout: 60_000 });
      const badge = page.getByTestId('build-badge');
      const outcome = badge.getByTestId('build-outcome');
      await outcome.waitFor();
      expect(await outcome.textContent()).toContain('Builds');
      expect(await badge.getByTestId('build-detail').textContent()).toMatch(
        /^npm \d+(\.\d+)? · Node \d+ · built in [\d.]+ (s|min)/,
      );
      // The public page never shows the log.
      expect(await page.getByTestId('build-log').count()).toBe(0);
      await badge.scrollIntoViewIfNeeded();
      await screenshot(page, `build-badge-${viewport.width}`);
    }
  });

  it(
    'shows its seller the end of the log and rebuilds it',
    async () => {
      const { page } = session;
      await page.setViewportSize(DESKTOP);
      await signIn(page, SELLER.email, SELLER.password);
      await page.goto(`/mvp/${VITE_DEMO}/edit`);
      const section = page.getByTestId('seller-build');
      await section.getByTestId('build-outcome').waitFor();
      expect(await section.getByTestId('build-outcome').textContent()).toContain('Builds');
      expect(await section.getByTestId('build-figures').textContent()).toContain('npm ci');

      // The log is collapsed until asked for; then it is the build's own output.
      const lines = section.getByTestId('build-log-lines');
      expect(await lines.isVisible()).toBe(false);
      await section.getByTestId('build-log').locator('summary').click();
      await lines.waitFor();
      expect(await lines.textContent()).toMatch(/vite/i);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'build-seller-report-1280');

      const rebuild = section.getByTestId('rebuild');
      await rebuild.click();
      await section.getByTestId('rebuild-started').waitFor();
      expect(await section.getByTestId('rebuild-started').textContent()).toContain(
        `Rebuilding version ${demo.version_number}`,
      );
      expect(await rebuild.textContent()).toContain('Building…');
      expect(await rebuild.isDisabled()).toBe(true);
      await screenshot(page, 'build-seller-rebuilding-1280');

      // The report updates by itself when the build ends, and Rebuild is offered again.
      await expect
        .poll(() => rebuild.getAttribute('data-loading'), {
          timeout: BUILD_WAIT_MS,
          interval: 1_000,
        })
        .toBeNull();
      await expect.poll(() => rebuild.isDisabled()).toBe(false);
      expect(await section.getByTestId('build-outcome').textContent()).toContain('Builds');
      await page.setViewportSize(PHONE);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'build-seller-rebuilt-390');
    },
    BUILD_WAIT_MS + 30_000,
  );
});

describe('pictures from the running preview', () => {
  const session = useBrowserSession();

  it(
    "shows the seller both pictures and adds the desktop one to the template's gallery",
    async () => {
      const { page } = session;
      await page.setViewportSize(DESKTOP);
      await signIn(page, SELLER.email, SELLER.password);
      await page.goto(`/mvp/${VITE_DEMO}/edit`);
      const section = page.getByTestId('seller-build');
      const pictures = section.getByTestId('build-pictures');
      await pictures.waitFor({ timeout: 60_000 });
      for (const viewport of ['desktop', 'phone']) {
        const figure = pictures.getByTestId(`build-picture-${viewport}`);
        const image = figure.locator('img');
        await image.waitFor();
        // The PNG itself arrived and was decoded, at the capture's size.
        await expect
          .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
          .toBe(viewport === 'desktop' ? 1280 : 780);
        expect(await figure.textContent()).toContain(`Captured from v${demo.version_number}`);
      }
      expect(await pictures.getByTestId('build-pictures-reason').count()).toBe(0);
      await pictures.scrollIntoViewIfNeeded();
      await screenshot(page, 'build-pictures-1280');

      const add = pictures.getByTestId('add-to-gallery-desktop');
      expect(await add.textContent()).toContain('Add to gallery');
      await add.click();
      await expect.poll(() => add.textContent()).toContain('Added to gallery');
      expect(await add.isDisabled()).toBe(true);
      expect(await pictures.getByTestId('add-to-gallery-phone').textContent()).toContain(
        'Add to gallery',
      );
      await screenshot(page, 'build-pictures-added-1280');
      await page.setViewportSize(PHONE);
      await pictures.scrollIntoViewIfNeeded();
      await screenshot(page, 'build-pictures-390');

      // The template's page shows it in its gallery (its browse cache catches up in seconds).
      await page.setViewportSize(DESKTOP);
      await expect
        .poll(
          async () => {
            await page.goto(`/mvp/${VITE_DEMO}`);
            await page.getByTestId('mvp-detail').waitFor({ timeout: 60_000 });
            return page.locator('[data-testid="mvp-detail"] img[src*="captured-"]').count();
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBeGreaterThan(0);
      await screenshot(page, 'build-picture-in-gallery-1280');
    },
    BUILD_WAIT_MS,
  );
});

describe("the build report in an admin's hands", () => {
  const session = useBrowserSession();

  it('shows an admin the same report, without Rebuild', async () => {
    const { page } = session;
    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/mvp/${VITE_DEMO}/edit`);
    const section = page.getByTestId('seller-build');
    await section.getByTestId('build-outcome').waitFor();
    expect(await section.getByTestId('build-log').count()).toBe(1);
    expect(await section.getByTestId('rebuild').count()).toBe(0);
    // The pictures too, but adding one to the gallery is the seller's.
    await section.getByTestId('build-picture-desktop').waitFor();
    expect(await section.getByTestId('add-to-gallery-desktop').count()).toBe(0);
  });
});
