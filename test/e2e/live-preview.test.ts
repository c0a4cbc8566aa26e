/**
 * The template page's Live preview of the demo template built with Vite (Startup Landing Page,
 * built for real by the stack's seed): the section shows the built app in a frame served by the
 * local preview server (its own port, signed addresses only), the Phone width narrows the frame,
 * and "Open in a new tab" points at the preview origin with a signature. With E2E_SCREENSHOTS=1
 * the section is saved at desktop and phone sizes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveBuild } from '../../contract/builds';
import { PREVIEW_DEVICES } from '../../contract/previews';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';

/** lib/local/seed/starter.ts, `VITE_DEMO_TEMPLATE_ID`. */
const VITE_DEMO = '01JXS2RQR0PRJFC7ZEKBSZVXEA';
const SELLER = { email: 'seller@demo.local', password: 'demo1234' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The seed's build installs from a registry it seeds at the stack's start: give it time. */
const BUILD_WAIT_MS = 170_000;

/** Waits until the demo's build has a record (the seed starts it in the background). */
const builtDemo = async (): Promise<LiveBuild> => {
  const deadline = Date.now() + BUILD_WAIT_MS;
  for (;;) {
    const response = await fetch(`${baseUrl()}/api/mvps/${VITE_DEMO}/build`);
    const answer = (await response.json()) as LiveBuild;
    if (answer.build || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
};

let demo: LiveBuild;
beforeAll(async () => {
  demo = await builtDemo();
}, BUILD_WAIT_MS + 10_000);

const widthOf = (device: string) => PREVIEW_DEVICES.find((item) => item.value === device)!.width;

describe('the Live preview on the template page', () => {
  const session = useBrowserSession();

  it('shows the built Vite app in a frame, narrows it to Phone, and opens it in a new tab with a signature', async () => {
    expect(demo.build?.static_site, 'the demo did not build a static site').toBe(true);
    const { page } = session;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/mvp/${VITE_DEMO}`);
    await page.getByTestId('mvp-detail').waitFor({ timeout: 60_000 });
    const section = page.getByTestId('live-preview');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('heading', { name: 'Live preview' }).waitFor();
    const frame = section.getByTestId('preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('title')).toMatch(/^Live preview of version /);
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');

    // The built app itself, run inside the frame: the page's heading, and the e-mail form React
    // renders into #root, so the bundle's script loaded (relative base, the signed cookies).
    const inside = page.frameLocator('[data-testid="preview-frame"]');
    await inside.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    const notify = inside.locator('#root').getByRole('button', { name: 'Notify me' });
    await notify.waitFor({ timeout: 30_000 });
    await inside.locator('#root input[type="email"]').fill('visitor@example.com');
    await notify.click();
    await inside.getByText('Thanks! We will write to visitor@example.com.').waitFor();

    // Desktop is 1280 px wide, scaled down to the column; Phone is 390 px, at full size.
    expect(await frame.evaluate((element) => (element as HTMLElement).style.width)).toBe(
      `${widthOf('desktop')}px`,
    );
    await screenshot(page, `live-preview-${DESKTOP.width}`);
    await section.getByRole('button', { name: 'Phone' }).click();
    await expect
      .poll(() => frame.evaluate((element) => (element as HTMLElement).style.width))
      .toBe(`${widthOf('phone')}px`);
    expect(await section.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const box = await frame.boundingBox();
    expect(Math.round(box!.width)).toBe(widthOf('phone'));

    // Open in a new tab: the preview's own origin, signed.
    const link = section.getByTestId('preview-open');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const href = new URL((await link.getAttribute('href'))!);
    const frameSrc = new URL((await frame.getAttribute('src'))!);
    expect(href.origin).not.toBe(new URL(baseUrl()).origin);
    expect(href.origin).toBe(frameSrc.origin);
    expect(href.pathname).toMatch(new RegExp(`^/${VITE_DEMO}/[0-9A-Z]{26}/$`));
    for (const name of ['Policy', 'Signature', 'Key-Pair-Id']) {
      expect(href.searchParams.get(name), name).toBeTruthy();
    }
    // Unsigned, the same folder is refused.
    expect((await fetch(`${href.origin}${href.pathname}`)).status).toBe(403);
  });

  it('fits the frame to a phone screen and keeps the app running in it', async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    await page.goto(`/mvp/${VITE_DEMO}`);
    await page.getByTestId('mvp-detail').waitFor({ timeout: 60_000 });
    const section = page.getByTestId('live-preview');
    await section.scrollIntoViewIfNeeded();
    const frame = section.getByTestId('preview-frame');
    await frame.waitFor();
    await page
      .frameLocator('[data-testid="preview-frame"]')
      .locator('#root')
      .getByRole('button', { name: 'Notify me' })
      .waitFor({ timeout: 30_000 });
    // Desktop width in a phone's column: scaled to fit, never wider than the screen.
    const box = await frame.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await section.getByRole('button', { name: 'Phone' }).click();
    await expect
      .poll(async () => Math.round((await frame.boundingBox())!.width))
      .toBeLessThanOrEqual(PHONE.width);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `live-preview-${PHONE.width}`);
  });

  it('gives the seller a signed address of the newest version’s preview on the edit page', async () => {
    const { page } = session;
    await page.setViewportSize(DESKTOP);
    await signIn(page, SELLER.email, SELLER.password);
    await page.goto(`/mvp/${VITE_DEMO}/edit`);
    const link = page.getByTestId('seller-build').getByTestId('newest-preview-open');
    await link.waitFor();
    expect(await link.textContent()).toMatch(/^Open the live preview of version /);
    const href = new URL((await link.getAttribute('href'))!);
    expect(href.pathname).toMatch(new RegExp(`^/${VITE_DEMO}/[0-9A-Z]{26}/$`));
    expect(href.searchParams.get('Signature')).toBeTruthy();
    const opened = await fetch(href);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('<div id="root"></div>');
  });
});
