/**
 * The demo buyer's deployment (lib/local/seed/deployment.ts) against the local GitHub and Netlify
 * servers: both connections sealed, a completed deployment made by the product's own steps (a
 * private repository, a published site), and nothing more on the second run.
 */
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
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
  seedDeployment,
} from '../../../lib/local/seed/deployment';
import { putProfile } from '../../fixtures/profiles';
import { seedTemplate } from '../../fixtures/template-items';

const cloud = inject('localCloud');
const github = createLocalGithubControl(cloud.github.apiUrl);
const netlify = createLocalNetlifyControl(cloud.netlify.apiUrl);
const buyerSub = `seed-buyer-${randomUUID()}`;
let first: boolean;
let second: boolean;

beforeAll(async () => {
  const seller = `seed-seller-${randomUUID()}`;
  await putProfile({ id: seller, role: 'seller', is_seller_approved: true });
  await putProfile({ id: buyerSub, role: 'buyer' });
  const template = await seedTemplate(seller, { id: DEMO_DEPLOYED_TEMPLATE_ID });
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

  it('connects GitHub and Netlify with sealed tokens', async () => {
    const { data } = await OAuthTokenEntity.query.byUser({ user_id: buyerSub }).go();
    expect(data.map((item) => item.provider).sort()).toEqual(['github', 'netlify']);
    for (const item of data) expect(item.token_ciphertext).toMatch(/^v1\.local\./);
  });
});
