/**
 * Downloads through the downloads Lambda's handler against DynamoDB Local and s3rver: the atomic
 * quota transaction under 50 concurrent clicks, every refusal with the product's message, the file
 * behind the presigned URL, the caller's history and the bundle's file listing.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { businessMetrics } from '../../../../contract/design/metrics';
import { metrics } from '../../../../lambdas/shared/observability';
import { handler } from '../../../../lambdas/downloads/index';
import type { TemplateItem } from '../../../../lambdas/catalog/repo';
import {
  DOWNLOAD_MESSAGES,
  dailyLimitMessage,
  type BundleFiles,
  type DownloadResult,
  type DownloadStatus,
  type MyDownloadsPage,
} from '../../../../contract/downloads';
import type { ApiErrorBody } from '../../../../contract/errors';
import { tallyPendingDownloads } from '../../../../lambdas/downloads/tally';
import { counterTotal } from '../../../../lambdas/stats/service';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { NotificationCounterEntity } from '../../../../lambdas/shared/db/entities/notification-counter';
import { INVALID_CURSOR_MESSAGE } from '../../../../lambdas/shared/http/cursor';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem, templateWithFile } from '../../../fixtures/template-fixtures';
import {
  putProfile,
  storedEntitlement,
  setEntitlement,
  entitlementOf,
} from '../../../fixtures/profiles';
import { localCloud } from '../../../fixtures/users';

const SELLER = `seller-${randomUUID()}`;
const bundleFiles = {
  'README.md': strToU8('# Demo\n'),
  'package.json': strToU8('{"name":"demo"}'),
  'src/index.ts': strToU8('export const answer = 42;\n'.repeat(20)),
  'src/lib/': new Uint8Array(0),
};
const bundle = zipSync(bundleFiles);

const withFile = (overrides: Partial<TemplateItem> = {}): TemplateItem =>
  templateWithFile({ seller_id: SELLER, file_size: bundle.length, ...overrides });

const template = withFile({ title: 'Quota Kit' });
/** The concurrency test's own template and seller, so its counts are exact. */
const RUSH_SELLER = `seller-${randomUUID()}`;
const rush = withFile({ title: 'Rush Kit', seller_id: RUSH_SELLER });
/** Ten templates of one seller for the cross-template rush (quota spent once per template). */
const RUSH_MANY_SELLER = `seller-${randomUUID()}`;
const rushMany = Array.from({ length: 10 }, (_, index) =>
  withFile({ title: `Rush Kit ${index + 1}`, seller_id: RUSH_MANY_SELLER }),
);
/** Templates for the daily-limit test and the history test (each download a new template). */
const daily = Array.from({ length: 6 }, (_, index) => withFile({ title: `Daily Kit ${index}` }));
const second = withFile({ title: 'Second Kit' });
const pending = withFile({ title: 'Pending Kit', status: 'pending_review' });
const oneTime = withFile({ title: 'Paid Kit', access_tier: 'one_time_sale', price: 9 });
const notAZip = withFile({ title: 'Broken Kit' });
/** A template whose bundle is gone from storage. */
const noFile = withFile({ title: 'Missing Kit' });

/** A buyer on a monthly quota of 15 with `downloads_remaining` left (and a daily limit if given). */
const putBuyer = (
  id: string,
  fields: { downloads_remaining: number; daily_download_limit?: number },
) => putProfile({ id, download_quota: 15, ...fields });

const claimsOf = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });

const call = (method: 'GET' | 'POST', path: string, sub?: string, query?: Record<string, string>) =>
  handler(
    apiEvent({ method, path, query, claims: sub ? claimsOf(sub) : undefined }),
    lambdaContext('downloads'),
  );

const download = (templateId: string, sub?: string) =>
  call('POST', `/api/mvps/${templateId}/download`, sub);

const remaining = async (id: string) => (await storedEntitlement(id))?.downloads_remaining;

beforeAll(async () => {
  const s3 = createS3Client(localCloud().s3Endpoint);
  const bucket = process.env.MVP_FILES_BUCKET!;
  await Promise.all([
    ...[template, rush, pending, oneTime, ...rushMany, ...daily, second].map((item) =>
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: item.file_key, Body: bundle })),
    ),
    s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: notAZip.file_key, Body: 'plain text, no zip' }),
    ),
    ...[template, rush, pending, oneTime, notAZip, noFile, ...rushMany, ...daily, second].map(
      (item) => TemplateEntity.create(item).go(),
    ),
  ]);
});

describe('POST /api/mvps/{id}/download', () => {
  it('turns 50 concurrent clicks on 10 templates with a quota of 5 into exactly 5 downloads', async () => {
    const buyer = `buyer-${randomUUID()}`;
    const bystander = `bystander-${randomUUID()}`;
    await putBuyer(buyer, { downloads_remaining: 5 });
    await putBuyer(bystander, { downloads_remaining: 3 });
    const before = await Promise.all(
      rushMany.map(
        async (item) => (await TemplateEntity.get({ id: item.id }).go()).data!.download_count,
      ),
    );

    const spy = vi.spyOn(metrics, 'addMetric');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => download(rushMany[index % 10]!.id, buyer)),
    );
    // One Downloads count per link issued, none for a refused click.
    const counted = spy.mock.calls.filter(([name]) => name === businessMetrics.downloads);
    spy.mockRestore();
    expect(counted.reduce((sum, call) => sum + call[2], 0)).toBe(
      results.filter((result) => result.statusCode === 200).length,
    );

    const refused = results.filter((result) => result.statusCode !== 200);
    for (const result of refused) {
      // Over quota, or (rarely, on a loaded machine) a conflict that outlived its retries or a
      // database that answered too slowly; never a half-written click (the rows below say so).
      expect([403, 409, 503]).toContain(result.statusCode);
    }
    const spent = results
      .filter((result) => result.statusCode === 200)
      .map((result) => jsonBody<DownloadResult>(result))
      .filter((body) => body.quotaSpent);
    expect(spent.length).toBeGreaterThan(0);
    expect(spent.length).toBeLessThanOrEqual(5);

    // Five rows on five different templates: a second click on a template of the same period
    // is served again without spending.
    const rows = await DownloadEntity.query.byUser({ user_id: buyer }).go({ pages: 'all' });
    expect(rows.data).toHaveLength(5);
    expect(new Set(rows.data.map((row) => row.mvp_id)).size).toBe(5);
    expect(rows.data.every((row) => row.seller_id === RUSH_MANY_SELLER)).toBe(true);
    expect(await remaining(buyer)).toBe(0);
    // Which refusals said "quota reached" depends on how the race ran (on a loaded machine they
    // may all have been conflicts); once it is over, a click on a template not downloaded says it.
    const downloaded = new Set(rows.data.map((row) => row.mvp_id));
    const other = rushMany.find((item) => !downloaded.has(item.id))!;
    const late = await download(other.id, buyer);
    expect(late.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(late).message).toBe(DOWNLOAD_MESSAGES.quotaReached);
    expect(await remaining(bystander)).toBe(3);
    // The counts a lost race left pending, the schedule applies.
    await tallyPendingDownloads();
    const after = await Promise.all(
      rushMany.map(
        async (item) =>
          (await TemplateEntity.get({ id: item.id }).go({ consistent: true })).data!.download_count,
      ),
    );
    expect(after.reduce((sum, count, index) => sum + count - before[index]!, 0)).toBe(5);

    const notifications = await NotificationEntity.query
      .byUser({ user_id: RUSH_MANY_SELLER })
      .go({ pages: 'all' });
    expect(notifications.data.filter((n) => n.type === 'new_download').length).toBe(5);
    const sellerCounter = await NotificationCounterEntity.get({ user_id: RUSH_MANY_SELLER }).go();
    expect(sellerCounter.data?.unread_count).toBe(5);
  });

  it('spends quota once when one template is clicked 20 times at once, and serves the rest free', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, { downloads_remaining: 5 });
    const before = (await TemplateEntity.get({ id: rush.id }).go()).data!.download_count;

    const results = await Promise.all(Array.from({ length: 20 }, () => download(rush.id, buyer)));

    const ok = results.filter((result) => result.statusCode === 200);
    for (const result of results) expect([200, 409]).toContain(result.statusCode);
    expect(ok.map((r) => jsonBody<DownloadResult>(r).quotaSpent).filter(Boolean)).toHaveLength(1);
    const rows = await DownloadEntity.query.byUser({ user_id: buyer }).go({ pages: 'all' });
    expect(rows.data).toHaveLength(1);
    expect(await remaining(buyer)).toBe(4);
    await tallyPendingDownloads();
    const after = (await TemplateEntity.get({ id: rush.id }).go({ consistent: true })).data!;
    expect(after.download_count).toBe(before + 1);
    expect(await counterTotal('downloads')).toBeGreaterThanOrEqual(6);

    // Downloading again later in the period: the same licence, nothing spent.
    const again = await download(rush.id, buyer);
    expect(again.statusCode).toBe(200);
    const body = jsonBody<DownloadResult>(again);
    expect(body).toMatchObject({
      success: true,
      message: DOWNLOAD_MESSAGES.success,
      fileName: 'rush-kit-1.0.0.zip',
      expiresIn: 300,
      quotaSpent: false,
      licenseId: jsonBody<DownloadResult>(ok[0]!).licenseId,
    });
    expect(body.filePath).toBe(body.url);
    expect(await remaining(buyer)).toBe(4);

    // A new quota period (the monthly reset): the next download spends again.
    await setEntitlement(buyer, { last_quota_reset_at: new Date(Date.now() + 1000).toISOString() });
    const nextPeriod = jsonBody<DownloadResult>(await download(rush.id, buyer));
    expect(nextPeriod.quotaSpent).toBe(true);
    expect(await remaining(buyer)).toBe(3);
  });

  it('hands out a presigned URL that serves the bundle as an attachment', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, { downloads_remaining: 1 });
    const result = await download(template.id, buyer);
    expect(result.statusCode).toBe(200);
    const { url } = jsonBody<DownloadResult>(result);
    expect(url).toContain('X-Amz-Expires=300');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(
      'attachment; filename="quota-kit-1.0.0.zip"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(bundle.length);
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('refuses a spent quota with the product’s message and writes nothing', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, { downloads_remaining: 0 });
    const result = await download(template.id, buyer);
    expect(result.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(
      'You have reached your download quota. Please upgrade your plan.',
    );
    expect((await DownloadEntity.query.byUser({ user_id: buyer }).go()).data).toHaveLength(0);
    expect(await remaining(buyer)).toBe(0);
  });

  it('answers 404 for a template that is not approved, without spending quota', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, { downloads_remaining: 2 });
    const result = await download(pending.id, buyer);
    expect(result.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(
      'MVP not found. It might not exist or is pending approval.',
    );
    const unknown = await download(templateItem().id, buyer);
    expect(unknown.statusCode).toBe(404);
    expect(await remaining(buyer)).toBe(2);
  });

  it('refuses one-time-sale templates the caller has not bought', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, { downloads_remaining: 2 });
    const result = await download(oneTime.id, buyer);
    expect(result.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(DOWNLOAD_MESSAGES.oneTimePurchase);
    expect(await remaining(buyer)).toBe(2);
  });

  it('answers 404 with the product’s message when the caller has no profile', async () => {
    const result = await download(template.id, `ghost-${randomUUID()}`);
    expect(result.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(result).message).toBe('User profile not found.');
  });

  it('needs a signed-in caller', async () => {
    const result = await download(template.id);
    expect(result.statusCode).toBe(401);
  });

  it('rejects a malformed id before anything else', async () => {
    const result = await download('not-an-id', `buyer-${randomUUID()}`);
    expect(result.statusCode).toBe(400);
  });

  it('holds the daily limit under concurrent clicks', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, { downloads_remaining: 10, daily_download_limit: 2 });
    const results = await Promise.all(daily.map((item) => download(item.id, buyer)));
    const statuses = results.map((result) => result.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    const third = await download(template.id, buyer);
    expect(third.statusCode).toBe(429);
    expect(jsonBody<ApiErrorBody>(third).message).toBe(dailyLimitMessage(2));
    expect(await remaining(buyer)).toBe(8);
    const entitlement = await entitlementOf(buyer);
    expect(entitlement.downloads_today).toBe(2);
    expect(entitlement.last_download_date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses sellers their own template, spending nothing and notifying nobody', async () => {
    const seller = `seller-${randomUUID()}`;
    const own = withFile({ seller_id: seller, title: 'Own Kit' });
    await TemplateEntity.create(own).go();
    await createS3Object(own.file_key!);
    await putBuyer(seller, { downloads_remaining: 1 });
    const refused = await download(own.id, seller);
    expect(refused.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(refused).message).toBe(DOWNLOAD_MESSAGES.ownTemplate);
    expect(await remaining(seller)).toBe(1);
    expect((await NotificationCounterEntity.get({ user_id: seller }).go()).data).toBeNull();
  });
});

const createS3Object = (key: string) =>
  createS3Client(localCloud().s3Endpoint).send(
    new PutObjectCommand({ Bucket: process.env.MVP_FILES_BUCKET!, Key: key, Body: bundle }),
  );

describe('GET /api/downloads', () => {
  it("lists only the caller's downloads, newest first, with the template snapshot", async () => {
    const buyer = `buyer-${randomUUID()}`;
    const other = `buyer-${randomUUID()}`;
    await putBuyer(buyer, { downloads_remaining: 2 });
    await putBuyer(other, { downloads_remaining: 1 });
    expect((await download(template.id, buyer)).statusCode).toBe(200);
    expect((await download(template.id, other)).statusCode).toBe(200);
    expect((await download(second.id, buyer)).statusCode).toBe(200);

    const result = await call('GET', '/api/downloads', buyer);
    expect(result.statusCode).toBe(200);
    const page = jsonBody<MyDownloadsPage>(result);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.downloaded_at >= page.items[1]!.downloaded_at).toBe(true);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      mvp_id: second.id,
      month_year: new Date().toISOString().slice(0, 7),
      downloaded_at: expect.any(String),
      mvp: {
        id: second.id,
        title: 'Second Kit',
        slug: second.slug,
        version_number: '1.0.0',
        preview_images: [`/${second.preview_image_keys[0]}`],
      },
    });
    expect(page.cursor).toBeNull();

    const paged = jsonBody<MyDownloadsPage>(
      await call('GET', '/api/downloads', buyer, { limit: '1' }),
    );
    expect(paged.items).toHaveLength(1);
    expect(paged.cursor).not.toBeNull();
    const next = jsonBody<MyDownloadsPage>(
      await call('GET', '/api/downloads', buyer, { limit: '1', cursor: paged.cursor! }),
    );
    expect(next.items[0]!.id).toBe(page.items[1]!.id);

    // Cursors are the caller's own: made-up, empty or another buyer's are a 400, never a 500.
    for (const [cursor, caller] of [
      ['garbage!!', buyer],
      ['e30', buyer],
      [paged.cursor!, `someone-else-${randomUUID()}`],
    ] as const) {
      const refused = await call('GET', '/api/downloads', caller, { limit: '1', cursor });
      expect(refused.statusCode, cursor).toBe(400);
      expect(jsonBody<ApiErrorBody>(refused).message).toBe(INVALID_CURSOR_MESSAGE);
    }

    expect((await call('GET', '/api/downloads')).statusCode).toBe(401);
    expect((await call('GET', '/api/downloads', buyer, { limit: '500' })).statusCode).toBe(400);
  });
});

describe('GET /api/mvps/{id}/download-status', () => {
  it('tells whether the caller downloaded the template and how many downloads are left', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putBuyer(buyer, { downloads_remaining: 2 });
    const before = jsonBody<DownloadStatus>(
      await call('GET', `/api/mvps/${template.id}/download-status`, buyer),
    );
    expect(before).toEqual({
      has_downloaded: false,
      last_downloaded_at: null,
      downloads_remaining: 2,
      download_quota: 15,
      daily_download_limit: null,
      owned: false,
      free_again: false,
      cost: 'quota',
      refunded_at: null,
      disputed_at: null,
      repository_url: null,
    });
    expect((await download(template.id, buyer)).statusCode).toBe(200);
    const after = await expect
      .poll(async () =>
        jsonBody<DownloadStatus>(
          await call('GET', `/api/mvps/${template.id}/download-status`, buyer),
        ),
      )
      .toMatchObject({
        has_downloaded: true,
        downloads_remaining: 1,
        free_again: true,
        cost: 'free_again',
      });
    void after;
  });
});

describe('GET /api/mvps/{id}/files', () => {
  it('lists the files of a bundle without a manifest from its zip directory', async () => {
    const result = await call('GET', `/api/mvps/${template.id}/files`);
    expect(result.statusCode).toBe(200);
    const listing = jsonBody<BundleFiles>(result);
    expect(listing.files).toEqual([
      { path: 'README.md', size: 7, kind: null },
      { path: 'package.json', size: 15, kind: null },
      { path: 'src/index.ts', size: 26 * 20, kind: null },
    ]);
    expect(listing.previewable).toBe(false);
    expect(listing.total_entries).toBe(4);
    expect(listing.truncated).toBe(false);
  });

  it('answers 404 for templates that are not public and 409 for a file that is no zip or gone', async () => {
    expect((await call('GET', `/api/mvps/${pending.id}/files`)).statusCode).toBe(404);
    const broken = await call('GET', `/api/mvps/${notAZip.id}/files`);
    expect(broken.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(broken).message).toBe(DOWNLOAD_MESSAGES.bundleUnreadable);
    const missing = await call('GET', `/api/mvps/${noFile.id}/files`);
    expect(missing.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(missing).message).toBe(DOWNLOAD_MESSAGES.fileMissing);
  });
});
