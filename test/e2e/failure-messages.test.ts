/**
 * A service failing, as a visitor meets it in the browser (the real app on the e2e stack, the
 * failure made by the browser's own network layer, so the stack stays healthy for other files):
 * - the template page whose API call answers the database's 503 shows the API's words with Try
 *   again at once, not a skeleton for 20 s and a generic text; Try again loads the page;
 * - sign-in whose identity service accepts the request and never answers says so in words after
 *   its time limit, instead of spinning.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unavailableMessage } from '../../contract/errors';
import { AUTH_TIME_LIMIT_MS, AUTH_UNREACHABLE_MESSAGE } from '../../frontend/src/lib/auth-errors';
import { paths } from '../../frontend/src/config/paths';
import { useBrowserSession } from '../fixtures/e2e/browser';
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
});
