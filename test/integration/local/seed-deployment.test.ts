/**
 * The demo buyer's deployment (lib/local/seed/deployment.ts) against the local GitHub and Netlify
 * servers: both connections sealed, a completed deployment made by the product's own steps (a
 * private repository, a published site) shown on `/stories`, and nothing more on the second run;
 * once the buyer's order of the template is recorded, the download and licence the deploy spent.
 */
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { config } from '../../../lambdas/shared/config';
import { DeploymentEntity } from '../../../lambdas/shared/db/entities/deployment';
import { OAuthTokenEntity } from '../../../lambdas/shared/db/entities/oauth-token';
import { putObject } from '../../../lambdas/shared/storage/s3';
import { createLocalGithubControl } from '../../../lib/local/servers/github/control-client';
import { createLocalNetlifyControl } from '../../../lib/local/servers/netlify/control-client';
import {
  DEMO_DEPLOYED_TEMPLATE_ID,
  DEMO_DEPLOYMENT_REPO,
  DEMO_STORY,
  seedDeployment,
  settleDeployment,
} from '../../../lib/local/seed/deployment';
import { listLaunchStories } from '../../../lambdas/deployments/stories';
import { DownloadEntity } from '../../../lambdas/shared/db/entities/download';
import { LicenseEntity } from '../../../lambdas/shared/db/entities/license';
import { putOrder, templateOrder } from '../../fixtures/orders';
import { putProfile, entitlementOf } from '../../fixtures/profiles';
import { seedTemplate } from '../../fixtures/template-items';

const cloud = inject('localCloud');
const github = createLocalGithubControl(cloud.github.apiUrl);
const netlify = createLocalNetlifyControl(cloud.netlify.apiUrl);
const buyerSub = `seed-buyer-${randomUUID()}`;
let first: boolean;
let second: boolean;
let sellerId: string;

beforeAll(async () => {
  const seller = `seed-seller-${randomUUID()}`;
  await putProfile({ id: seller, role: 'seller', is_seller_approved: true });
  await putProfile({ id: buyerSub, role: 'buyer', downloads_remaining: 15, download_quota: 15 });
  const template = await seedTemplate(seller, {
    id: DEMO_DEPLOYED_TEMPLATE_ID,
    access_tier: 'one_time_sale',
    price: 79,
  });
  sellerId = seller;
  await putObject({
    bucket: config().MVP_FILES_BUCKET,
    key: template.file_key!,
    body: zipSync({
      'launchkit/netlify.toml': strToU8('[build]\n  publish = "public"\n'),
      'launchkit/public/index.html': strToU8('<title>LaunchKit SaaS Starter</title>'),
    }),
    contentType: 'application/zip',
  });
  const options = { github, netlify, buyerSub };
  first = await seedDeployment(options);
  second = await seedDeployment(options);
}, 60_000);

describe('seedDeployment', () => {
  it('leaves the demo buyer with one completed deployment, once', async () => {
    expect([first, second]).toEqual([true, false]);
    const { data } = await DeploymentEntity.query.byUser({ user_id: buyerSub }).go();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      status: 'completed',
      repo_name: DEMO_DEPLOYMENT_REPO,
      mvp_id: DEMO_DEPLOYED_TEMPLATE_ID,
    });
    const page = await fetch(data[0]!.netlify_site_url!);
    expect(await page.text()).toContain('LaunchKit SaaS Starter');
  });

  it('shows the launched site on /stories, once', async () => {
    const { data } = await DeploymentEntity.query.byUser({ user_id: buyerSub }).go();
    const stories = (await listLaunchStories()).items.filter((story) => story.id === data[0]!.id);
    expect(stories).toEqual([
      expect.objectContaining({
        title: DEMO_STORY.title,
        description: DEMO_STORY.description,
        site_url: data[0]!.netlify_site_url,
        template: expect.objectContaining({ id: DEMO_DEPLOYED_TEMPLATE_ID }),
      }),
    ]);
  });

  it('spends the deploy’s download once the order is recorded, without quota, and one licence', async () => {
    // Before the purchase is recorded nothing is spent.
    expect(await settleDeployment(buyerSub)).toBe(false);
    const order = templateOrder(
      buyerSub,
      { id: DEMO_DEPLOYED_TEMPLATE_ID, title: 'LaunchKit SaaS Starter', seller_id: sellerId },
      7_900,
    );
    await putOrder(order);
    // The order's licence, as the checkout's webhook issues it with the order (money.ts buys it).
    const orderLicenseId = ulid();
    await LicenseEntity.create({
      id: orderLicenseId,
      user_id: buyerSub,
      licensee_name: 'Demo Buyer',
      mvp_id: DEMO_DEPLOYED_TEMPLATE_ID,
      mvp_title: 'LaunchKit SaaS Starter',
      seller_id: sellerId,
      version_number: '1.0.0',
      licensing_terms: 'standard_commercial',
      source: 'order',
      order_id: order.id,
      issued_at: new Date().toISOString(),
    }).go();
    expect(await settleDeployment(buyerSub)).toBe(true);
    expect(await settleDeployment(buyerSub)).toBe(false);

    const downloads = (await DownloadEntity.query.byUser({ user_id: buyerSub }).go()).data;
    expect(downloads).toEqual([
      expect.objectContaining({ mvp_id: DEMO_DEPLOYED_TEMPLATE_ID, order_id: order.id }),
    ]);
    // The dashboard's licences: LaunchKit once, the order's (the download hands it back).
    const licenses = (await LicenseEntity.query.byUser({ user_id: buyerSub }).go()).data;
    expect(licenses.map((license) => [license.id, license.mvp_id, license.source])).toEqual([
      [orderLicenseId, DEMO_DEPLOYED_TEMPLATE_ID, 'order'],
    ]);
    // A bought template costs no quota.
    expect((await entitlementOf(buyerSub)).downloads_remaining).toBe(15);
  });

  it('connects GitHub and Netlify with sealed tokens', async () => {
    const { data } = await OAuthTokenEntity.query.byUser({ user_id: buyerSub }).go();
    expect(data.map((item) => item.provider).sort()).toEqual(['github', 'netlify']);
    for (const item of data) expect(item.token_ciphertext).toMatch(/^v1\.local\./);
  });
});
