/**
 * Demo data of buyer deploys: the demo buyer has connected GitHub (account `demo-buyer` on the
 * local GitHub server) and Netlify (the local Netlify server's account), and has one completed
 * deployment of LaunchKit SaaS Starter: a private repository with the template's files and a
 * published site, made by the product's own buyer-deploy steps (the same code the state machine
 * runs), so the dashboard, Settings → Connections and MVPs Launched show it working. It is shown
 * on `/stories`, and has what a real deployment of a one-time-sale template has: the buyer's order
 * (money.ts buys it, which issues its licence) and the download the deploy spent
 * (`settleDeployment`), which hands the order's licence back: the buyer sees LaunchKit's once.
 * Idempotent: a buyer who already has a deployment gets no second one.
 */
import type { LocalGithubControl } from '../servers/github/control-client';
import type { LocalNetlifyControl } from '../servers/netlify/control-client';

export const DEMO_BUYER_GITHUB_LOGIN = 'demo-buyer';
/** LaunchKit SaaS Starter (lib/local/seed/templates.ts). */
export const DEMO_DEPLOYED_TEMPLATE_ID = '01JN8EY4M0G8N6D5C8W0GMDTME';
export const DEMO_DEPLOYMENT_REPO = 'launchkit-saas';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo buyer's name for their launched site on `/stories`. */
export const DEMO_STORY = {
  title: 'Dana’s Team Hub',
  description: 'A workspace for small agencies, launched from LaunchKit in a weekend.',
} as const;

/**
 * The deployment shown on `/stories`, through the buyer's own story switch (the product's
 * service), unless it is shown already (a site hidden since is shown again on the next start).
 */
const showDemoStory = async (buyerSub: string, deploymentId: string): Promise<void> => {
  const { getDeployment } = await import('../../../lambdas/deployments/repo');
  const deployment = await getDeployment(deploymentId);
  if (!deployment || deployment.story_shown_at) return;
  const { setDeploymentStory } = await import('../../../lambdas/deployments/stories');
  await setDeploymentStory(buyerSub, deploymentId, { show: true, ...DEMO_STORY });
};

/**
 * What the deploy spent, once the buyer's order of LaunchKit is recorded (the payments' webhooks
 * run after the site is up): the download, through the product's own `spendDownload`, as
 * `startDeployment` spends it (the licence is the order's). A bought template costs no quota. Nothing is
 * spent without the order, or twice.
 */
export const settleDeployment = async (buyerSub: string): Promise<boolean> => {
  const [{ listDeploymentsByUser }, { ownedTemplateOrder }, downloads, { spendDownload }] =
    await Promise.all([
      import('../../../lambdas/deployments/repo'),
      import('../../../lambdas/ledger/service'),
      import('../../../lambdas/downloads/service'),
      import('../../../lambdas/downloads/spend'),
    ]);
  const deployed = (await listDeploymentsByUser(buyerSub)).some(
    (item) => item.mvp_id === DEMO_DEPLOYED_TEMPLATE_ID,
  );
  if (!deployed || !(await ownedTemplateOrder(buyerSub, DEMO_DEPLOYED_TEMPLATE_ID))) return false;
  if (await downloads.hasDownloaded(buyerSub, DEMO_DEPLOYED_TEMPLATE_ID)) return false;
  await spendDownload(buyerSub, DEMO_DEPLOYED_TEMPLATE_ID);
  return true;
};

export const seedDeployment = async (options: {
  github: LocalGithubControl;
  netlify: LocalNetlifyControl;
  buyerSub: string;
}): Promise<boolean> => {
  const repo = await import('../../../lambdas/deployments/repo');
  const existing = await repo.listDeploymentsByUser(options.buyerSub);
  if (existing.length > 0) {
    const launched = existing.find(
      (item) => item.mvp_id === DEMO_DEPLOYED_TEMPLATE_ID && item.status === 'completed',
    );
    if (launched) await showDemoStory(options.buyerSub, launched.id);
    return false;
  }
  const [{ storeToken }, { recordGithubUsername }, { getApprovedTemplateItem }] = await Promise.all(
    [
      import('../../../lambdas/deployments/tokens'),
      import('../../../lambdas/profiles/service'),
      import('../../../lambdas/catalog/service'),
    ],
  );
  const { createRepository } = await import('../../../lambdas/deployments/steps/repository');
  const { createSite } = await import('../../../lambdas/deployments/steps/site');
  const { checkSite } = await import('../../../lambdas/deployments/steps/check');

  // The buyer's two connections, as their OAuth callbacks leave them (sealed tokens).
  await options.github
    .createUser({ login: DEMO_BUYER_GITHUB_LOGIN, name: 'Demo Buyer' })
    .catch(() => undefined);
  const githubToken = await options.github.createToken(DEMO_BUYER_GITHUB_LOGIN, ['repo']);
  await storeToken(options.buyerSub, 'github', githubToken, {
    scope: 'repo',
    accountLogin: DEMO_BUYER_GITHUB_LOGIN,
  });
  await recordGithubUsername(options.buyerSub, DEMO_BUYER_GITHUB_LOGIN);
  const [account] = await options.netlify.accounts();
  if (!account) throw new Error('The local Netlify server has no account.');
  const netlifyToken = await options.netlify.createToken(account.id);
  await storeToken(options.buyerSub, 'netlify', netlifyToken, {
    accountLogin: (account as { slug?: string }).slug ?? 'demo',
  });

  const template = await getApprovedTemplateItem(DEMO_DEPLOYED_TEMPLATE_ID);
  const { recordNewDeployment } = await import('../../../lambdas/deployments/service');
  const id = await recordNewDeployment({
    userId: options.buyerSub,
    template,
    repoName: DEMO_DEPLOYMENT_REPO,
    githubOwner: DEMO_BUYER_GITHUB_LOGIN,
  });
  if (!(await createRepository({ deploymentId: id })).ok) {
    throw new Error('The demo deployment could not create its repository.');
  }
  await repo.transitionDeployment(
    id,
    ['repo_created'],
    { status: 'processing' },
    new Date().toISOString(),
  );
  if (!(await createSite({ deploymentId: id })).ok) {
    throw new Error('The demo deployment could not create its site.');
  }
  for (let poll = 0; poll < 100; poll += 1) {
    const check = await checkSite({ deploymentId: id });
    if (check.done) {
      // The state machine's next step: the buyer told of the advisories LaunchKit already had.
      const { tellDeployerOfKnownFindings } =
        await import('../../../lambdas/security-alerts/known-findings');
      await tellDeployerOfKnownFindings(id);
      await showDemoStory(options.buyerSub, id);
      return true;
    }
    if (!check.ok) throw new Error('The demo deployment failed to build its site.');
    await sleep(200);
  }
  throw new Error('The demo deployment did not finish building its site.');
};
