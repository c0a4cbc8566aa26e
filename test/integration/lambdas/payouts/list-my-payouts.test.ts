/**
 * `GET /api/payouts?status=` through the payouts Lambda against DynamoDB Local: the caller's own
 * payouts (newest month first, filtered), the four figures from real data, the Connect prompt's
 * flag, a clear 400 for a bad filter, and nothing for anyone but an approved seller.
 */
import { describe, expect, it } from 'vitest';
import { addMonths, monthOf } from '../../../../lambdas/payouts/months';
import { handler } from '../../../../lambdas/payouts/index';
import { PAYOUT_FILTER_MESSAGE } from '../../../../lambdas/payouts/schema';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { SellerPayouts } from '../../../../contract/payouts';
import { SELLER_REQUIRED_MESSAGE } from '../../../../lambdas/shared/auth/access';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { PayoutRunEntity } from '../../../../lambdas/shared/db/entities/payout-run';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import {
  putApprovedSeller,
  putMonthDownloads,
  putPayout,
  setConnectAccount,
} from '../../../fixtures/payouts';
import { putProfile } from '../../../fixtures/profiles';

const list = (sub: string, query?: Record<string, string>) =>
  handler(
    apiEvent({
      path: '/api/payouts',
      claims: idTokenClaims({ sub, email: `${sub}@example.com` }),
      ...(query ? { query } : {}),
    }),
    lambdaContext('payouts'),
  );

const payoutsOf = async (sub: string, query?: Record<string, string>) => {
  const result = await list(sub, query);
  expect(result.statusCode).toBe(200);
  return jsonBody<SellerPayouts>(result);
};

describe('GET /api/payouts', () => {
  it('lists the caller’s payouts newest month first, with the four figures from real data', async () => {
    const seller = await putApprovedSeller({ role: 'both' });
    const other = await putApprovedSeller();
    const now = new Date();
    const thisMonth = monthOf(now);
    const lastMonth = addMonths(thisMonth, -1);
    const [older, newer, pending, failed] = [
      await putPayout({
        seller_id: seller.id,
        month_year: addMonths(thisMonth, -4),
        status: 'completed',
        commission_amount: 1_250,
        processed_at: now.toISOString(),
      }),
      await putPayout({
        seller_id: seller.id,
        month_year: addMonths(thisMonth, -2),
        status: 'completed',
        commission_amount: 2_000,
      }),
      await putPayout({
        seller_id: seller.id,
        month_year: lastMonth,
        status: 'processing',
        commission_amount: 700,
      }),
      await putPayout({
        seller_id: seller.id,
        month_year: addMonths(thisMonth, -3),
        status: 'failed',
        commission_amount: 300,
        failure_reason: 'No such destination',
      }),
    ];
    await putPayout({ seller_id: other.id, month_year: lastMonth, commission_amount: 99_999 });
    // Last month's run: £100 pool over 40 downloads, so a download earned 70 × 100 / 40 = 175p.
    await PayoutRunEntity.create({
      month_year: lastMonth,
      status: 'completed',
      lease_until: now.toISOString(),
      started_at: now.toISOString(),
      completed_at: now.toISOString(),
      pool_amount: 10_000,
      total_downloads: 40,
      payouts_created: 3,
    }).go();
    // This month so far: 3 downloads and a £19.99 sale (70% = 1399.3 → 1399p).
    await putMonthDownloads(seller.id, thisMonth, 3);
    await putOrder(
      templateOrder('buyer-1', { id: 'mvp-1', title: 'Kit', seller_id: seller.id }, 1_999),
    );
    // Total downloads: the seller figures, over all the seller's templates (contract/seller-figures.ts).
    await TemplateEntity.create(templateItem({ seller_id: seller.id, download_count: 12 })).go();
    await TemplateEntity.create(templateItem({ seller_id: seller.id, download_count: 30 })).go();
    await TemplateEntity.create(templateItem({ seller_id: other.id, download_count: 500 })).go();

    const body = await payoutsOf(seller.id);
    expect(body.items.map((item) => item.id)).toEqual([pending.id, newer.id, failed.id, older.id]);
    expect(body.summary).toEqual({
      total_earnings: 3_250,
      pending_payouts: 700,
      this_month_estimate: 3 * 175 + 1_399,
      total_downloads: 42,
      currency: 'gbp',
    });
    expect(body.connected).toBe(false);
    // An allow-list: no e-mail, no Stripe ids.
    expect(Object.keys(body.items[0]!).sort()).toEqual(
      [
        'commission_amount',
        'created_at',
        'currency',
        'failure_reason',
        'gross_amount',
        'id',
        'month_year',
        'platform_fee_deducted',
        'processed_at',
        'seller_id',
        'status',
        'total_downloads',
      ].sort(),
    );
    expect(JSON.stringify(body)).not.toContain('@example.com');
    expect(body.items.find((item) => item.id === failed.id)?.failure_reason).toBe(
      'No such destination',
    );
  });

  it('filters by status: pending includes payouts being transferred', async () => {
    const seller = await putApprovedSeller();
    const rows = {
      pending: await putPayout({ seller_id: seller.id, month_year: '2030-01' }),
      processing: await putPayout({
        seller_id: seller.id,
        month_year: '2030-02',
        status: 'processing',
      }),
      completed: await putPayout({
        seller_id: seller.id,
        month_year: '2030-03',
        status: 'completed',
      }),
      failed: await putPayout({ seller_id: seller.id, month_year: '2030-04', status: 'failed' }),
    };
    const ids = async (status: string) =>
      (await payoutsOf(seller.id, { status })).items.map((item) => item.id);
    expect(await ids('pending')).toEqual([rows.processing.id, rows.pending.id]);
    expect(await ids('completed')).toEqual([rows.completed.id]);
    expect(await ids('failed')).toEqual([rows.failed.id]);
    expect(await ids('all')).toHaveLength(4);
    // The figures do not depend on the filter.
    expect((await payoutsOf(seller.id, { status: 'failed' })).summary.pending_payouts).toBe(2_000);
  });

  it('says whether the seller has a Connect account; an empty history is empty', async () => {
    const seller = await putApprovedSeller();
    const before = await payoutsOf(seller.id);
    expect(before).toMatchObject({
      items: [],
      connected: false,
      summary: {
        total_earnings: 0,
        pending_payouts: 0,
        this_month_estimate: 0,
        total_downloads: 0,
      },
    });
    await setConnectAccount(seller.id, 'acct_test_connected', false);
    expect((await payoutsOf(seller.id)).connected).toBe(true);
  });

  it('answers a bad filter with 400 and the allowed values', async () => {
    const seller = await putApprovedSeller();
    const result = await list(seller.id, { status: 'cancelled' });
    expect(result.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(PAYOUT_FILTER_MESSAGE);
    expect(PAYOUT_FILTER_MESSAGE).toBe('Status must be one of all, pending, completed, failed.');
  });

  it('is for approved sellers only', async () => {
    const buyer = await putProfile({ role: 'buyer' });
    const unapproved = await putProfile({ role: 'seller', is_seller_approved: false });
    await putPayout({ seller_id: unapproved.id, month_year: '2030-05' });
    for (const sub of [buyer.id, unapproved.id]) {
      const result = await list(sub);
      expect(result.statusCode).toBe(403);
      expect(jsonBody<ApiErrorBody>(result).message).toBe(SELLER_REQUIRED_MESSAGE);
    }
    const anonymous = await handler(apiEvent({ path: '/api/payouts' }), lambdaContext('payouts'));
    expect(anonymous.statusCode).toBe(401);
  });
});
