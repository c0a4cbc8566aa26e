/**
 * Demo data of the GitHub integration: the demo seller's account `demo-seller` on
 * the local GitHub server with a repository of a few commits, the marketplace's App installed on
 * it, and one of the seller's templates (Digital Downloads Shop) linked to that repository through
 * the product's own link path (webhook and sealed secret included). Nothing is synced here, so the
 * seeded catalog stays as it is: Sync on My MVPs (or a `git push`) makes the next version.
 * Idempotent: a seller who already has an installation is left alone.
 */
import { Octokit } from '@octokit/rest';
import type { LocalGithubControl } from '../servers/github/control-client';

export const DEMO_GITHUB_LOGIN = 'demo-seller';
export const DEMO_GITHUB_REPO = 'digital-downloads-shop';
/** The seeded template the repository is linked to (lib/local/seed/templates.ts). */
export const DEMO_LINKED_TEMPLATE_ID = '01JQPBEWC09XW5J4JYF0XGJ85F';

const COMMITS: readonly (readonly [path: string, content: string, message: string])[] = [
  [
    'index.html',
    '<!doctype html>\n<title>Digital Downloads Shop</title>\n<h1>Digital Downloads Shop</h1>\n',
    'First page',
  ],
  [
    'README.md',
    '# Digital Downloads Shop\n\nSell e-books, presets and files with instant delivery.\n',
    'Add a readme',
  ],
  ['netlify.toml', '[build]\n  publish = "."\n', 'Publish the root on Netlify'],
];

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export const seedGithubLink = async (options: {
  github: { endpoint: string; control: LocalGithubControl };
  sellerSub: string;
}): Promise<boolean> => {
  const { getProfile, recordGithubAppInstallation } =
    await import('../../../lambdas/profiles/service');
  const profile = await getProfile(options.sellerSub);
  if (!profile || profile.github_app_installed) return false;

  const { control, endpoint } = options.github;
  await control.createUser({ login: DEMO_GITHUB_LOGIN, name: 'Demo Seller' });
  const octokit = new Octokit({
    baseUrl: endpoint,
    auth: await control.createToken(DEMO_GITHUB_LOGIN),
    log: silentLog,
  });
  const exists = await octokit.rest.repos
    .get({ owner: DEMO_GITHUB_LOGIN, repo: DEMO_GITHUB_REPO })
    .then(
      () => true,
      () => false,
    );
  if (!exists) {
    await octokit.rest.repos.createForAuthenticatedUser({ name: DEMO_GITHUB_REPO, private: true });
    for (const [path, content, message] of COMMITS) {
      await octokit.rest.repos.createOrUpdateFileContents({
        owner: DEMO_GITHUB_LOGIN,
        repo: DEMO_GITHUB_REPO,
        path,
        message,
        content: Buffer.from(content).toString('base64'),
      });
    }
  }
  const installationId = await control.installApp(DEMO_GITHUB_LOGIN);
  await recordGithubAppInstallation(options.sellerSub, installationId);
  const { linkTemplateRepository } = await import('../../../lambdas/github/service');
  await linkTemplateRepository(profile, DEMO_LINKED_TEMPLATE_ID, {
    owner: DEMO_GITHUB_LOGIN,
    name: DEMO_GITHUB_REPO,
  });
  return true;
};
