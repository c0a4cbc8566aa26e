/// <reference lib="dom" />
/**
 * The buyer deployment screens (issue 12), with the deployment API answered by the test
 * (`page.route`, as admin-analytics does): the deployments backend was not yet on this branch.
 * A signed-in buyer completes the GitHub callback, names the repository (normalised as typed),
 * lands on the Netlify callback that polls until deployed, then sees the deployment with its
 * upgrade pull request on the dashboard and the GitHub connection in Settings. Each screen is shot
 * in light and dark mode. The end-to-end deploy against the local GitHub/Netlify servers is
 * test/e2e/deploy.test.ts, once the backend lands.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { screenshot, uniqueEmail } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

const deployment = (status: string) => ({
  id: 'dep-1',
  mvp_id: 'mvp-1',
  repo_name: 'my-app-',
  status,
  error_message: null,
  netlify_site_url: status === 'deployed' ? 'https://my-app.netlify.example' : null,
  github_repo_url: 'https://github.example/buyer/my-app-',
  version: '1.0.0',
  latest_version: '1.1.0',
  upgrade_available: true,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
  mvp: { title: 'SaaS Starter', slug: 'saas-starter' },
});

async function shootBoth(page: Page, url: string, ready: () => Promise<unknown>, name: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((dark) => localStorage.setItem('darkMode', String(dark)), mode === 'dark');
    await page.goto(url);
    await ready();
    await screenshot(page, `${name}-${mode}`);
  }
  await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
}

describe('buyer deployment screens', () => {
  const session = useBrowserSession();

  it('asks signed-out visitors to log in to deploy', async () => {
    const { page } = session;
    await page.goto(`/mvp/${await templateIdByTitle('Agency Site')}`);
    await page.getByTestId('deploy-button').click();
    await page.getByText('Please login to deploy this MVP.').waitFor();
  });

  it('names the repository after the GitHub callback and goes on to Netlify', async () => {
    const { page } = session;
    await signUpAsBuyer(page, uniqueEmail('deploy'), 'deploy-pass');
    await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();

    // A buyer who may not download (no plan, no quota) may not deploy either.
    await page.goto(`/mvp/${await templateIdByTitle('Agency Site')}`);
    await expect.poll(() => page.getByTestId('deploy-button').isDisabled()).toBe(true);

    // Connecting GitHub asks the API for the authorisation URL and goes there.
    let asked: unknown;
    await page.route('**/api/deployments/github/authorize-url', (route) => {
      asked = route.request().postDataJSON();
      return json(route, { url: '/buyer-github-callback' });
    });
    await page.goto('/settings?tab=connections');
    await page.getByRole('button', { name: 'Connect GitHub' }).click();
    await page.waitForURL('**/buyer-github-callback');
    expect(asked).toEqual({});
    await page.getByText('Missing required parameters from GitHub callback.').waitFor();

    await page.route('**/api/deployments/github/callback', (route) =>
      json(route, { success: true, github_username: 'buyer', mvp_id: 'mvp-1' }),
    );
    let created: unknown;
    await page.route('**/api/deployments', (route) => {
      created = route.request().postDataJSON();
      return json(route, {
        deployment_id: 'dep-1',
        github_repo_url: 'https://github.example/buyer/my-app-',
        netlify_auth_url: '/buyer-netlify-callback?code=n-code&state=n-state',
      });
    });
    await page.route('**/api/deployments/netlify/callback', (route) =>
      json(route, { success: true, deployment_id: 'dep-1', netlify_site_url: null }),
    );
    let polls = 0;
    await page.route('**/api/deployments/dep-1', (route) =>
      json(route, deployment(++polls < 2 ? 'processing' : 'deployed')),
    );

    const callback = '/buyer-github-callback?code=g-code&state=g-state';
    const form = page.getByTestId('repo-name-form');
    await shootBoth(page, callback, () => form.waitFor(), 'deploy-repo-name');
    await form
      .getByText('Only lowercase letters, numbers, hyphens, and underscores allowed.')
      .waitFor();
    const create = form.getByRole('button', { name: 'Create Repository' });
    expect(await create.isDisabled()).toBe(true);
    await form.getByLabel('Repository name').fill('My App!');
    expect(await form.getByLabel('Repository name').inputValue()).toBe('my-app-');
    await create.click();
    await page.getByTestId('repo-created').waitFor();
    expect(created).toEqual({ mvp_id: 'mvp-1', repo_name: 'my-app-' });

    // 1.5 s later, the Netlify authorisation (here straight back to the callback), then the poll.
    await page.waitForURL('**/buyer-netlify-callback**');
    await page.getByTestId('deployment-pending').waitFor();
    await screenshot(page, 'deploy-netlify-pending');
    await page.getByTestId('deployment-succeeded').waitFor({ timeout: 12_000 });
    expect(await page.getByTestId('site-url').textContent()).toBe('https://my-app.netlify.example');
    await page.getByRole('link', { name: 'View Your Site' }).waitFor();
    await screenshot(page, 'deploy-netlify-deployed-light');
  });

  it('shows Deployment Failed with the error message', async () => {
    const { page } = session;
    await page.unroute('**/api/deployments/dep-1');
    await page.route('**/api/deployments/dep-1', (route) =>
      json(route, { ...deployment('failed'), error_message: 'Deployment failed: build error' }),
    );
    await shootBoth(
      page,
      '/buyer-netlify-callback?code=n&state=s',
      () => page.getByText('Deployment failed: build error').waitFor(),
      'deploy-netlify-failed',
    );
    await page.getByRole('link', { name: 'Try Again' }).waitFor();
    await page.goto('/buyer-netlify-callback');
    await page.getByText('Missing required parameters from Netlify callback.').waitFor();
  });

  it('lists the deployment on the dashboard and opens the upgrade pull request', async () => {
    const { page } = session;
    await page.route('**/api/my/deployments', (route) =>
      json(route, { items: [deployment('deployed')] }),
    );
    await page.route('**/api/deployments/dep-1/upgrade-pull-request', (route) =>
      json(route, { pull_request_url: 'https://github.example/buyer/my-app-/pull/1' }),
    );
    const card = page.getByTestId('deployments-card');
    await shootBoth(
      page,
      '/dashboard',
      () => card.getByText('Deployed').waitFor(),
      'deploy-dashboard',
    );
    await card.getByRole('button', { name: 'Open upgrade pull request' }).click();
    expect(await card.getByTestId('upgrade-pr-link').getAttribute('href')).toBe(
      'https://github.example/buyer/my-app-/pull/1',
    );
  });

  it('offers Connect GitHub in Settings', async () => {
    const { page } = session;
    await shootBoth(
      page,
      '/settings?tab=connections',
      () => page.getByRole('button', { name: 'Connect GitHub' }).waitFor(),
      'deploy-settings-connections',
    );
  });
});
