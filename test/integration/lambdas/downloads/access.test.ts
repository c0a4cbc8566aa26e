/**
 * The one access rule of a template's files (lambdas/downloads/access.ts), through the downloads,
 * catalog and licences Lambdas against DynamoDB Local and s3rver:
 * - a licence whose payment was refunded holds nothing: Download again is refused with the
 *   refund's date (a plan's period and a one-time purchase), the code preview too, the download
 *   status says `refunded` with the date, and the licence says so;
 * - an archived template (its seller closed their account) stays downloadable, for nothing and
 *   with the same licence, by a holder of a valid licence; anyone else gets the same 404 as
 *   before, and the licence names the template without a link;
 * - a paid template's repository is given only to those whose licence covers it (its seller, a
 *   holder), never in the public detail; a free template's stays public.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as downloads } from '../../../../lambdas/downloads/index';
import { handler as catalog } from '../../../../lambdas/catalog/index';
import { handler as licenses } from '../../../../lambdas/licenses/index';
import { templateAccessOf, type AccessFacts } from '../../../../lambdas/downloads/access';
import type { TemplateItem } from '../../../../lambdas/catalog/repo';
import { TEMPLATE_NOT_FOUND_MESSAGE } from '../../../../lambdas/catalog/service';
import type { TemplateDetail } from '../../../../contract/catalog';
import {
  CODE_PREVIEW_MESSAGES,
  refundedDownloadMessage,
  type DownloadResult,
  type DownloadStatus,
} from '../../../../contract/downloads';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { License } from '../../../../contract/licenses';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { LicenseEntity } from '../../../../lambdas/shared/db/entities/license';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { OrderEntity } from '../../../../lambdas/shared/db/entities/order';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import { putProfile, setEntitlement } from '../../../fixtures/profiles';
import { localCloud } from '../../../fixtures/users';

const SELLER = `seller-${randomUUID()}`;
const REPOSITORY = 'https://github.example/acme/kit';
const bundle = zipSync({ 'README.md': strToU8('# Kit\n'), 'src/app.ts': strToU8('export {};\n') });

const withFile = (overrides: Partial<TemplateItem>): TemplateItem =>
  templateWithFile({ seller_id: SELLER, file_size: bundle.length, ...overrides });

const claimsOf = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });

const call = (method: 'GET' | 'POST', path: string, sub: string, query?: Record<string, string>) =>
  downloads(
    apiEvent({ method, path, claims: claimsOf(sub), ...(query && { query }) }),
    lambdaContext('downloads'),
  );
const readFile = (templateId: string, sub: string) =>
  call('GET', `/api/mvps/${templateId}/files/content`, sub, { path: 'src/app.ts' });
const download = (templateId: string, sub: string) =>
  call('POST', `/api/mvps/${templateId}/download`, sub);
const status = async (templateId: string, sub: string) =>
  jsonBody<DownloadStatus>(await call('GET', `/api/mvps/${templateId}/download-status`, sub));
const licenseOf = async (id: string) =>
  jsonBody<License>(
    await licenses(apiEvent({ method: 'GET', path: `/api/licenses/${id}` }), lambdaContext()),
  );
const licensesOf = async (userId: string) =>
  (await LicenseEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data;
const downloadsOf = async (userId: string) =>
  (await DownloadEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data;
const putBuyer = (id: string, remaining = 5) =>
  putProfile({ id, download_quota: 15, downloads_remaining: remaining });

const putTemplates = async (...items: TemplateItem[]) => {
  const s3 = createS3Client(localCloud().s3Endpoint);
  await Promise.all(
    items.flatMap((item) => [
      s3.send(
        new PutObjectCommand({
          Bucket: process.env.MVP_FILES_BUCKET!,
          Key: item.file_key,
          Body: bundle,
        }),
      ),
      TemplateEntity.create(item).go(),
    ]),
  );
};

const archive = (id: string) =>
  TemplateEntity.patch({ id })
    .set({ status: 'archived', updated_at: new Date().toISOString() })
    .go();

const REFUNDED_AT = '2026-11-03T10:00:00.000Z';

describe('the rule itself', () => {
  const facts = (overrides: Partial<AccessFacts>): AccessFacts => ({
    ownTemplate: false,
    admin: false,
    listed: true,
    accessTier: 'subscription',
    owned: false,
    periodGrant: null,
    licenses: [],
    activeSubscription: false,
    fixesDownloadedVersion: false,
    ...overrides,
  });
  const valid = { id: 'L-valid', issuedAt: '2026-10-01T00:00:00.000Z', refundedAt: null };
  const refunded = {
    id: 'L-refunded',
    issuedAt: '2026-11-01T00:00:00.000Z',
    refundedAt: REFUNDED_AT,
  };

  it.each([
    ['a first download under a plan', facts({}), 'quota', false],
    [
      'this period again',
      facts({ periodGrant: { licenseId: 'x', refundedAt: null } }),
      'free_again',
      false,
    ],
    [
      'this period, refunded',
      facts({ periodGrant: { licenseId: 'x', refundedAt: REFUNDED_AT }, licenses: [refunded] }),
      'refunded',
      false,
    ],
    [
      'an unlisted template, held',
      facts({ listed: false, licenses: [valid] }),
      'licence_held',
      true,
    ],
    [
      'an unlisted template, refunded',
      facts({ listed: false, licenses: [refunded] }),
      'refunded',
      false,
    ],
    ['an unlisted template, never held', facts({ listed: false }), null, false],
    ['a one-time sale, owned', facts({ accessTier: 'one_time_sale', owned: true }), 'owned', true],
    [
      'a one-time sale, refunded',
      facts({ accessTier: 'one_time_sale', licenses: [refunded] }),
      'purchase_required',
      false,
    ],
    ['a free template', facts({ accessTier: 'free' }), 'free_tier', true],
    ['its seller', facts({ ownTemplate: true }), 'own_template', true],
  ] as const)('%s', (_name, input, cost, repository) => {
    const access = templateAccessOf(input);
    expect(access.cost).toBe(cost);
    expect(access.repository).toBe(repository);
  });

  it.each([
    [
      'this period, disputed',
      { periodGrant: { licenseId: 'x', refundedAt: null, disputedAt: REFUNDED_AT } },
      'disputed',
    ],
    ['an unlisted template, disputed', { listed: false }, 'disputed'],
    ['a one-time sale, disputed', { accessTier: 'one_time_sale' as const }, 'purchase_required'],
  ] as const)('a chargeback: %s', (_name, overrides, cost) => {
    const disputed = { ...valid, id: 'L-disputed', disputedAt: REFUNDED_AT };
    const access = templateAccessOf(facts({ licenses: [disputed], ...overrides }));
    expect(access).toMatchObject({ cost, disputedAt: REFUNDED_AT, refundedAt: null });
    expect(access.repository).toBe(false);
    expect(access.readFiles).toBe(false);
  });

  it('a won dispute (no dispute date) holds the licence again; a refund outranks a dispute', () => {
    const won = { ...valid, disputedAt: null };
    expect(templateAccessOf(facts({ listed: false, licenses: [won] })).cost).toBe('licence_held');
    const both = { ...refunded, disputedAt: REFUNDED_AT };
    expect(templateAccessOf(facts({ listed: false, licenses: [both] }))).toMatchObject({
      cost: 'refunded',
      disputedAt: null,
    });
  });

  it('reads the files for active subscribers and admins, never on a refunded licence alone', () => {
    expect(templateAccessOf(facts({ activeSubscription: true })).readFiles).toBe(true);
    expect(templateAccessOf(facts({ admin: true })).readFiles).toBe(true);
    expect(templateAccessOf(facts({ licenses: [refunded] })).readFiles).toBe(false);
    expect(templateAccessOf(facts({ licenses: [refunded, valid] })).readFiles).toBe(true);
    expect(templateAccessOf(facts({ licenses: [refunded] })).refundedAt).toBe(REFUNDED_AT);
  });
});

describe('a refund revokes what it paid for', () => {
  const plan = withFile({ title: 'Plan Kit', github_url: REPOSITORY });
  const bought = withFile({
    title: 'Bought Kit',
    access_tier: 'one_time_sale',
    price: 29,
    github_url: REPOSITORY,
  });
  beforeAll(() => putTemplates(plan, bought));

  it("refuses a plan's period download again once its payment was refunded, with the date", async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer);
    const first = await download(plan.id, buyer);
    expect(first.statusCode, first.body).toBe(200);
    const { licenseId } = jsonBody<DownloadResult>(first);
    expect((await status(plan.id, buyer)).repository_url).toBe(REPOSITORY);

    // What the refund's transaction does to the period's licences (billing's webhook).
    await LicenseEntity.patch({ id: licenseId }).set({ refunded_at: REFUNDED_AT }).go();

    const again = await download(plan.id, buyer);
    expect(again.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(again).message).toBe(refundedDownloadMessage(REFUNDED_AT, false));
    expect(jsonBody<ApiErrorBody>(again).message).toContain('3 November 2026');
    expect(await downloadsOf(buyer)).toHaveLength(1);
    expect(await status(plan.id, buyer)).toMatchObject({
      cost: 'refunded',
      refunded_at: REFUNDED_AT,
      repository_url: null,
    });
    const file = await readFile(plan.id, buyer);
    expect(file.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(file).message).toBe(refundedDownloadMessage(REFUNDED_AT, false));
    expect((await licenseOf(licenseId)).refunded_at).toBe(REFUNDED_AT);
  });

  it('refuses a refunded purchase with the date and the way back (buy it again)', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer);
    const order = await putOrder(templateOrder(buyer, bought, 2_900));
    expect((await download(bought.id, buyer)).statusCode).toBe(200);
    const [license] = await licensesOf(buyer);
    // What the full refund's transaction writes: the order refunded, its licence marked.
    await OrderEntity.patch({ id: order.id }).set({ amount_refunded: 2_900 }).go();
    await LicenseEntity.patch({ id: license!.id }).set({ refunded_at: REFUNDED_AT }).go();

    const again = await download(bought.id, buyer);
    expect(again.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(again).message).toBe(refundedDownloadMessage(REFUNDED_AT, true));
    expect(await status(bought.id, buyer)).toMatchObject({
      cost: 'purchase_required',
      owned: false,
      refunded_at: REFUNDED_AT,
      repository_url: null,
    });
  });
});

describe("a seller's closure takes nothing away", () => {
  const kit = withFile({ title: 'Closed Seller Kit', github_url: REPOSITORY });
  beforeAll(() => putTemplates(kit));

  it('serves a holder again for nothing, with the same licence; the licence names it unlinked', async () => {
    const holder = `buyer-${randomUUID()}`;
    const stranger = `buyer-${randomUUID()}`;
    await Promise.all([putBuyer(holder), putBuyer(stranger)]);
    const first = await download(kit.id, holder);
    expect(first.statusCode, first.body).toBe(200);
    const { licenseId } = jsonBody<DownloadResult>(first);
    expect((await licenseOf(licenseId)).mvp_listed).toBe(true);

    await archive(kit.id);
    // A new quota period: still nothing to pay for what is held.
    await setEntitlement(holder, {
      last_quota_reset_at: new Date().toISOString(),
      downloads_remaining: 0,
    });

    const again = await download(kit.id, holder);
    expect(again.statusCode, again.body).toBe(200);
    expect(jsonBody<DownloadResult>(again)).toMatchObject({ licenseId, quotaSpent: false });
    expect(await downloadsOf(holder)).toHaveLength(1);
    expect((await licenseOf(licenseId)).mvp_listed).toBe(false);

    const refused = await download(kit.id, stranger);
    expect(refused.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(refused).message).toBe(TEMPLATE_NOT_FOUND_MESSAGE);
  });
});

describe('the repository of a paid template', () => {
  const paid = withFile({ title: 'Paid Source Kit', github_url: REPOSITORY });
  const free = withFile({ title: 'Free Source Kit', access_tier: 'free', github_url: REPOSITORY });
  beforeAll(() => putTemplates(paid, free));

  const detail = async (id: string) =>
    jsonBody<TemplateDetail>(
      await catalog(apiEvent({ method: 'GET', path: `/api/mvps/${id}` }), lambdaContext('catalog')),
    );

  it('is never in the public detail; a free one is', async () => {
    expect((await detail(paid.id)).github_url).toBeNull();
    expect((await detail(free.id)).github_url).toBe(REPOSITORY);
  });

  it('is given to its seller and a holder, not to a subscriber who holds no licence of it', async () => {
    const subscriber = `buyer-${randomUUID()}`;
    await putProfile({ id: SELLER });
    await putBuyer(subscriber);
    expect((await status(paid.id, subscriber)).repository_url).toBeNull();
    expect(jsonBody<ApiErrorBody>(await readFile(paid.id, subscriber)).message).toBe(
      CODE_PREVIEW_MESSAGES.notEntitled,
    );
    expect((await status(paid.id, SELLER)).repository_url).toBe(REPOSITORY);
    expect((await download(paid.id, subscriber)).statusCode).toBe(200);
    expect((await status(paid.id, subscriber)).repository_url).toBe(REPOSITORY);
    // Holding a licence opens the files too (past the rule: the bundle has no preview manifest).
    expect((await readFile(paid.id, subscriber)).statusCode).not.toBe(403);
  });
});
