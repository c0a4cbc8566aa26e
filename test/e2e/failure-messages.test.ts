/**
 * A service failing, as a visitor meets it in the browser (the real app on the e2e stack, the
 * failure made by the browser's own network layer, so the stack stays healthy for other files):
 * - the template page whose API call answers the database's 503 shows the API's words with Try
 *   again at once, not a skeleton for 20 s and a generic text; Try again loads the page;
 * - sign-in whose identity service accepts the request and never answers says so in words after
 *   its time limit, instead of spinning;
 * - every other page whose data answers the database's 503 (browse, licences, the seller
 *   dashboard, analytics, an admin tab, notifications, the GitHub return page) shows the API's
 *   words with Try again in place of that data, the rest of the page still there; once the service
 *   is back, Try again shows the data. One failure window serves them all, each in its own tab.
 */
import axe from 'axe-core';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { unavailableMessage } from '../../contract/errors';
import { AUTH_TIME_LIMIT_MS, AUTH_UNREACHABLE_MESSAGE } from '../../frontend/src/lib/auth-errors';
import { paths } from '../../frontend/src/config/paths';
import { createLocalGithubControl } from '../../lib/local/servers/github/control-client';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { baseUrl, screenshot } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const session = useBrowserSession({ perTest: true });
const UNAVAILABLE = unavailableMessage('database', 'read');

describe('when a service fails', () => {
  it("shows the template page's failure in the API's words with Try again, which loads it", async () => {
    const { page } = session;
    const id = await templateIdByTitle('Agency Site');
    let failing = true;
    const answered: string[] = [];
    await page.route(`**/api/mvps/${id}`, async (route: Route) => {
      answered.push(failing ? '503' : 'passed');
      if (!failing) return route.continue();
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: UNAVAILABLE }),
      });
    });
    // The page's data is what this test is about, not the load event of a busy machine.
    await page.goto(paths.mvp.getHref(id), { waitUntil: 'commit' });
    const error = page.getByTestId('mvp-detail-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toContain(UNAVAILABLE);
    // The answer was shown as it came: not asked again behind a skeleton.
    expect(answered.filter((outcome) => outcome === '503').length).toBeLessThanOrEqual(2);

    failing = false;
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('mvp-detail').waitFor({ timeout: 30_000 });
    expect(answered).toContain('passed');
  });

  it("shows the home page's featured templates' failure in the API's words with Try again, which loads them", async () => {
    const { page } = session;
    let failing = true;
    // The featured cards' read: the most downloaded templates (the home page's own request).
    await page.route(
      (url) => url.pathname === '/api/mvps' && url.searchParams.get('sort') === 'download_count',
      async (route: Route) => {
        if (!failing) return route.continue();
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: UNAVAILABLE }),
        });
      },
    );
    await page.goto(paths.home.getHref(), { waitUntil: 'commit' });
    // Its QueryError and the alert's recipe load only now, as it failed.
    const error = page.getByTestId('featured-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toContain(UNAVAILABLE);

    failing = false;
    await error.getByRole('button', { name: 'Try again' }).click();
    await page
      .getByTestId('featured-templates')
      .getByTestId('mvp-card')
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('featured-error').count()).toBe(0);
  });

  it('says the sign-in service cannot be reached when it does not answer', async () => {
    const { page } = session;
    // Cognito's calls carry their operation in X-Amz-Target; these are held, never answered.
    const held: Route[] = [];
    await page.route('**/*', async (route) => {
      const target = route.request().headers()['x-amz-target'] ?? '';
      if (target.startsWith('AWSCognitoIdentityProviderService.')) {
        held.push(route);
        return;
      }
      await route.continue();
    });
    await page.goto(paths.signIn.getHref(), { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.waitFor({ timeout: 30_000 });
    await form.getByLabel('Email').fill('nobody@example.com');
    await form.getByLabel('Password').fill('a-password-1');
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page
      .getByText(AUTH_UNREACHABLE_MESSAGE)
      .waitFor({ timeout: AUTH_TIME_LIMIT_MS + 10_000 });
    expect(held.length).toBeGreaterThan(0);
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  });

  it("shows each page's failed data in the API's words with Try again, which loads it once the service is back", async () => {
    const { context, page } = session;
    // Maker Lab is a buyer, an approved seller with templates and an admin: one account, every page.
    await signIn(page, 'maker@demo.local', 'demo1234');
    // Off the page sign-in lands on, whose own reads (the home page asks /api/mvps too) may still
    // be on their way on a busy machine: only the pages below are counted.
    await page.goto('about:blank');
    const site = new URL(baseUrl()).origin;
    let failing = true;
    const failed = new Map<Page, number>();
    await context.route(
      (url) => url.origin === site && FAILING_READS.has(url.pathname),
      async (route: Route) => {
        if (!failing) return route.continue();
        const tab = route.request().frame().page();
        failed.set(tab, (failed.get(tab) ?? 0) + 1);
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: UNAVAILABLE }),
        });
      },
    );

    // Each page in its own tab, left showing its failure while the service is down.
    const tabs: { shown: FailingPage; tab: Page }[] = [];
    for (const shown of FAILING_PAGES) {
      const tab = tabs.length === 0 ? page : await context.newPage();
      await tab.goto(shown.path, { waitUntil: 'commit' });
      const error = tab.getByTestId(shown.errorTestId);
      await error.waitFor({ timeout: 30_000 });
      expect(await error.textContent(), shown.name).toContain(UNAVAILABLE);
      expect(await error.getByRole('button', { name: 'Try again' }).count(), shown.name).toBe(1);
      // The rest of the page is still there: its heading, not an error page.
      await tab
        .getByRole('heading', { level: 1 })
        .or(tab.getByRole('heading', { level: 2 }))
        .first()
        .waitFor();
      expect(await axeViolations(tab, shown.errorTestId), shown.name).toEqual([]);
      if (shown.screenshot) await screenshot(tab, shown.screenshot);
      tabs.push({ shown, tab });
    }
    const github = await githubReturnUnavailable(await context.newPage());

    // Each answer was shown as it came: not asked again behind a spinner.
    for (const { shown, tab } of tabs) {
      expect(failed.get(tab) ?? 0, shown.name).toBeGreaterThan(0);
      expect(failed.get(tab), shown.name).toBeLessThanOrEqual(2);
    }

    failing = false;
    for (const { shown, tab } of tabs) {
      await tab.getByTestId(shown.errorTestId).getByRole('button', { name: 'Try again' }).click();
      await shown.loaded(tab).first().waitFor({ timeout: 30_000 });
      expect(await tab.getByTestId(shown.errorTestId).count(), shown.name).toBe(0);
    }
    await github
      .getByTestId('github-callback-unavailable')
      .getByRole('button', { name: 'Try again' })
      .click();
    await github.getByTestId('github-connected').waitFor({ timeout: 30_000 });

    // Leave Maker Lab as it was: not connected to GitHub.
    await github.goto(paths.settings.getHref('connections'), { waitUntil: 'commit' });
    await github.getByRole('button', { name: 'Disconnect' }).click({ timeout: 30_000 });
    await github.getByRole('button', { name: 'Connect GitHub' }).waitFor({ timeout: 30_000 });
    // Seven pages and a GitHub consent on a shared machine: more than one page's time.
  }, 240_000);
});

interface FailingPage {
  name: string;
  path: string;
  /** The QueryError in place of the data that failed. */
  errorTestId: string;
  /** The data, once Try again loaded it. */
  loaded: (page: Page) => Locator;
  /** The name of its screenshot in the failed state (with E2E_SCREENSHOTS=1). */
  screenshot?: string;
}

const FAILING_PAGES: readonly FailingPage[] = [
  {
    name: 'browse',
    path: paths.browse.getHref(),
    errorTestId: 'browse-error',
    loaded: (page) => page.getByTestId('results-count'),
  },
  {
    name: 'licences (buyer dashboard)',
    path: `${paths.dashboard.getHref()}?view=buyer`,
    errorTestId: 'my-licenses-error',
    loaded: (page) =>
      page
        .getByRole('list', { name: 'Your licences' })
        .or(page.getByText('No licences yet: each template you download comes with one.')),
  },
  {
    name: 'seller dashboard',
    path: `${paths.dashboard.getHref()}?view=seller`,
    errorTestId: 'seller-stats-error',
    loaded: (page) => page.getByTestId('seller-stats'),
    screenshot: 'failure-seller-dashboard',
  },
  {
    name: 'analytics',
    path: paths.analytics.getHref(),
    errorTestId: 'seller-analytics-error',
    loaded: (page) =>
      page.getByTestId('analytics-templates').or(page.getByTestId('seller-analytics-empty')),
  },
  {
    name: 'admin users',
    path: paths.admin.getHref('users'),
    errorTestId: 'users-load-error',
    loaded: (page) =>
      page.getByTestId('admin-users').getByRole('table').or(page.getByTestId('no-users')),
    screenshot: 'failure-admin-users',
  },
  {
    name: 'notifications',
    path: paths.notifications.getHref(),
    errorTestId: 'notifications-error',
    loaded: (page) =>
      page.getByTestId('notifications-list').or(page.getByTestId('notifications-empty')),
  },
];

/** The API reads the pages above make (and the GitHub return page's callback). */
const FAILING_READS = new Set([
  '/api/mvps',
  '/api/me/licenses',
  '/api/my/mvps',
  '/api/my/analytics',
  '/api/admin/users',
  '/api/notifications',
  '/api/deployments/github/callback',
]);

/**
 * Connects GitHub from Settings through the local GitHub server's consent page; back on
 * /buyer-github-callback the callback answers the 503: the API's words with Try again.
 */
const githubReturnUnavailable = async (tab: Page): Promise<Page> => {
  const endpoint = inject('e2eGithubEndpoint');
  const login = `maker-${Date.now().toString(36)}`;
  await createLocalGithubControl(endpoint).createUser({ login });
  await tab.goto(paths.settings.getHref('connections'), { waitUntil: 'commit' });
  await tab.getByRole('button', { name: 'Connect GitHub' }).click({ timeout: 30_000 });
  await tab.waitForURL(`${endpoint}/login/oauth/authorize**`, { timeout: 30_000 });
  await tab.getByLabel('Local GitHub user').fill(login);
  await tab.getByRole('button', { name: 'Authorize' }).click();
  const error = tab.getByTestId('github-callback-unavailable');
  await error.waitFor({ timeout: 30_000 });
  expect(await error.textContent()).toContain(UNAVAILABLE);
  expect(await axeViolations(tab, 'github-callback-unavailable')).toEqual([]);
  return tab;
};

/** Serious or critical axe-core (WCAG 2 A and AA) findings inside the element with this test id. */
const axeViolations = async (page: Page, testId: string): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (id) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const result = await inPage.run(`[data-testid="${id}"]`, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help}`);
  }, testId);
};
