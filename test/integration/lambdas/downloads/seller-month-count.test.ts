/**
 * D6, the payout run's count of a seller's downloads in a month: only downloads that spent quota
 * share the subscription pool, so those of bought templates (paid 70% of their sale instead) and
 * those of other months or other sellers are not counted.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { countSellerDownloadsInMonth } from '../../../../lambdas/downloads/service';
import { DownloadEntity, type DownloadItem } from '../../../../lambdas/shared/db/entities/download';

const download = (
  sellerId: string,
  at: string,
  extra: Partial<DownloadItem> = {},
): DownloadItem => ({
  id: ulid(Date.parse(at)),
  user_id: `buyer-${randomUUID()}`,
  mvp_id: ulid(),
  seller_id: sellerId,
  month_year: at.slice(0, 7),
  downloaded_at: at,
  version_number: '1.0.0',
  mvp_title: 'Starter',
  mvp_slug: 'starter',
  ...extra,
});

describe('countSellerDownloadsInMonth', () => {
  it('counts the month’s quota downloads only', async () => {
    const seller = `seller-${randomUUID()}`;
    await Promise.all(
      [
        download(seller, '2026-10-03T10:00:00.000Z'),
        download(seller, '2026-10-31T23:59:59.000Z'),
        download(seller, '2026-10-15T12:00:00.000Z', { order_id: 'cs_test_bought' }),
        download(seller, '2026-11-01T00:00:00.000Z'),
        download(`seller-${randomUUID()}`, '2026-10-05T10:00:00.000Z'),
      ].map((item) => DownloadEntity.create(item).go()),
    );
    expect(await countSellerDownloadsInMonth(seller, '2026-10')).toBe(2);
    expect(await countSellerDownloadsInMonth(seller, '2026-11')).toBe(1);
  });
});
