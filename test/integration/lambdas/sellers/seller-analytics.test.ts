/**
 * `GET /api/my/analytics` and its CSV export through the sellers Lambda against DynamoDB Local:
 * only the caller's own templates, each month's downloads, sales, earnings (the payout's shares
 * spread over the templates) and ratings summed from the rows the marketplace records.
 */
import { describe, expect, it } from 'vitest';
import { addMonths, monthOf } from '../../../../lambdas/payouts/months';
import { handler } from '../../../../lambdas/sellers/index';
import type { SellerAnalytics } from '../../../../contract/seller-analytics';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { ReviewEntity } from '../../../../lambdas/shared/db/entities/review';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import { monthDownloadItems, putApprovedSeller, putPayout } from '../../../fixtures/payouts';
import { putProfile } from '../../../fixtures/profiles';

const call = (sub: string, path = '/api/my/analytics') =>
  handler(
    apiEvent({ path, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) }),
    lambdaContext('sellers'),
  );

const review = (templateId: string, userId: string, rating: number, createdAt: string) =>
  ReviewEntity.create({
    mvp_id: templateId,
    user_id: userId,
    id: `${templateId}-${userId}`,
    rating,
    is_verified_buyer: true,
    created_at: createdAt,
    updated_at: createdAt,
  }).go();

describe('GET /api/my/analytics', () => {
  it('sums the caller’s own templates per month and never shows another seller’s', async () => {
    const seller = await putApprovedSeller();
    const other = await putApprovedSeller();
    const thisMonth = monthOf(new Date());
    const lastMonth = addMonths(thisMonth, -1);
    const kit = templateItem({ seller_id: seller.id, title: 'Kit' });
    const shop = templateItem({ seller_id: seller.id, title: 'Shop' });
    const theirs = templateItem({ seller_id: other.id, title: 'Not yours' });
    // Archived: shown while the window holds a sale of it; a quiet archived one is not.
    const old = templateItem({ seller_id: seller.id, title: 'Old Kit', status: 'archived' });
    const quiet = templateItem({ seller_id: seller.id, title: 'Quiet', status: 'archived' });
    for (const item of [kit, shop, theirs, old, quiet]) await TemplateEntity.create(item).go();
    await putOrder(templateOrder('buyer-e', { ...old, seller_id: seller.id }, 100));

    // Last month: Kit 3 quota downloads, Shop 1, plus one download of a bought Kit.
    await DownloadEntity.batchPut([
      ...monthDownloadItems(seller.id, lastMonth, 3, { mvpId: kit.id }),
      ...monthDownloadItems(seller.id, lastMonth, 1, { mvpId: shop.id, firstBuyer: 10 }),
      ...monthDownloadItems(seller.id, lastMonth, 1, { mvpId: kit.id, firstBuyer: 20 }).map(
        (item) => ({ ...item, order_id: 'cs_bought' }),
      ),
      ...monthDownloadItems(other.id, lastMonth, 7, { mvpId: theirs.id, firstBuyer: 30 }),
    ]);
    const lastMonthAt = `${lastMonth}-10T12:00:00.000Z`;
    // Kit sold twice last month (£10 and £20, £5 of the second refunded), Shop once this month.
    await putOrder(
      templateOrder('buyer-a', { ...kit, seller_id: seller.id }, 1_000, {
        created_at: lastMonthAt,
      }),
    );
    await putOrder(
      templateOrder('buyer-b', { ...kit, seller_id: seller.id }, 2_000, {
        created_at: lastMonthAt,
        amount_refunded: 500,
      }),
    );
    await putOrder(templateOrder('buyer-c', { ...shop, seller_id: seller.id }, 999));
    await putOrder(templateOrder('buyer-d', { ...theirs, seller_id: other.id }, 50_000));
    // Last month's payout: a pool share of 401p (split 3:1 by quota downloads) and 70% of £25.
    await putPayout({
      seller_id: seller.id,
      month_year: lastMonth,
      pool_share_amount: 401,
      sales_share_amount: 1_750,
    });
    await putPayout({ seller_id: other.id, month_year: lastMonth, pool_share_amount: 9_999 });
    await review(kit.id, 'buyer-a', 5, lastMonthAt);
    await review(kit.id, 'buyer-b', 4, lastMonthAt);
    await review(theirs.id, 'buyer-d', 1, lastMonthAt);

    const result = await call(seller.id);
    expect(result.statusCode).toBe(200);
    const body = jsonBody<SellerAnalytics>(result);
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)).toBe(thisMonth);
    expect(body.templates.map((template) => template.title).sort()).toEqual([
      'Kit',
      'Old Kit (archived)',
      'Shop',
    ]);
    expect(JSON.stringify(body)).not.toContain(theirs.id);

    const kitRow = body.templates.find((template) => template.mvp_id === kit.id)!;
    const shopRow = body.templates.find((template) => template.mvp_id === shop.id)!;
    const kitLast = kitRow.months.find((month) => month.month === lastMonth)!;
    const shopLast = shopRow.months.find((month) => month.month === lastMonth)!;
    // Pool 401 by 3:1 → 300.75 / 100.25 → 301 / 100; sales share 1750 all Kit's.
    expect(kitLast).toEqual({
      month: lastMonth,
      downloads: 4,
      sales: 2,
      sales_amount: 2_500,
      earnings: 1_750 + 301,
      ratings: 2,
      average_rating: 4.5,
    });
    expect(shopLast).toMatchObject({ downloads: 1, sales: 0, earnings: 100, ratings: 0 });
    // This month has no payout yet: Shop's £9.99 earns 70% (699.3 → 699), no pool share.
    // This month's sales share: 70% of £10.99 (769.3 → 769), spread 999 : 100 → 699 / 70.
    const shopNow = shopRow.months.find((month) => month.month === thisMonth)!;
    expect(shopNow).toMatchObject({ sales: 1, sales_amount: 999, earnings: 699 });
    expect(body.pool_pending_months).toContain(thisMonth);
    expect(body.pool_pending_months).not.toContain(lastMonth);
    expect(body.overall.totals).toEqual({
      downloads: 5,
      sales: 4,
      sales_amount: 3_599,
      earnings: 1_750 + 401 + 769,
      ratings: 2,
      average_rating: 4.5,
    });
  });

  it('spreads a payout with odd shares so the month’s templates add up to the transfer exactly', async () => {
    const seller = await putApprovedSeller();
    const twoMonthsAgo = addMonths(monthOf(new Date()), -2);
    const lastMonth = addMonths(monthOf(new Date()), -1);
    const [a, b, c] = ['A', 'B', 'C'].map((title) => templateItem({ seller_id: seller.id, title }));
    for (const item of [a!, b!, c!]) await TemplateEntity.create(item).go();
    // Last month: one quota download each (263p of pool, 3 ways: 87.67 each) and sales of 1001p
    // and 1002p whose 70% (1402p) does not split evenly either.
    await DownloadEntity.batchPut(
      [a!, b!, c!].flatMap((item, index) =>
        monthDownloadItems(seller.id, lastMonth, 1, { mvpId: item.id, firstBuyer: index * 10 }),
      ),
    );
    const at = `${lastMonth}-12T12:00:00.000Z`;
    await putOrder(templateOrder('buyer-a', a!, 1_001, { created_at: at }));
    await putOrder(templateOrder('buyer-b', b!, 1_002, { created_at: at }));
    const last = await putPayout({
      seller_id: seller.id,
      month_year: lastMonth,
      pool_share_amount: 263,
      sales_share_amount: 1_402,
      commission_amount: 263 + 1_402,
    });
    // Two months ago the pool share came while every download of the window was of a bought
    // template: it still lands on the templates, in full.
    await DownloadEntity.batchPut(
      monthDownloadItems(seller.id, twoMonthsAgo, 1, { mvpId: c!.id, firstBuyer: 90 }).map(
        (item) => ({ ...item, order_id: 'cs_bought_c' }),
      ),
    );
    const earlier = await putPayout({
      seller_id: seller.id,
      month_year: twoMonthsAgo,
      pool_share_amount: 101,
      sales_share_amount: 0,
      commission_amount: 101,
    });

    const body = jsonBody<SellerAnalytics>(await call(seller.id));
    // Templates in the order A, B, C.
    const earningsIn = (month: string) =>
      [a!, b!, c!].map(
        (item) =>
          body.templates
            .find((row) => row.mvp_id === item.id)!
            .months.find((cell) => cell.month === month)!.earnings,
      );
    // 263 three ways: 87.67 each, so 88 / 88 / 87 in some order (ties go by the list's order);
    // 1402 by 1001 : 1002 is 700.65 / 701.35: each rounded, to 701 / 701.
    const [ofA, ofB, ofC] = earningsIn(lastMonth);
    expect([701 + 87, 701 + 88]).toContain(ofA);
    expect([701 + 87, 701 + 88]).toContain(ofB);
    expect([87, 88]).toContain(ofC);
    expect(earningsIn(lastMonth).reduce((sum, value) => sum + value, 0)).toBe(
      last.commission_amount,
    );
    expect(earningsIn(twoMonthsAgo).reduce((sum, value) => sum + value, 0)).toBe(
      earlier.commission_amount,
    );
    expect(body.overall.months.find((month) => month.month === lastMonth)!.earnings).toBe(
      last.commission_amount,
    );
  });

  it('exports the same figures as CSV, one row per template and month, then All time', async () => {
    const seller = await putApprovedSeller();
    const kit = templateItem({ seller_id: seller.id, title: '=Kit, the best' });
    await TemplateEntity.create(kit).go();
    await putOrder(templateOrder('buyer-a', { ...kit, seller_id: seller.id }, 1_000));

    const result = await call(seller.id, '/api/my/analytics/export');
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toContain('text/csv');
    const lines = String(result.body).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Template,Month,Downloads,Sales,Sales amount,Earnings,Verified reviews,Average rating',
    );
    // Twelve months, the template's All time row, and all templates' All time row.
    expect(lines).toHaveLength(15);
    // Guarded against formula injection, quoted for its comma; £10 sold, £7 earned.
    expect(lines.at(-3)).toMatch(/^"'=Kit, the best",[A-Z][a-z]+ \d{4},0,1,£10\.00,£7\.00,0,$/);
    expect(lines.slice(-2)).toEqual([
      `"'=Kit, the best",All time,0,,,,0,`,
      'All templates,All time,0,,,,0,',
    ]);
  });

  it('is for approved sellers only', async () => {
    const buyer = await putProfile({ role: 'buyer' });
    expect((await call(buyer.id)).statusCode).toBe(403);
  });
});
