/**
 * The seller figures (contract/seller-figures.ts) are one definition: for the same data, the
 * seller dashboard (`GET /api/my/mvps`), the analytics (`GET /api/my/analytics`) and its CSV, the
 * payouts page and the public seller page show the same downloads and the same average rating,
 * over all the seller's templates (archived ones included) and verified reviews only. Reviews go
 * through the reviews Lambda, so the template counters are the ones the product keeps.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as sellers } from '../../../../lambdas/sellers/index';
import { handler as templates } from '../../../../lambdas/templates/index';
import { handler as reviews } from '../../../../lambdas/reviews/index';
import { handler as payouts } from '../../../../lambdas/payouts/index';
import type { SellerAnalytics } from '../../../../contract/seller-analytics';
import type { PublicSellerProfile } from '../../../../contract/sellers';
import type { MyTemplatesResult } from '../../../../contract/templates';
import type { SellerPayouts } from '../../../../contract/payouts';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putApprovedSeller } from '../../../fixtures/payouts';
import { putProfile } from '../../../fixtures/profiles';

type Handler = typeof sellers;

const get = async (handler: Handler, name: string, path: string, sub?: string) => {
  const result = await handler(
    apiEvent({
      path,
      ...(sub ? { claims: idTokenClaims({ sub, email: `${sub}@example.com` }) } : {}),
    }),
    lambdaContext(name),
  );
  expect(result.statusCode, String(result.body)).toBe(200);
  return result;
};

/** A buyer's download of `mvp` recorded now: the evidence that makes a review verified. */
const recordDownload = (
  userId: string,
  sellerId: string,
  mvp: { id: string; title: string; slug: string },
) => {
  const now = new Date().toISOString();
  return DownloadEntity.create({
    id: templateItem().id,
    user_id: userId,
    mvp_id: mvp.id,
    seller_id: sellerId,
    month_year: now.slice(0, 7),
    downloaded_at: now,
    version_number: '1.0.0',
    mvp_title: mvp.title,
    mvp_slug: mvp.slug,
  }).go();
};

const review = async (templateId: string, userId: string, rating: number) => {
  const result = await reviews(
    apiEvent({
      method: 'POST',
      path: `/api/mvps/${templateId}/reviews`,
      body: { rating, review_text: 'Honest words about it.' },
      claims: idTokenClaims({ sub: userId, email: `${userId}@example.com` }),
    }),
    lambdaContext('reviews'),
  );
  expect(result.statusCode, String(result.body)).toBeLessThan(300);
};

describe('seller figures: one definition', () => {
  it('are the same on the dashboard, the analytics, the CSV, payouts and the public page', async () => {
    const username = `figures_${randomUUID().slice(0, 8)}`;
    const seller = await putApprovedSeller({ username, display_name: 'Figures Shop' });
    // Imported with past downloads (no download rows): the all-time figure holds them, the
    // twelve-month window does not.
    const kit = templateItem({ seller_id: seller.id, title: 'Kit', download_count: 40 });
    const old = templateItem({
      seller_id: seller.id,
      title: 'Old',
      status: 'archived',
      download_count: 7,
      rating_sum: 3,
      rating_count: 1,
    });
    for (const item of [kit, old]) await TemplateEntity.create(item).go();

    // Two buyers who downloaded Kit (verified) rate it 5 and 4; one who never did rates it 1.
    const verified = [`buyer-${randomUUID()}`, `buyer-${randomUUID()}`];
    const unverified = `buyer-${randomUUID()}`;
    for (const buyer of [...verified, unverified]) await putProfile({ id: buyer });
    for (const buyer of verified) await recordDownload(buyer, seller.id, kit);
    await TemplateEntity.patch({ id: kit.id }).add({ download_count: verified.length }).go();
    await review(kit.id, verified[0]!, 5);
    await review(kit.id, verified[1]!, 4);
    await review(kit.id, unverified, 1);

    // 40 + 2 + 7 downloads; (5 + 4 + 3) / 3 verified ratings; the unverified 1 nowhere.
    const expected = { downloads: 49, ratings: 3, average_rating: 4 };

    const dashboard = jsonBody<MyTemplatesResult>(
      await get(templates, 'templates', '/api/my/mvps', seller.id),
    );
    expect(dashboard.stats.figures).toEqual(expected);

    const analytics = jsonBody<SellerAnalytics>(
      await get(sellers, 'sellers', '/api/my/analytics', seller.id),
    );
    expect(analytics.overall.all_time).toEqual(expected);
    // The window: Kit's two recorded downloads and its two verified reviews of this month.
    expect(analytics.overall.totals).toMatchObject({
      downloads: 2,
      ratings: 2,
      average_rating: 4.5,
    });
    const kitRow = analytics.templates.find((row) => row.mvp_id === kit.id)!;
    expect(kitRow.all_time).toEqual({ downloads: 42, ratings: 2, average_rating: 4.5 });

    const csv = String((await get(sellers, 'sellers', '/api/my/analytics/export', seller.id)).body)
      .trim()
      .split('\r\n');
    expect(csv.at(-1)).toBe('All templates,All time,49,,,,3,4');
    expect(csv).toContain('Kit,All time,42,,,,2,4.5');

    const payoutPage = jsonBody<SellerPayouts>(
      await get(payouts, 'payouts', '/api/payouts', seller.id),
    );
    expect(payoutPage.summary.total_downloads).toBe(expected.downloads);

    const publicPage = jsonBody<PublicSellerProfile>(
      await get(sellers, 'sellers', `/api/sellers/${username}`),
    );
    expect(publicPage.stats).toEqual({
      mvp_count: 1,
      total_downloads: expected.downloads,
      average_rating: expected.average_rating,
      rating_count: expected.ratings,
    });
  });
});
