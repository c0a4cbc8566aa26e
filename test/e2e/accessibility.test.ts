/// <reference lib="dom" />
/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on every route of the
 * frontend's route table (`paths`), signed out and signed in as each role, with 0 critical or
 * serious findings.
 *
 * The matrix, chosen to cover every route, role, colour mode and size within about a minute:
 * - Routes come from `paths` itself, so a new route is scanned without touching this file;
 *   parameters are filled with demo data (a seeded template, the demo seller's username) or, where
 *   the demo data has none to show (a dispute, a licence), an id that does not exist, so the
 *   page's not-found state is what is scanned.
 * - Signed out, every route is scanned: the public pages with their content, the others with what
 *   a visitor gets there (the sign-in prompt or Access Denied).
 * - Signed in, each role scans the routes whose content depends on who is signed in (its
 *   dashboard, settings, notifications, the seller's and admin's pages, every admin tab) plus the
 *   home page, whose header is the role's own.
 * - Each page is scanned twice, in both colour modes and both sizes: light on a desktop (1280×900)
 *   and dark on a phone (390×844), or the other way round, each from the pair the previous page
 *   ended with. Contrast depends on the colour mode and the layout on the size; scanning all four
 *   pairs doubled the scan time and found nothing the two did not. The theme is switched with the
 *   header's own toggle, in place, as a person would, and transitions are stilled so colours are
 *   read where they end.
 * - No page throws: an uncaught error in any page of a role's walk fails that role's test.
 */
import axe from 'axe-core';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../frontend/src/config/paths';
import { sharedBrowser } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl } from '../fixtures/e2e/stack';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type Role = 'anonymous' | 'buyer' | 'seller' | 'both' | 'admin';

const ACCOUNTS: Record<Exclude<Role, 'anonymous'>, string> = {
  buyer: 'buyer@demo.local',
  seller: 'seller@demo.local',
  both: 'maker@demo.local',
  admin: 'admin@demo.local',
};

/** The routes whose content depends on the signed-in user, per role (besides the home page). */
const SIGNED_IN: Record<Exclude<Role, 'anonymous'>, (keyof typeof paths)[]> = {
  buyer: [
    'dashboard',
    'welcome',
    'sellerSignup',
    'settings',
    'notifications',
    'refundRequest',
    'dispute',
    'disputeDetail',
  ],
  seller: [
    'dashboard',
    'settings',
    'myMvps',
    'upload',
    'mvpEdit',
    'payouts',
    'connectStripe',
    'githubAppCallback',
    'analytics',
    'payoutSettings',
  ],
  both: ['dashboard', 'mvp', 'pricing'],
  admin: ['admin', 'notifications'],
};

const ADMIN_TABS = [
  'mvps',
  'refunds',
  'disputes',
  'payouts',
  'users',
  'applications',
  'security',
  'analytics',
  'audit',
];

interface Finding {
  rule: string;
  impact: string;
  where: string;
  targets: string[];
  help: string;
}

/** A concrete URL for a route pattern, its parameters filled with demo data. */
const hrefOf = (pattern: string, ids: { mvpId: string; username: string }): string =>
  pattern
    .replace(':mvpId?', ids.mvpId)
    .replace(':mvpId', ids.mvpId)
    .replace(':username', ids.username)
    .replace(':disputeId', 'no-such-dispute')
    .replace(':licenseId', 'NO-SUCH-LICENCE');

/** Waits until the page shows its content: no route spinner, nothing busy, no skeleton. */
const settled = async (page: Page): Promise<void> => {
  await page.locator('main').first().waitFor();
  // Colours are read as they end, not halfway through the theme's colour transitions.
  await page.evaluate(() => {
    if (document.getElementById('a11y-still')) return;
    const style = document.createElement('style');
    style.id = 'a11y-still';
    style.textContent =
      '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(style);
  });
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '[role="status"][aria-label="Loading"], [aria-busy="true"], .chakra-skeleton[data-loading]',
        ),
      undefined,
      { polling: 100, timeout: 15_000 },
    )
    .catch(async (error: unknown) => {
      const busy = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            '[role="status"][aria-label="Loading"], [aria-busy="true"], .chakra-skeleton[data-loading]',
          ),
        ].map((e) => e.outerHTML.slice(0, 200)),
      );
      throw new Error(`${page.url()} never settled: ${busy.join(' | ')}`, { cause: error });
    });
  // A lazily mounted tab panel appears a frame after its tab is selected: scanned before, the
  // selected tab's aria-controls would name a panel not in the page yet.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[role="tab"][aria-selected="true"][aria-controls]')].every(
        (tab) => document.getElementById(tab.getAttribute('aria-controls')!),
      ),
    undefined,
    { polling: 50, timeout: 5_000 },
  );
};

/**
 * Runs axe-core in the page. Its source is put into the page once (the app then navigates in
 * place, so it stays): @axe-core/playwright's AxeBuilder injects the 500 KB source again on every
 * `analyze()`, which made a scan 0.72 s on average here against 0.15 s for the same run of the same
 * rules this way (82 scans: 59 s against 12.7 s).
 */
const scan = async (page: Page, where: string): Promise<Finding[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    // A tab switched by the router mounts its panel a render after the tab is marked selected:
    // checked here, in the same task as the scan, not only in `settled` before it.
    const panelsIn = () =>
      [...document.querySelectorAll('[role="tab"][aria-selected="true"][aria-controls]')].every(
        (tab) => document.getElementById(tab.getAttribute('aria-controls')!),
      );
    for (let frame = 0; frame < 300 && !panelsIn(); frame += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    const result = await inPage.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map(
        (node) =>
          `${node.target.join(' ')}: ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`,
      ),
    }));
  }, TAGS);
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      where,
      targets: violation.nodes,
      help: violation.help,
    }));
};

const setDark = async (page: Page, dark: boolean): Promise<void> => {
  const toggle = page.getByTestId('theme-toggle').first();
  if ((await toggle.getAttribute('aria-pressed')) !== String(dark)) await toggle.click();
  await page.waitForFunction(
    (wanted) => document.documentElement.classList.contains('dark') === wanted,
    dark,
  );
};

/**
 * Scans the page in the pair of colour mode and size it opened in, then in the opposite pair (both
 * switched): light on a desktop and dark on a phone, or dark on a phone and light on a desktop.
 * The next page opens in the pair this one ended with (the app keeps the colour mode), so no
 * switch is spent on returning.
 */
const scanEveryWay = async (page: Page, where: string): Promise<Finding[]> => {
  const state = async () => ({
    dark: await page.evaluate(() => document.documentElement.classList.contains('dark')),
    phone: (page.viewportSize()?.width ?? DESKTOP.width) < DESKTOP.width,
  });
  const scanHere = async () => {
    await settled(page);
    const { dark, phone } = await state();
    return scan(page, `${where} (${dark ? 'dark' : 'light'}, ${phone ? 'phone' : 'desktop'})`);
  };
  const findings = await scanHere();
  const { dark, phone } = await state();
  await page.setViewportSize(phone ? DESKTOP : PHONE);
  await setDark(page, !dark);
  findings.push(...(await scanHere()));
  return findings;
};

/** Requests each page has in flight (the route's code chunk and its data). */
const inFlight = new WeakMap<Page, Set<Request>>();
const trackRequests = (page: Page): void => {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
};

/**
 * Opens `href` inside the running app as a link would (history and a popstate the router hears),
 * so each page costs its own render and data, not a reload of the app and of axe. The router keeps
 * the previous page on screen until the next one's code and data have come, so this returns once
 * no request is in flight and two frames have been drawn. The first page of a context loads
 * normally.
 */
const open = async (page: Page, href: string): Promise<void> => {
  if (page.url() === 'about:blank') {
    await page.goto(href);
    return;
  }
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, href);
  await page.waitForURL((url) => url.pathname + url.search === href);
  // Polled here rather than with `expect.poll`, which the walks running side by side cannot use.
  // At most 15 s: a code chunk the browser fetched for a `modulepreload` and the `import()` of
  // the same chunk can leave one of the two requests without a finished event; `settled` then
  // checks what the page shows (no spinner, nothing busy, no skeleton).
  for (const until = Date.now() + 15_000; (inFlight.get(page)?.size ?? 0) > 0;) {
    if (Date.now() > until) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
};

const report = (findings: Finding[]): string =>
  findings
    .map(
      (finding) =>
        `${finding.impact} ${finding.rule} on ${finding.where}: ${finding.help}\n    ${finding.targets.join('\n    ')}`,
    )
    .join('\n');

// A test scans up to 45 pages two ways each (about 25 s alone on two cores); `npm test` runs the
// other suites beside this one, so a test gets three times the suite's default.
describe.concurrent('accessibility of every route', { timeout: 270_000 }, () => {
  let browser: Browser;
  const ids = { mvpId: '', username: 'launchpad' };

  beforeAll(async () => {
    browser = await sharedBrowser();
    const catalog = (await (await fetch(`${baseUrl()}/api/mvps`)).json()) as {
      items: { id: string }[];
    };
    ids.mvpId = catalog.items[0]!.id;
  });

  /** The uncaught errors of each page, by the page's URL when it threw. */
  const thrown = new WeakMap<Page, string[]>();

  const openAs = async (role: Role): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    trackRequests(page);
    const errors: string[] = [];
    thrown.set(page, errors);
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    if (role !== 'anonymous') await signIn(page, ACCOUNTS[role], 'demo1234');
    return { context, page };
  };

  // Signed out, the routes in two halves, each walked by a visitor of its own.
  const routes = Object.values(paths);
  const halves = [
    routes.slice(0, Math.ceil(routes.length / 2)),
    routes.slice(Math.ceil(routes.length / 2)),
  ];
  for (const [index, half] of halves.entries()) {
    it(`finds nothing critical or serious on any route signed out (${index + 1} of 2)`, async () => {
      const { context, page } = await openAs('anonymous');
      const findings: Finding[] = [];
      for (const route of half) {
        const href = hrefOf(route.path, ids);
        await open(page, href);
        findings.push(...(await scanEveryWay(page, `${href} signed out`)));
      }
      await context.close();
      expect(findings, report(findings)).toEqual([]);
      expect(thrown.get(page)).toEqual([]);
    });
  }

  for (const role of ['buyer', 'seller', 'both', 'admin'] as const) {
    it(`finds nothing critical or serious on the ${role}'s pages`, async () => {
      const { context, page } = await openAs(role);
      const findings: Finding[] = [];
      for (const name of ['home', ...SIGNED_IN[role]] as const) {
        const href = hrefOf(paths[name].path, ids);
        await open(page, href);
        findings.push(...(await scanEveryWay(page, `${href} as ${role}`)));
      }
      if (role === 'admin') {
        for (const tab of ADMIN_TABS) {
          await open(page, paths.admin.getHref(tab));
          findings.push(...(await scanEveryWay(page, `/admin?tab=${tab} as admin`)));
        }
      }
      await context.close();
      expect(findings, report(findings)).toEqual([]);
      expect(thrown.get(page)).toEqual([]);
    });
  }
});
