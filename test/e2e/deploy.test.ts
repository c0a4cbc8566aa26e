/// <reference lib="dom" />
/**
 * A buyer deploys a template, end to end and offline: a new buyer with quota presses
 * Deploy on Digital Downloads Shop, authorises the local GitHub server (brought back through
 * /buyer-github-callback), names the repository, and 1.5 s after the private repository holds the
 * template's files is sent to the local Netlify server's authorisation; /buyer-netlify-callback
 * polls the deployment until the site is published and its address answers the built page (the
 * template page said beforehand that it deploys as a site, and how), and View Your Site opens the template's
 * landing page served from that site. Then the seller publishes a new version the way the demo
 * seller does, a commit pushed to the template's linked repository (synced, scanned, approved),
 * the buyer's dashboard offers the upgrade, and "Open upgrade pull request" opens a pull request
 * in the buyer's repository that carries the changelog and the changed file. Last, a new copy
 * whose tab is closed before Netlify's Authorize: the dashboard offers Continue, which goes to
 * Netlify's authorisation and on to the site, with the same repository.
 */
import { Octokit } from '@octokit/rest';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEPLOY_CONTINUE_MESSAGES, DEPLOY_MESSAGES } from '../../contract/deployments';
import { createLocalGithubControl } from '../../lib/local/servers/github/control-client';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { giveDownloads } from '../fixtures/e2e/entitlements';
import { signUpAsBuyer } from '../fixtures/e2e/sign-in';
import { screenshot, uniqueEmail } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const endpoint = inject('e2eGithubEndpoint');
const control = createLocalGithubControl(endpoint);
const login = `buyer-${Date.now().toString(36)}`;
const TEMPLATE = 'Digital Downloads Shop';

describe('deploy signed out', () => {
  const session = useBrowserSession();

  it('asks to log in first', async () => {
    const { page } = session;
    await page.goto(`/mvp/${await templateIdByTitle(TEMPLATE)}`);
    await page.getByTestId('deploy-button').click();
    await page.getByTestId('deploy-login').getByText(DEPLOY_MESSAGES.loginRequired).waitFor();
  });
});

describe('deploying a template', () => {
  const session = useBrowserSession();
  let templateId: string;
  let deploymentRepo: string;
  let buyerId: string;

  beforeAll(async () => {
    await control.createUser({ login });
    templateId = await templateIdByTitle(TEMPLATE);
    const { page } = session;
    await signUpAsBuyer(page, uniqueEmail('deployer'), 'Deploy-1234');
    await page.waitForURL('**/welcome');
    // A new account has no entitlement item yet (the free plan's defaults): give it three.
    buyerId = await giveDownloads(page, 3);
  });

  it('says what went wrong when a provider sends the buyer back without a code', async () => {
    const { page } = session;
    await page.goto('/buyer-github-callback?error=access_denied');
    const github = page.getByTestId('deploy-github-failed');
    await github.getByText(DEPLOY_MESSAGES.githubMissingParameters).waitFor();
    await page.getByRole('link', { name: 'Try Again' }).waitFor();
    await screenshot(page, 'deploy-github-callback-failed');
    await page.goto('/buyer-netlify-callback?error=access_denied');
    await page.getByText('Deployment Failed').waitFor();
    await page.getByText(DEPLOY_MESSAGES.netlifyMissingParameters).waitFor();
    await page.getByRole('link', { name: 'Try Again' }).waitFor();
    await screenshot(page, 'deploy-netlify-callback-failed');
  });

  it('creates the repository, publishes the site and shows it', async () => {
    const { page } = session;
    await page.goto(`/mvp/${templateId}`);
    // Before anything is spent, the page says what the deploy makes: a site on Netlify.
    await page
      .getByTestId('deploy-outcome-note')
      .getByText(/^Deploys as a .*site on Netlify$/)
      .waitFor();
    await page.getByTestId('deploy-button').click();

    // The local GitHub server's consent page, as the buyer's GitHub user.
    await page.waitForURL(`${endpoint}/login/oauth/authorize**`);
    await page.getByLabel('Local GitHub user').fill(login);
    await page.getByRole('button', { name: 'Authorize' }).click();

    await page.waitForURL('**/buyer-github-callback**');
    const form = page.getByTestId('repo-name-form');
    await form.waitFor();
    const name = form.getByLabel('Repository name');
    await name.fill('My Shop');
    deploymentRepo = 'my-shop';
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
    // Said only once the site's address answered the built page.
    await page
      .getByTestId('deployment-succeeded')
      .getByText(/^Your site is live!/)
      .waitFor();
    await screenshot(page, 'deploy-netlify-deployed');
    const siteUrl = await view.getAttribute('href');
    expect(siteUrl).toMatch(/^http:\/\/localhost:\d+\/sites\/my-shop-/);

    const site = await page.context().newPage();
    await site.goto(siteUrl!);
    await expect.poll(() => site.title()).toContain(TEMPLATE);
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

    // With GitHub connected, Deploy opens a dialog right on the template page, whose code comes
    // when the button is reached: the buyer's deployment of this template first (Open site, Deploy
    // a new copy), then the repository name, one the buyer has not used yet; Cancel closes it.
    await page.goto(`/mvp/${templateId}`);
    await page.getByTestId('deploy-button').click();
    const offer = page.getByRole('dialog').getByTestId('existing-deployment');
    await offer.getByText(DEPLOY_CONTINUE_MESSAGES.alreadyDeployed(deploymentRepo)).waitFor();
    expect(await offer.getByRole('link', { name: 'Open site' }).getAttribute('href')).toBe(siteUrl);
    expect(await offer.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await screenshot(page, 'deploy-dialog-existing');
    await offer.getByRole('button', { name: 'Deploy a new copy' }).click();
    const dialogForm = page.getByRole('dialog').getByTestId('repo-name-form');
    await dialogForm.waitFor();
    await page
      .getByRole('dialog')
      .getByTestId('deploy-outcome')
      .getByText('Publishes: public')
      .waitFor();
    const suggested = await dialogForm.getByLabel('Repository name').inputValue();
    expect(suggested).not.toBe('');
    expect(suggested).not.toBe(deploymentRepo);
    await screenshot(page, 'deploy-dialog');
    await dialogForm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const octokit = new Octokit({ baseUrl: endpoint, auth: await control.createToken(login) });
    const { data: repo } = await octokit.rest.repos.get({ owner: login, repo: deploymentRepo });
    expect(repo.private).toBe(true);
  });

  it('offers the seller’s next version as an upgrade pull request', async () => {
    const { page } = session;
    // The demo seller pushes to the template's linked repository: sync, scan, approve.
    const seller = new Octokit({
      baseUrl: endpoint,
      auth: await control.createToken('demo-seller'),
    });
    const message = `Add a pricing page ${Date.now().toString(36)}`;
    await seller.rest.repos.createOrUpdateFileContents({
      owner: 'demo-seller',
      repo: 'digital-downloads-shop',
      path: 'pricing.html',
      message,
      content: Buffer.from('<h1>Pricing</h1>\n').toString('base64'),
    });

    await page.goto('/dashboard');
    const row = page.getByTestId('deployment-row').filter({ hasText: TEMPLATE });
    const open = row.getByRole('button', { name: 'Open upgrade pull request' });
    await expect
      .poll(
        async () => {
          if (await open.isVisible()) return true;
          await page.reload();
          await row.waitFor();
          return open.isVisible();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    await open.click();
    const link = row.getByTestId('upgrade-pr-link');
    await link.waitFor({ timeout: 30_000 });
    await screenshot(page, 'deploy-dashboard-upgrade');

    const octokit = new Octokit({ baseUrl: endpoint, auth: await control.createToken(login) });
    const { data: pulls } = await octokit.rest.pulls.list({ owner: login, repo: deploymentRepo });
    expect(pulls).toHaveLength(1);
    expect(pulls[0]!.html_url).toBe(await link.getAttribute('href'));
    expect(pulls[0]!.body).toContain(message);
    const { data: files } = await octokit.rest.pulls.listFiles({
      owner: login,
      repo: deploymentRepo,
      pull_number: pulls[0]!.number,
    });
    expect(files.map((file) => file.filename)).toContain('pricing.html');
  });
  it('continues a deploy whose tab was closed before Netlify’s Authorize, from the dashboard', async () => {
    const { context } = session;
    const tab = await context.newPage();
    await tab.goto(`/mvp/${templateId}`);
    await tab.getByTestId('deploy-button').click();
    await tab
      .getByRole('dialog')
      .getByTestId('existing-deployment')
      .getByRole('button', { name: 'Deploy a new copy' })
      .click();
    const form = tab.getByRole('dialog').getByTestId('repo-name-form');
    await form.getByLabel('Repository name').fill('second-shop');
    await form.getByRole('button', { name: 'Create Repository' }).click();
    await tab.getByTestId('repo-created').waitFor({ timeout: 30_000 });
    // Netlify's consent page is there: the buyer closes the tab instead of authorising.
    await tab.waitForURL('**/authorize?**');
    await tab.close();

    const page = await context.newPage();
    await page.goto('/dashboard');
    const row = page.getByTestId('deployment-row').filter({ hasText: '(second-shop)' });
    await row.getByText(DEPLOY_CONTINUE_MESSAGES.authorizeNetlify).waitFor();
    const resume = row.getByRole('button', { name: 'Continue' });
    await resume.waitFor();
    // Only the stopped deployment offers it.
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(1);
    await screenshot(page, 'deploy-dashboard-continue');
    await resume.click();

    await page.waitForURL('**/authorize?**');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/buyer-netlify-callback**');
    const view = page.getByRole('link', { name: 'View Your Site' });
    await view.waitFor({ timeout: 30_000 });
    const siteUrl = await view.getAttribute('href');
    expect(siteUrl).toMatch(/^http:\/\/localhost:\d+\/sites\/second-shop-/);
    const site = await context.newPage();
    await site.goto(siteUrl!);
    await expect.poll(() => site.title()).toContain(TEMPLATE);
    await site.close();

    // The same repository all along, and nothing left to continue.
    const octokit = new Octokit({ baseUrl: endpoint, auth: await control.createToken(login) });
    const { data: user } = await octokit.rest.users.getAuthenticated();
    expect((user as { owned_private_repos?: number }).owned_private_repos).toBe(2);
    await page.goto('/dashboard');
    await page
      .getByTestId('deployment-row')
      .filter({ hasText: '(second-shop)' })
      .getByText('Completed')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await page.close();
  });

  it("shows a failed build's reason and the end of Netlify's log on the dashboard", async () => {
    // A deployment as CheckSite records a build Netlify could not run (its packages could not be
    // installed): the reason, and the log's last lines.
    const { DeploymentEntity } = await import('../../lambdas/shared/db/entities/deployment');
    const now = new Date().toISOString();
    await DeploymentEntity.create({
      id: `01${Date.now().toString(36).toUpperCase().padStart(24, '0')}`,
      user_id: buyerId,
      mvp_id: templateId,
      repo_name: 'next-shop',
      github_repo_url: `${endpoint}/${login}/next-shop`,
      status: 'failed',
      error_message: `${DEPLOY_MESSAGES.siteFailed}: Could not install dependencies without network access: next@15.0.3`,
      build_log_tail: [
        '22:41:07 Cloning http://localhost/buyer/next-shop.git (branch main)',
        '22:41:08 Read netlify.toml',
        '22:41:08 Installing dependencies: npm ci --offline --no-audit --no-fund',
        '22:41:10 npm error code ENOTCACHED',
        "22:41:10 npm error request to https://registry.npmjs.org/next/-/next-15.0.3.tgz failed: cache mode is 'only-if-cached' but no cached response is available.",
        '22:41:10 Could not install dependencies without network access: next@15.0.3',
      ].join('\n'),
      mvp_title: TEMPLATE,
      mvp_slug: 'digital-downloads-shop',
      created_at: now,
      updated_at: now,
    }).go();
    const { page } = session;
    await page.goto('/dashboard');
    const row = page.getByTestId('deployment-row').filter({ hasText: '(next-shop)' });
    await row
      .getByTestId('deployment-error')
      .getByText(/without network access: next@15\.0\.3$/)
      .waitFor();
    await row.getByText("The end of Netlify's build log").click();
    await row
      .getByTestId('build-log-tail')
      .getByText(/ENOTCACHED/)
      .waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'deploy-dashboard-build-failed');
  });
});
