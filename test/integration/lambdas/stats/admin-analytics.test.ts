/**
 * `GET /api/admin/analytics`: the period's daily series and counts from the Counter day buckets
 * (UTC day boundaries, zero-filled, shards summed, month and `all` buckets left out), against
 * DynamoDB Local; and what a year costs, measured on the requests the handler's client sends.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { handler as downloadsHandler } from '../../../../lambdas/downloads/index';
import type { AdminAnalytics } from '../../../../contract/admin-analytics';
import { SEARCH_DEMAND_DAYS } from '../../../../contract/search-demand';
import { documentClient } from '../../../../lambdas/shared/db/client';
import { SHARDED_COUNTERS } from '../../../../lambdas/shared/db/entities/counter-shard';
import {
  CounterEntity,
  DOWNLOAD_COUNTER_SHARDS,
  type CounterName,
} from '../../../../lambdas/shared/db/entities/counter';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { getAdminAnalytics } from '../../../../lambdas/stats/analytics';
import { handler } from '../../../../lambdas/stats/index';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';
import { localCloud } from '../../../fixtures/users';

/** Adds to one bucket as the writers do (K1: ADD value, shard 0 unless given). */
const add = (name: CounterName, bucket: string, value: number, shard = 0) =>
  CounterEntity.update({ name, bucket, shard }).add({ value }).go();

const DAY_MS = 86_400_000;
const dayOf = (now: Date, offset: number) =>
  new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

const askAsAdmin = async (query?: Record<string, string>) => {
  const admin = await putProfile({ role: 'admin' });
  return handler(
    apiEvent({
      path: '/api/admin/analytics',
      ...(query ? { query } : {}),
      claims: idTokenClaims({ sub: admin.id, email: admin.email }),
    }),
    lambdaContext('stats'),
  );
};

/**
 * Sums what the handlers' client reads (ScannedCount) and the read capacity DynamoDB reports for
 * it, by asking for it on every query.
 */
const readCost = { queries: 0, items: 0, capacity: 0 };
documentClient().middlewareStack.add(
  (next, context) => async (args) => {
    const isQuery = context.commandName === 'QueryCommand';
    if (isQuery)
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
    const result = await next(args);
    if (isQuery) {
      const output = result.output as {
        ScannedCount?: number;
        ConsumedCapacity?: { CapacityUnits?: number };
      };
      readCost.queries += 1;
      readCost.items += output.ScannedCount ?? 0;
      readCost.capacity += output.ConsumedCapacity?.CapacityUnits ?? 0;
    }
    return result;
  },
  { step: 'initialize', name: 'measureAnalyticsReads' },
);

describe('admin analytics', () => {
  it('counts UTC days of the period, zero-filled, shards summed, other buckets left out', async () => {
    // 00:30 UTC on 10 March 2031: today is 2031-03-10 whatever the host's time zone.
    const now = new Date('2031-03-10T00:30:00Z');
    await add('downloads', '2031-03-10', 2, 0);
    await add('downloads', '2031-03-10', 3, 7);
    await add('downloads', '2031-03-04', 1, 9); // the first day of the week
    await add('downloads', '2031-03-03', 50, 1); // the day before it
    await add('downloads', '2031-03-11', 60, 1); // tomorrow (a clock ahead of ours)
    await add('downloads', 'all', 1_000, 4);
    await add('revenue', '2031-03-09', 1_999);
    await add('revenue', '2031-03-10', 500);
    await add('revenue', '2031-03', 99_999); // the month's bucket sorts among the days
    await add('revenue', 'all', 99_999);
    await add('users_new', '2031-03-10', 1);
    await add('users_new', '2031-02-09', 4); // 30 days back: the first day of the window
    await add('users_new', '2031-02-08', 8); // 31 days back: outside it

    const week = await getAdminAnalytics('week', now);
    expect(week).toMatchObject({ period: 'week', from: '2031-03-04', to: '2031-03-10' });
    expect(week.counts).toEqual({ totalRevenue: 2_499, totalDownloads: 6, newUsers: 5 });
    expect(week.trends.downloads).toEqual({
      '2031-03-04': 1,
      '2031-03-05': 0,
      '2031-03-06': 0,
      '2031-03-07': 0,
      '2031-03-08': 0,
      '2031-03-09': 0,
      '2031-03-10': 5,
    });
    expect(Object.keys(week.trends.revenue)).toEqual(Object.keys(week.trends.downloads));
    expect(week.trends.revenue['2031-03-09']).toBe(1_999);
    expect(week.trends.users['2031-03-10']).toBe(1);
    expect(Object.values(week.trends.users).reduce((a, b) => a + b)).toBe(1);

    const day = await getAdminAnalytics('day', now);
    expect(day.trends.downloads).toEqual({ '2031-03-10': 5 });
    expect(day.counts).toEqual({ totalRevenue: 500, totalDownloads: 5, newUsers: 5 });

    // A minute before midnight the day is still the 9th.
    const evening = await getAdminAnalytics('day', new Date('2031-03-09T23:59:00Z'));
    expect(evening.trends.revenue).toEqual({ '2031-03-09': 1_999 });

    const month = await getAdminAnalytics('month', now);
    expect(month).toMatchObject({ from: '2031-02-09', to: '2031-03-10' });
    expect(Object.keys(month.trends.users)).toHaveLength(30);
    expect(month.trends.users['2031-02-09']).toBe(4);
    expect(month.counts).toEqual({ totalRevenue: 2_499, totalDownloads: 56, newUsers: 5 });
  });

  it('answers admins through the route with the month by default, and refuses an unknown period', async () => {
    const today = dayOf(new Date(), 0);
    await add('downloads', today, 4, 2);

    const answer = await askAsAdmin();
    expect(answer.statusCode, answer.body).toBe(200);
    const body = jsonBody<AdminAnalytics>(answer);
    expect(body).toMatchObject({ period: 'month', to: today });
    expect(Object.keys(body.trends.downloads)).toHaveLength(30);
    expect(body.trends.downloads[today]).toBeGreaterThanOrEqual(4);

    const refused = await askAsAdmin({ period: 'decade' });
    expect(refused.statusCode).toBe(400);
    expect(jsonBody<{ message: string }>(refused).message).toBe(
      'period must be one of day, week, month, year.',
    );
  });

  it('follows the real writes: first-sight profiles and downloads count today', async () => {
    const before = await getAdminAnalytics('day', new Date());

    // Two people seen for the first time (their profiles are created, P2); as buyers, refused.
    for (const sub of [`new-${randomUUID()}`, `new-${randomUUID()}`]) {
      const answer = await handler(
        apiEvent({
          path: '/api/admin/analytics',
          claims: idTokenClaims({ sub, email: `${sub}@example.com` }),
        }),
        lambdaContext('stats'),
      );
      expect(answer.statusCode).toBe(403);
    }
    // Three downloads of three templates by one buyer (docs/data-model.md section 4.1: a random shard each).
    const buyer = await putProfile({ download_quota: 15, downloads_remaining: 15 });
    const s3 = createS3Client(localCloud().s3Endpoint);
    for (let index = 0; index < 3; index += 1) {
      const template = templateWithFile({ seller_id: `seller-${randomUUID()}` });
      await s3.send(
        new PutObjectCommand({
          Bucket: process.env.MVP_FILES_BUCKET!,
          Key: template.file_key,
          Body: 'a bundle',
        }),
      );
      await TemplateEntity.create(template).go();
      const answer = await downloadsHandler(
        apiEvent({
          method: 'POST',
          path: `/api/mvps/${template.id}/download`,
          claims: idTokenClaims({ sub: buyer.id, email: buyer.email }),
        }),
        lambdaContext('downloads'),
      );
      expect(answer.statusCode, answer.body).toBe(200);
    }

    const after = await getAdminAnalytics('day', new Date());
    // (A run that crosses midnight UTC starts a new day: nothing to compare then.)
    if (after.to === before.to) {
      expect(after.counts.newUsers - before.counts.newUsers).toBe(2);
      expect(after.counts.totalDownloads - before.counts.totalDownloads).toBe(3);
      expect(after.trends.users[after.to]! - before.trends.users[before.to]!).toBe(2);
    }
  });

  it('reads a bounded number of items for a year, however long the history', async () => {
    const now = new Date('2033-12-31T12:00:00Z');
    const history: { name: CounterName; bucket: string; shard: number; value: number }[] = [];
    // Two full years of every bucket on every shard: the year before the period must not be read.
    for (let offset = -729; offset <= 0; offset += 1) {
      const day = dayOf(now, offset);
      history.push({ name: 'users_new', bucket: day, shard: 0, value: 1 });
      history.push({ name: 'revenue', bucket: day, shard: 0, value: 100 });
      for (let shard = 0; shard < DOWNLOAD_COUNTER_SHARDS; shard += 1) {
        history.push({ name: 'downloads', bucket: day, shard, value: 1 });
      }
    }
    for (let month = 1; month <= 12; month += 1) {
      const bucket = `2033-${String(month).padStart(2, '0')}`;
      history.push({ name: 'revenue', bucket, shard: 0, value: 3_000 });
    }
    await CounterEntity.batchPut(history);

    readCost.queries = 0;
    readCost.items = 0;
    readCost.capacity = 0;
    const year = await getAdminAnalytics('year', now);

    expect(year.from).toBe('2033-01-01');
    expect(Object.keys(year.trends.downloads)).toHaveLength(365);
    expect(year.counts).toEqual({
      totalRevenue: 365 * 100,
      totalDownloads: 365 * DOWNLOAD_COUNTER_SHARDS,
      newUsers: 30,
    });
    // The period's buckets only: 365 days of users and revenue (+ at most the 12 month buckets
    // sorting among them) and 365 × 10 download shards; none of the 4,380 items of the year before.
    expect(readCost.items).toBeGreaterThanOrEqual(365 * 2 + 365 * DOWNLOAD_COUNTER_SHARDS);
    expect(readCost.items).toBeLessThanOrEqual(365 * 2 + 12 + 365 * DOWNLOAD_COUNTER_SHARDS);
    // A handful of 1 MB pages, one query per day of the searches' last 30 days (S2; empty here,
    // half a read unit each), and one per partition of the `downloads` counter's shards (their
    // own partitions since, empty here) for each read of it.
    expect(readCost.queries).toBeLessThanOrEqual(
      6 + SEARCH_DEMAND_DAYS + 2 * SHARDED_COUNTERS.downloads,
    );
    // ≈ 60 read units (eventually consistent, 4 KB per half unit), the cost docs/data-model.md K3 gives.
    expect(readCost.capacity).toBeGreaterThan(0);
    expect(readCost.capacity).toBeLessThanOrEqual(
      100 + SEARCH_DEMAND_DAYS / 2 + SHARDED_COUNTERS.downloads,
    );
  });
});
