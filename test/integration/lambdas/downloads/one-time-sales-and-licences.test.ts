/**
 * Downloads of bought templates and the licences downloads issue, through the downloads Lambda
 * against DynamoDB Local and s3rver: a completed order lets its buyer download a one-time-sale
 * template any number of times without spending quota, anyone else is refused with nothing
 * written; a download writes its licence in the same transaction (source and plan or order
 * behind it), except that a bought template has one licence however often it is downloaded (the
 * order's), and a refused download writes none.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { strToU8, zipSync } from 'fflate';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/downloads/index';
import type { TemplateItem } from '../../../../lambdas/catalog/repo';
import {
  DOWNLOAD_MESSAGES,
  type DownloadResult,
  type DownloadStatus,
} from '../../../../contract/downloads';
import type { ApiErrorBody } from '../../../../contract/errors';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { LicenseEntity } from '../../../../lambdas/shared/db/entities/license';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { SubscriptionEntity } from '../../../../lambdas/shared/db/entities/subscription';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import { putProfile, entitlementOf } from '../../../fixtures/profiles';
import { subscriptionItem } from '../../../fixtures/subscriptions';
import { localCloud } from '../../../fixtures/users';

const SELLER = `seller-${randomUUID()}`;
const bundle = zipSync({ 'README.md': strToU8('# Kit\n') });

const withFile = (overrides: Partial<TemplateItem>): TemplateItem =>
  templateWithFile({ seller_id: SELLER, file_size: bundle.length, ...overrides });

const paid = withFile({
  title: 'Bought Kit',
  access_tier: 'one_time_sale',
  price: 29,
  licensing_terms: 'premium_commercial',
});
const free = withFile({ title: 'Free Kit', access_tier: 'free' });
const included = withFile({ title: 'Included Kit', version_number: '3.2.1' });
const alsoIncluded = withFile({ title: 'Second Included Kit' });

const claimsOf = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });

const call = (method: 'GET' | 'POST', path: string, sub: string) =>
  handler(apiEvent({ method, path, claims: claimsOf(sub) }), lambdaContext('downloads'));

const download = (templateId: string, sub: string) =>
  call('POST', `/api/mvps/${templateId}/download`, sub);

const status = async (templateId: string, sub: string) =>
  jsonBody<DownloadStatus>(await call('GET', `/api/mvps/${templateId}/download-status`, sub));

const licensesOf = async (userId: string) =>
  (await LicenseEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data;

const downloadsOf = async (userId: string) =>
  (await DownloadEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data;

/** A buyer with a monthly quota of 15, `remaining` of it left. */
const putBuyer = (id: string, remaining: number, extra: Record<string, unknown> = {}) =>
  putProfile({ id, download_quota: 15, downloads_remaining: remaining, ...extra });

beforeAll(async () => {
  const s3 = createS3Client(localCloud().s3Endpoint);
  await Promise.all(
    [paid, free, included, alsoIncluded].flatMap((item) => [
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
});

describe('one-time-sale templates', () => {
  it('lets the buyer of an order download twice without spending quota', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 3, { display_name: 'Grace Hopper' });
    const order = await putOrder(templateOrder(buyer, paid, 2_900));
    const before = await entitlementOf(buyer);

    const first = await download(paid.id, buyer);
    const second = await download(paid.id, buyer);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(jsonBody<DownloadResult>(first).message).toBe(DOWNLOAD_MESSAGES.success);

    const after = await entitlementOf(buyer);
    expect(after.downloads_remaining).toBe(3);
    expect(after.downloads_today).toBe(before.downloads_today);
    expect(after.updated_at).toBe(before.updated_at);
    expect(await downloadsOf(buyer)).toHaveLength(2);

    // An order recorded without its licence: the first download issues it, the second hands it back.
    const licenses = await licensesOf(buyer);
    expect(licenses).toHaveLength(1);
    expect(licenses[0]).toMatchObject({
      source: 'order',
      order_id: order.id,
      mvp_id: paid.id,
      licensee_name: 'Grace Hopper',
      licensing_terms: 'premium_commercial',
    });
    expect(licenses[0]!.plan_type).toBeUndefined();
    expect([first, second].map((result) => jsonBody<DownloadResult>(result).licenseId)).toEqual([
      licenses[0]!.id,
      licenses[0]!.id,
    ]);
    expect(await status(paid.id, buyer)).toMatchObject({ owned: true, downloads_remaining: 3 });
  });

  it('issues one licence when two first downloads of an order without one race', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 3);
    const order = await putOrder(templateOrder(buyer, paid, 2_900));

    const results = await Promise.all([download(paid.id, buyer), download(paid.id, buyer)]);
    expect(results.map((result) => result.statusCode)).toEqual([200, 200]);
    const licenses = await licensesOf(buyer);
    expect(licenses).toHaveLength(1);
    expect(licenses[0]).toMatchObject({ source: 'order', order_id: order.id });
    expect(results.map((result) => jsonBody<DownloadResult>(result).licenseId)).toEqual([
      licenses[0]!.id,
      licenses[0]!.id,
    ]);
    expect(await downloadsOf(buyer)).toHaveLength(2);
    expect((await entitlementOf(buyer)).downloads_remaining).toBe(3);
  });

  it("hands back the order's licence: one licence per purchase, however often downloaded", async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 3);
    const order = await putOrder(templateOrder(buyer, paid, 2_900));
    // As the order's webhook issues it (lambdas/billing/webhook-payments.ts).
    const issued = new Date().toISOString();
    const orderLicense = { id: ulid() };
    await LicenseEntity.create({
      id: orderLicense.id,
      user_id: buyer,
      licensee_name: 'Buyer',
      mvp_id: paid.id,
      mvp_title: paid.title,
      seller_id: paid.seller_id,
      version_number: paid.version_number,
      licensing_terms: 'premium_commercial',
      source: 'order',
      order_id: order.id,
      issued_at: issued,
    }).go();

    const results = [await download(paid.id, buyer), await download(paid.id, buyer)];
    expect(results.map((result) => jsonBody<DownloadResult>(result).licenseId)).toEqual([
      orderLicense.id,
      orderLicense.id,
    ]);
    expect((await licensesOf(buyer)).map((license) => license.id)).toEqual([orderLicense.id]);
    expect(await downloadsOf(buyer)).toHaveLength(2);
  });

  it('refuses anyone without an order (or with a refunded one) and writes nothing', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 3);
    // Another person's order and the caller's own fully refunded one grant nothing.
    await putOrder(templateOrder(`other-${randomUUID()}`, paid, 2_900));
    await putOrder(templateOrder(buyer, paid, 2_900, { amount_refunded: 2_900 }));
    const before = (await TemplateEntity.get({ id: paid.id }).go({ consistent: true })).data!;

    const result = await download(paid.id, buyer);
    expect(result.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(DOWNLOAD_MESSAGES.oneTimePurchase);
    expect(DOWNLOAD_MESSAGES.oneTimePurchase).toContain('Buy it first');

    expect((await entitlementOf(buyer)).downloads_remaining).toBe(3);
    expect(await downloadsOf(buyer)).toEqual([]);
    expect(await licensesOf(buyer)).toEqual([]);
    const afterTemplate = (await TemplateEntity.get({ id: paid.id }).go({ consistent: true }))
      .data!;
    expect(afterTemplate.download_count).toBe(before.download_count);
    expect(await status(paid.id, buyer)).toMatchObject({ owned: false });
  });
});

describe('licences issued by downloads', () => {
  it('writes the licence with the download: subscription source and the active plan', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 2, { username: 'ada' });
    await SubscriptionEntity.create(subscriptionItem(buyer, { plan_type: 'premium' })).go();

    const result = await download(included.id, buyer);
    expect(result.statusCode).toBe(200);
    const { licenseId } = jsonBody<DownloadResult>(result);
    const [row] = await downloadsOf(buyer);
    const license = (await LicenseEntity.get({ id: licenseId }).go()).data;
    expect(license).toMatchObject({
      id: licenseId,
      user_id: buyer,
      licensee_name: 'ada',
      mvp_id: included.id,
      mvp_title: 'Included Kit',
      seller_id: SELLER,
      version_number: '3.2.1',
      licensing_terms: 'standard_commercial',
      source: 'subscription',
      plan_type: 'premium',
      download_id: row!.id,
      issued_at: row!.downloaded_at,
    });
    expect((await entitlementOf(buyer)).downloads_remaining).toBe(1);
  });

  it('names no plan without an active subscription, and marks free templates free', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 2);
    await SubscriptionEntity.create(
      subscriptionItem(buyer, { plan_type: 'pro', status: 'canceled' }),
    ).go();
    expect((await download(included.id, buyer)).statusCode).toBe(200);
    expect((await download(free.id, buyer)).statusCode).toBe(200);
    const bySource = Object.fromEntries(
      (await licensesOf(buyer)).map((license) => [license.mvp_id, license]),
    );
    expect(bySource[included.id]).toMatchObject({ source: 'subscription' });
    expect(bySource[included.id]!.plan_type).toBeUndefined();
    expect(bySource[free.id]).toMatchObject({
      source: 'free',
      licensee_name: `Buyer ${buyer.slice(0, 8)}`,
    });
  });

  it('writes no licence when the download is refused', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 0);
    const result = await download(included.id, buyer);
    expect(result.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(DOWNLOAD_MESSAGES.quotaReached);
    expect(await licensesOf(buyer)).toEqual([]);
    expect(await downloadsOf(buyer)).toEqual([]);
  });

  it('writes no licence when the transaction is cancelled', async () => {
    // Both clicks (two templates) pass the pre-read with one download left; the quota condition
    // lets one commit.
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 1);
    const results = await Promise.all([
      download(included.id, buyer),
      download(alsoIncluded.id, buyer),
    ]);
    expect(results.filter((result) => result.statusCode === 200)).toHaveLength(1);
    expect(await downloadsOf(buyer)).toHaveLength(1);
    expect(await licensesOf(buyer)).toHaveLength(1);
  });
});
