/// <reference lib="dom" />
/**
 * A buyer deploys a template, end to end and offline (issue 12): a new buyer with quota presses
 * Deploy on a demo template, authorises the local GitHub server (brought back through
 * /buyer-github-callback), names the repository, and 1.5 s after the private repository holds the
 * template's files is sent to the local Netlify server's authorisation; /buyer-netlify-callback
 * polls the deployment until the site is published, and View Your Site opens the template's
 * landing page served from that site. Then the seller's new version appears as an upgrade on the
 * dashboard, and "Open upgrade pull request" opens a pull request whose changed file is the page.
 */
import { Octokit } from '@octokit/rest';
import { zipSync, strToU8 } from 'fflate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createLocalGithubControl } from '../../lib/local/github/control-client';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { screenshot, uniqueEmail } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const endpoint = inject('e2eGithubEndpoint');
const control = createLocalGithubControl(endpoint);
const login = `buyer-${Date.now().toString(36)}`;
const TEMPLATE = 'Waitlist Engine';

/** The stack's handlers' modules, configured for its table and buckets (as payout-run.ts does). */
const stackModules = async () => {
  const { applyLambdaEnvironment } = await import('../../lib/local/lambda-env');
  applyLambdaEnvironment(inject('e2eStackEnv'));
  const [{ ProfileEntity }, { MvpEntity }, { MvpVersionEntity }, { putObject }, { config }] =
    await Promise.all([
      import('../../lambdas/shared/db/entities/profile'),
      import('../../lambdas/shared/db/entities/mvp'),
      import('../../lambdas/shared/db/entities/mvp-version'),
      import('../../lambdas/shared/storage/s3'),
      import('../../lambdas/shared/config'),
    ]);
  return { ProfileEntity, MvpEntity, MvpVersionEntity, putObject, config };
};

describe('deploying a template', () => {
  const session = useBrowserSession();
  let mvpId: string;
  let deploymentRepo: string;

  beforeAll(async () => {
    await control.createUser({ login });
    mvpId = await templateIdByTitle(TEMPLATE);
    const { page } = session;
    await signUpAsBuyer(page, uniqueEmail('deployer'), 'Deploy-1234');
    await page.waitForURL('**/mvps');
    const me = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : null;
      const response = await fetch('/api/me', { headers: { authorization: `Bearer ${token}` } });
      return (await response.json()) as { id: string };
    });
    const { ProfileEntity } = await stackModules();
    await ProfileEntity.patch({ id: me.id })
      .set({ downloads_remaining: 3, download_quota: 3 })
      .go();
  });

  it('creates the repository, publishes the site and shows it', async () => {
    const { page } = session;
    await page.goto(`/mvp/${mvpId}`);
    await page.getByTestId('deploy-button').click();

    // The local GitHub server's consent page, as the buyer's GitHub user.
    await page.waitForURL(`${endpoint}/login/oauth/authorize**`);
    await page.getByLabel('Local GitHub user').fill(login);
    await page.getByRole('button', { name: 'Authorize' }).click();

    await page.waitForURL('**/buyer-github-callback**');
    const form = page.getByTestId('repo-name-form');
    await form.waitFor();
    const name = form.getByLabel('Repository name');
    await name.fill('My Waitlist');
    deploymentRepo = 'my-waitlist';
    expect(await name.inputValue()).toBe(deploymentRepo);
    await screenshot(page, 'deploy-repository-name');
    await form.getByRole('button', { name: 'Create Repository' }).click();

    await page.getByTestId('repo-created').waitFor({ timeout: 30_000 });
    await screenshot(page, 'deploy-repository-created');

    // 1.5 s later: Netlify's consent page on the local Netlify server.
    await page.waitForURL('**/authorize?**');
    await page.getByRole('button', { name: 'Authorize' }).click();

    await page.waitForURL('**/buyer-netlify-callback**');
    const view = page.getByRole('link', { name: 'View Your Site' });
    await view.waitFor({ timeout: 30_000 });
    await screenshot(page, 'deploy-netlify-deployed');
    const siteUrl = await view.getAttribute('href');
    expect(siteUrl).toMatch(/^http:\/\/localhost:\d+\/sites\/my-waitlist-/);

    const site = await page.context().newPage();
    await site.goto(siteUrl!);
    await expect.poll(() => site.title()).toContain('Waitlist Engine');
    await screenshot(site, 'deploy-site');
    await site.close();

    // Settings → Connections: both connected, as whom.
    await page.goto('/settings?tab=connections');
    await page.getByTestId('connection-github').getByText(`Connected as ${login}`).waitFor();
    await page
      .getByTestId('connection-netlify')
      .getByText(/^Connected/)
      .waitFor();
    await screenshot(page, 'deploy-settings-connections');

    const octokit = new Octokit({ baseUrl: endpoint, auth: await control.createToken(login) });
    const { data: repo } = await octokit.rest.repos.get({ owner: login, repo: deploymentRepo });
    expect(repo.private).toBe(true);
  });

  it('lists the deployment and opens an upgrade pull request for a new version', async () => {
    const { page } = session;
    const { MvpEntity, MvpVersionEntity, putObject, config } = await stackModules();
    const { data: mvp } = await MvpEntity.get({ id: mvpId }).go();
    const version = `${mvp!.version_number.split('.')[0]}.${Number(mvp!.version_number.split('.')[1]) + 1}.0`;
    const fileKey = `mvps/${mvp!.seller_id}/e2e-${Date.now()}/bundle.zip`;
    await putObject({
      bucket: config().MVP_FILES_BUCKET,
      key: fileKey,
      body: zipSync({
        'waitlist/netlify.toml': strToU8('[build]\n  publish = "public"\n'),
        'waitlist/public/index.html': strToU8('<!doctype html><title>Waitlist Engine</title>v2\n'),
      }),
      contentType: 'application/zip',
    });
    await MvpVersionEntity.create({
      mvp_id: mvpId,
      id: `01${Date.now().toString(36).toUpperCase().padStart(24, '0')}`,
      version_number: version,
      changelog: 'A refreshed landing page.',
      file_key: fileKey,
      file_size: 200,
      source: 'upload',
      uploaded_at: new Date().toISOString(),
    }).go();
    await MvpEntity.patch({ id: mvpId }).set({ version_number: version, file_key: fileKey }).go();

    try {
      await page.goto('/dashboard');
      const card = page.getByTestId('deployment-row').filter({ hasText: TEMPLATE });
      await card.waitFor();
      await card.getByRole('button', { name: 'Open upgrade pull request' }).click();
      const link = card.getByRole('link', { name: /pull request/i });
      await link.waitFor();
      await screenshot(page, 'deploy-dashboard-upgrade');

      const octokit = new Octokit({ baseUrl: endpoint, auth: await control.createToken(login) });
      const { data: pulls } = await octokit.rest.pulls.list({ owner: login, repo: deploymentRepo });
      expect(pulls).toHaveLength(1);
      expect(pulls[0]!.body).toContain('A refreshed landing page.');
      const { data: files } = await octokit.rest.pulls.listFiles({
        owner: login,
        repo: deploymentRepo,
        pull_number: pulls[0]!.number,
      });
      expect(files.map((file) => file.filename)).toContain('public/index.html');
    } finally {
      // The shared stack's other files see the template as seeded.
      await MvpEntity.patch({ id: mvpId })
        .set({ version_number: mvp!.version_number, file_key: mvp!.file_key! })
        .go();
    }
  });
});
