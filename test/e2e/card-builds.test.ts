/**
 * The build badge on the cards of browse: the demo template built with Vite (Startup Landing
 * Page, built by the stack's seed, offline) says "Builds with npm"; a
 * demo template whose dependencies the local registry does not hold says "Build failed" once its
 * seller rebuilds it; templates never built say nothing. Photographed at a phone's and a desktop's
 * width (E2E_SCREENSHOTS=1).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LiveBuild } from '../../contract/builds';
import type { BrowseResult } from '../../contract/catalog';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';

const SELLER = { email: 'seller@demo.local', password: 'demo1234' };
/** lib/local/seed/starter.ts, `VITE_DEMO_TEMPLATE_ID`. */
const VITE_DEMO = '01JXS2RQR0PRJFC7ZEKBSZVXEA';
/** The demo seller's Developer Portfolio (lib/local/seed/templates.ts): never built by the seed. */
const PORTFOLIO = '01JSA94PW0WXSAR639J2NFK7AT';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The seed's build installs from a registry it seeds at the stack's start: give it time. */
const BUILD_WAIT_MS = 170_000;

const liveBuild = async (id: string): Promise<LiveBuild> => {
  const response = await fetch(`${baseUrl()}/api/mvps/${id}/build`);
  expect(response.status).toBe(200);
  return (await response.json()) as LiveBuild;
};

/** The template's card as browse answers it (searched by its title). */
const cardOf = async (id: string, title: string) => {
  const response = await fetch(`${baseUrl()}/api/mvps?search=${encodeURIComponent(title)}`);
  const { items } = (await response.json()) as BrowseResult;
  return items.find((item) => item.id === id);
};

/** The card of template `id` on browse, searched by its title. */
const browseCard = async (page: Page, id: string, title: string) => {
  await page.goto(`/mvps?search=${encodeURIComponent(title)}`);
  const card = page.locator(`[data-testid="mvp-card"][data-mvp-id="${id}"]`);
  // The stack's first pages: its chunks and the catalog may still be warming.
  await card.waitFor({ timeout: 60_000 });
  return card;
};

beforeAll(async () => {
  // The seed builds the Vite demo in the background: wait for its record.
  const deadline = Date.now() + BUILD_WAIT_MS;
  while (!(await liveBuild(VITE_DEMO)).build && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}, BUILD_WAIT_MS + 10_000);

describe('the build badge on the cards', () => {
  const session = useBrowserSession();

  it('says "Builds with npm" on the Vite demo\'s card', async () => {
    const demo = await liveBuild(VITE_DEMO);
    expect(demo.build?.outcome, 'the demo was not built').toBe('built');
    // The catalog follows the build's record within its next read of the table.
    await expect
      .poll(async () => (await cardOf(VITE_DEMO, 'Startup Landing Page'))?.build, {
        timeout: 30_000,
        interval: 1_000,
      })
      .toEqual({ outcome: 'built', package_manager: 'npm' });
    const { page } = session;
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const card = await browseCard(page, VITE_DEMO, 'Startup Landing Page');
      const badge = card.getByTestId('card-build');
      await expect.poll(() => badge.isVisible()).toBe(true);
      expect(await badge.textContent()).toBe('Builds with npm');
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `card-build-${viewport.width}`);
    }
  });

  it('says nothing on the card of a template never built', async () => {
    expect((await liveBuild(PORTFOLIO)).build).toBeNull();
    const { page } = session;
    await page.setViewportSize(DESKTOP);
    const card = await browseCard(page, PORTFOLIO, 'Developer Portfolio');
    expect(await card.getByTestId('card-build').count()).toBe(0);
  });

  it(
    'says "Build failed" once its seller rebuilds a template whose dependencies are not to be had',
    async () => {
      const { page } = session;
      await page.setViewportSize(DESKTOP);
      await signIn(page, SELLER.email, SELLER.password);
      await page.goto(`/mvp/${PORTFOLIO}/edit`);
      const section = page.getByTestId('seller-build');
      const rebuild = section.getByTestId('rebuild');
      await rebuild.click();
      await section.getByTestId('rebuild-started').waitFor();
      // The local registry holds none of its framework's packages: npm fails at once.
      await expect
        .poll(async () => (await liveBuild(PORTFOLIO)).build?.outcome ?? null, {
          timeout: BUILD_WAIT_MS,
          interval: 1_000,
        })
        .toBe('failed');
      await expect
        .poll(async () => (await cardOf(PORTFOLIO, 'Developer Portfolio'))?.build?.outcome, {
          timeout: 30_000,
          interval: 1_000,
        })
        .toBe('failed');
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        const card = await browseCard(page, PORTFOLIO, 'Developer Portfolio');
        const badge = card.getByTestId('card-build');
        await badge.waitFor();
        expect(await badge.textContent()).toBe('Build failed');
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `card-build-failed-${viewport.width}`);
      }
    },
    BUILD_WAIT_MS + 60_000,
  );
});
