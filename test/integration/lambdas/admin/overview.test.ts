/**
 * The admin overview (`GET /api/admin/overview`) through the admin Lambda: the 8 figures from the
 * counters (this file's table is fresh, so they are exactly what is written here: templates
 * through the templates domain's registration write, which moves the `mvps` counter; the other
 * counters as their writers leave them), the oldest 3 pending templates and payouts, the 5 newest
 * users; non-admins refused.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/admin/index';
import { oneMonthBack } from '../../../../lambdas/admin/service';
import type { AdminOverview } from '../../../../contract/admin-overview';
import type { TemplateStatus } from '../../../../contract/catalog';
import { CounterEntity, type CounterName } from '../../../../lambdas/shared/db/entities/counter';
import { createTemplate } from '../../../../lambdas/templates/repo';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putPayout } from '../../../fixtures/payouts';
import { putProfile } from '../../../fixtures/profiles';

const adminId = `admin-${randomUUID()}`;
const sellerId = `seller-${randomUUID()}`;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
const dayOf = (daysAgo: number) => at(daysAgo).slice(0, 10);

const count = (name: CounterName, bucket: string, value: number, shard = 0) =>
  CounterEntity.update({ name, bucket, shard }).add({ value }).go();

const template = async (status: TemplateStatus, updatedDaysAgo = 0) => {
  const item = templateItem({ seller_id: sellerId, status, updated_at: at(updatedDaysAgo) });
  await createTemplate(item, {
    mvp_id: item.id,
    id: ulid(),
    version_number: item.version_number,
    file_key: `mvps/${item.id}/bundle.zip`,
    file_size: 2048,
    source: 'upload',
    uploaded_at: item.created_at,
  });
  return item;
};

const overview = async (callerId = adminId) => {
  const result = await handler(
    apiEvent({
      path: '/api/admin/overview',
      claims: idTokenClaims({ sub: callerId, email: `${callerId}@example.com` }),
    }),
    lambdaContext('admin'),
  );
  return { status: result.statusCode ?? 0, body: jsonBody<AdminOverview>(result) };
};

let pending: { id: string }[] = [];
let newest: { id: string }[] = [];

beforeAll(async () => {
  await putProfile({ id: adminId, role: 'admin', created_at: at(400) });
  await putProfile({
    id: sellerId,
    role: 'seller',
    is_seller_approved: true,
    display_name: 'Overview Seller',
    created_at: at(300),
  });
  newest = [];
  for (const [index, role] of (
    ['buyer', 'seller', 'both', 'buyer', 'admin', 'buyer'] as const
  ).entries()) {
    newest.unshift(await putProfile({ role, created_at: at(10 - index) }));
  }

  // Templates: 2 approved, 4 pending (of three kinds), 1 rejected, 1 archived.
  await template('approved');
  await template('approved');
  const third = await template('pending_review', 1);
  const first = await template('scan_failed', 5);
  const second = await template('ipfs_pin_failed', 3);
  await template('pending_review', 0);
  await template('rejected');
  await template('archived');
  pending = [first, second, third];

  // Users by role (P2/P12 keep these), revenue (B1), downloads (10 shards), ratings.
  await Promise.all([
    count('users', 'buyer', 7),
    count('users', 'seller', 3),
    count('users', 'both', 2),
    count('users', 'admin', 1),
    count('revenue', 'all', 50_000),
    count('revenue', dayOf(0), 1_500),
    count('revenue', dayOf(10), 2_500),
    count('revenue', oneMonthBack(new Date()), 700),
    count('revenue', dayOf(45), 9_000),
    // A month bucket sorts among the days: it must not be counted twice.
    count('revenue', dayOf(0).slice(0, 7), 4_000),
    count('downloads', 'all', 4, 0),
    count('downloads', 'all', 5, 3),
    count('downloads', 'all', 6, 9),
    count('downloads', dayOf(0), 99, 1),
    count('rating_sum', 'all', 23),
    count('rating_count', 'all', 6),
  ]);

  // Pending payouts of four months (and a completed one): the oldest three are listed.
  for (const month of ['2026-03', '2026-01', '2026-02', '2026-04']) {
    await putPayout({
      seller_id: sellerId,
      month_year: month,
      seller_username: 'overview',
      seller_display_name: 'Overview Seller',
    });
  }
  await putPayout({ seller_id: sellerId, month_year: '2025-12', status: 'completed' });
});

describe('GET /api/admin/overview', () => {
  it('reads the 8 figures from the counters', async () => {
    const answer = await overview();
    expect(answer.status).toBe(200);
    expect(answer.body.stats).toEqual({
      totalUsers: 13,
      totalSellers: 5,
      totalMVPs: 7,
      pendingMVPs: 4,
      totalRevenue: 50_000,
      monthlyRevenue: 1_500 + 2_500 + 700,
      totalDownloads: 15,
      averageRating: 3.83,
    });
  });

  it('lists the oldest 3 pending templates and payouts, and the 5 newest users', async () => {
    const { body } = await overview();
    expect(body.pendingMvps.map((item) => item.id)).toEqual(pending.map((item) => item.id));
    expect(body.pendingMvps[0]).toMatchObject({
      status: 'scan_failed',
      seller_id: sellerId,
      sellerEmail: `${sellerId}@example.com`,
      sellerDisplayName: 'Overview Seller',
    });
    expect(body.pendingPayouts.map((item) => item.month_year)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(body.pendingPayouts[0]).toMatchObject({
      seller_id: sellerId,
      status: 'pending',
      commission_amount: 1_000,
      seller_email: `${sellerId}@example.com`,
      seller_display_name: 'Overview Seller',
    });
    expect(body.newestUsers.map((user) => user.id)).toEqual(newest.slice(0, 5).map((u) => u.id));
    expect(body.newestUsers[0]).toMatchObject({ role: 'buyer', is_seller_approved: false });
  });

  it('is for admins only', async () => {
    const buyer = await putProfile({ role: 'buyer', created_at: at(500) });
    expect((await overview(buyer.id)).status).toBe(403);
    expect((await overview(sellerId)).status).toBe(403);
  });
});

describe('oneMonthBack', () => {
  it('is the same day of the previous month, or its last day', () => {
    expect(oneMonthBack(new Date('2026-11-23T10:00:00Z'))).toBe('2026-10-23');
    expect(oneMonthBack(new Date('2026-03-31T10:00:00Z'))).toBe('2026-02-28');
    expect(oneMonthBack(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12-15');
  });
});
