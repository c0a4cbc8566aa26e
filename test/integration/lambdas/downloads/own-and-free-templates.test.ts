/**
 * What a download costs, through the downloads Lambda against DynamoDB Local and s3rver: a seller
 * may not spend a download on their own template (any tier) and nothing is written; a free
 * template spends no quota, yet counts against the daily limit and issues its licence; and the
 * download status's `cost` is the answer the download itself then gives.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/downloads/index';
import type { TemplateItem } from '../../../../lambdas/catalog/repo';
import {
  DOWNLOAD_MESSAGES,
  dailyLimitMessage,
  type DownloadResult,
  type DownloadStatus,
} from '../../../../contract/downloads';
import type { ApiErrorBody } from '../../../../contract/errors';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { LicenseEntity } from '../../../../lambdas/shared/db/entities/license';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import { putProfile, entitlementOf } from '../../../fixtures/profiles';
import { localCloud } from '../../../fixtures/users';

const SELLER = `seller-${randomUUID()}`;
const bundle = zipSync({ 'README.md': strToU8('# Kit\n') });

const withFile = (overrides: Partial<TemplateItem>): TemplateItem =>
  templateWithFile({ seller_id: SELLER, file_size: bundle.length, ...overrides });

const free = withFile({ title: 'Free Kit', access_tier: 'free' });
const secondFree = withFile({ title: 'Second Free Kit', access_tier: 'free' });
const included = withFile({ title: 'Included Kit' });
const sold = withFile({ title: 'Sold Kit', access_tier: 'one_time_sale', price: 29 });

const call = (method: 'GET' | 'POST', path: string, sub: string) =>
  handler(
    apiEvent({ method, path, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) }),
    lambdaContext('downloads'),
  );

const download = (templateId: string, sub: string) =>
  call('POST', `/api/mvps/${templateId}/download`, sub);

const status = async (templateId: string, sub: string) =>
  jsonBody<DownloadStatus>(await call('GET', `/api/mvps/${templateId}/download-status`, sub));

const downloadsOf = async (userId: string) =>
  (await DownloadEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data;

const licensesOf = async (userId: string) =>
  (await LicenseEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data;

const putBuyer = (id: string, remaining: number, extra: Record<string, unknown> = {}) =>
  putProfile({ id, download_quota: 15, downloads_remaining: remaining, ...extra });

beforeAll(async () => {
  const s3 = createS3Client(localCloud().s3Endpoint);
  await putProfile({
    id: SELLER,
    role: 'both',
    is_seller_approved: true,
    download_quota: 15,
    downloads_remaining: 15,
  });
  await Promise.all(
    [free, secondFree, included, sold].flatMap((item) => [
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

describe('a seller and their own template', () => {
  it('refuses every tier with a clear message, and writes nothing', async () => {
    // Even an order of their own template (bought before this rule) opens nothing.
    await putOrder(templateOrder(SELLER, sold, 2_900));
    for (const item of [free, included, sold]) {
      expect((await status(item.id, SELLER)).cost).toBe('own_template');
      const refused = await download(item.id, SELLER);
      expect(refused.statusCode).toBe(403);
      expect(jsonBody<ApiErrorBody>(refused).message).toBe(DOWNLOAD_MESSAGES.ownTemplate);
    }
    expect(await downloadsOf(SELLER)).toEqual([]);
    expect(await licensesOf(SELLER)).toEqual([]);
    expect((await entitlementOf(SELLER)).downloads_remaining).toBe(15);
    const counts = await Promise.all(
      [free, included, sold].map(
        async (item) => (await TemplateEntity.get({ id: item.id }).go()).data,
      ),
    );
    expect(counts.map((item) => item!.download_count)).toEqual([0, 0, 0]);
  });
});

describe('free templates', () => {
  it('spend no quota, even with none left, and issue a free licence', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 0);
    expect((await status(free.id, buyer)).cost).toBe('free_tier');
    const result = await download(free.id, buyer);
    expect(result.statusCode).toBe(200);
    expect(jsonBody<DownloadResult>(result).quotaSpent).toBe(false);
    const after = await entitlementOf(buyer);
    expect(after.downloads_remaining).toBe(0);
    expect(after.downloads_today).toBe(1);
    expect(await licensesOf(buyer)).toMatchObject([{ mvp_id: free.id, source: 'free' }]);
    expect((await TemplateEntity.get({ id: free.id }).go()).data!.download_count).toBeGreaterThan(
      0,
    );
    // Downloading it again this period is free and counts nothing more.
    expect((await status(free.id, buyer)).cost).toBe('free_again');
    expect((await download(free.id, buyer)).statusCode).toBe(200);
    expect((await entitlementOf(buyer)).downloads_today).toBe(1);
  });

  it('still count against the daily limit', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 5, { daily_download_limit: 1 });
    expect((await download(free.id, buyer)).statusCode).toBe(200);
    const limited = await download(secondFree.id, buyer);
    expect(limited.statusCode).toBe(429);
    expect(jsonBody<ApiErrorBody>(limited).message).toBe(dailyLimitMessage(1));
    // A quota download the same day is limited too, and the quota is untouched.
    expect((await download(included.id, buyer)).statusCode).toBe(429);
    expect((await entitlementOf(buyer)).downloads_remaining).toBe(5);
    expect(await licensesOf(buyer)).toHaveLength(1);
  });
});

describe('the download status answers what the download then costs', () => {
  it('agrees with quotaSpent for every kind of template', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, 3);
    await putOrder(templateOrder(buyer, sold, 2_900));
    const expectations: [TemplateItem, DownloadStatus['cost'], boolean][] = [
      [included, 'quota', true],
      [included, 'free_again', false],
      [secondFree, 'free_tier', false],
      [sold, 'owned', false],
    ];
    for (const [item, cost, spent] of expectations) {
      expect((await status(item.id, buyer)).cost).toBe(cost);
      const result = await download(item.id, buyer);
      expect(result.statusCode).toBe(200);
      expect(jsonBody<DownloadResult>(result).quotaSpent).toBe(spent);
    }
    expect((await entitlementOf(buyer)).downloads_remaining).toBe(2);

    const stranger = `buyer-${randomUUID()}`;
    await putBuyer(stranger, 3);
    expect((await status(sold.id, stranger)).cost).toBe('purchase_required');
    expect((await download(sold.id, stranger)).statusCode).toBe(403);
  });
});
