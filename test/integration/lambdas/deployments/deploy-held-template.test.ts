/**
 * Deploy of a template that left the catalog (archived by its seller, or when its seller closed
 * their account: both leave it `archived`), through the deployments and downloads Lambdas'
 * handlers against DynamoDB Local, s3rver and the local GitHub server, with the buyer-deploy state
 * machine run in process. The same access rule as Download again (lambdas/downloads/access.ts):
 * a buyer whose licence covers it deploys it, spending nothing more, and gets every file in their
 * repository; a buyer who holds nothing of it is refused in words, spending nothing and writing no
 * deployment.
 */
import { randomUUID } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Deployment, DeploymentList } from '../../../../contract/deployments';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { HttpMethod } from '../../../../contract/routes';
import { TEMPLATE_NOT_FOUND_MESSAGE } from '../../../../lambdas/catalog/service';
import { config } from '../../../../lambdas/shared/config';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { putObject } from '../../../../lambdas/shared/storage/s3';
import { createLocalGithubControl } from '../../../../lib/local/servers/github/control-client';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import { putProfile, storedEntitlement } from '../../../fixtures/profiles';
import { seedTemplate } from '../../../fixtures/template-items';
import { consentOnGithub } from '../../../fixtures/github-consent';

const cloud = inject('localCloud');
const githubControl = createLocalGithubControl(cloud.github.apiUrl);
const { settled } = useLocalWorkflows();

interface Caller {
  sub: string;
  login: string;
  claims: Record<string, string>;
}

const call = async <T>(
  method: HttpMethod,
  path: string,
  caller: Caller,
  body?: unknown,
  lambda = 'deployments',
): Promise<{ status: number; body: T }> => {
  const result = await dispatch(
    apiEvent({ method, path, body, claims: caller.claims }),
    lambdaContext(lambda),
  );
  return {
    status: result.statusCode ?? 0,
    body: result.body ? jsonBody<T>(result) : (undefined as T),
  };
};

/** A buyer with 5 downloads and GitHub connected through the consent round trip. */
const connectedBuyer = async (): Promise<Caller> => {
  const sub = `held-deploy-${randomUUID()}`;
  const login = `held-${randomUUID().slice(0, 8)}`;
  await putProfile({
    id: sub,
    email: `${sub}@example.com`,
    role: 'buyer',
    downloads_remaining: 5,
    download_quota: 5,
  });
  const caller = { sub, login, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
  await githubControl.createUser({ login });
  const started = await call<{ url: string }>(
    'POST',
    '/api/deployments/github/authorize-url',
    caller,
    {},
  );
  const done = await call(
    'POST',
    '/api/deployments/github/callback',
    caller,
    await consentOnGithub(cloud.github.apiUrl, started.body.url, login),
  );
  expect(done.status).toBe(200);
  return caller;
};

const downloadsLeft = async (caller: Caller) =>
  (await storedEntitlement(caller.sub))?.downloads_remaining;

let templateId: string;
let holder: Caller;
let stranger: Caller;

beforeAll(async () => {
  const template = await seedTemplate(`held-seller-${randomUUID()}`, { version_number: '1.0.0' });
  templateId = template.id;
  await putObject({
    bucket: config().MVP_FILES_BUCKET,
    key: template.file_key!,
    body: zipSync({
      'kit/README.md': strToU8('# Kit\n'),
      'kit/public/index.html': strToU8('<!doctype html><h1>Kept</h1>\n'),
    }),
    contentType: 'application/zip',
  });
  [holder, stranger] = await Promise.all([connectedBuyer(), connectedBuyer()]);
  // The holder downloaded it while it was listed: their licence covers it.
  const downloaded = await call(
    'POST',
    `/api/mvps/${templateId}/download`,
    holder,
    undefined,
    'downloads',
  );
  expect(downloaded.status).toBe(200);
  // Then its seller archived it (an account's closure archives its templates the same way).
  await TemplateEntity.patch({ id: templateId })
    .set({ status: 'archived', updated_at: new Date().toISOString() })
    .go();
});

describe('Deploy of a template that left the catalog', () => {
  it('deploys it for a buyer whose licence covers it, spending nothing more', async () => {
    const before = await downloadsLeft(holder);
    const started = await call<{ deployment_id: string }>('POST', '/api/deployments', holder, {
      mvp_id: templateId,
      repo_name: 'kept-kit',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await settled();

    const status = await call<Deployment>(
      'GET',
      `/api/deployments/${started.body.deployment_id}`,
      holder,
    );
    expect(status.body).toMatchObject({ status: 'repo_created', error_message: null });
    const { files } = await githubControl.readFiles(holder.login, 'kept-kit', 'main');
    expect([...files.keys()].sort()).toEqual(['README.md', 'public/index.html']);
    expect(await downloadsLeft(holder)).toBe(before);
  });

  it('refuses a buyer who holds nothing of it, in words, spending and writing nothing', async () => {
    const before = await downloadsLeft(stranger);
    const refused = await call<ApiErrorBody>('POST', '/api/deployments', stranger, {
      mvp_id: templateId,
      repo_name: 'not-mine',
    });
    expect(refused).toEqual({ status: 404, body: { message: TEMPLATE_NOT_FOUND_MESSAGE } });
    expect(await downloadsLeft(stranger)).toBe(before);
    const list = await call<DeploymentList>('GET', '/api/my/deployments', stranger);
    expect(list.body.items).toEqual([]);
  });
});
