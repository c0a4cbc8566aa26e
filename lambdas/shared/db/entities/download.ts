/**
 * Download: one item per download click (each click spends quota; docs/data-model.md, section 3.5).
 *
 * - byUser (table):        pk `user_id`, sk `id` (ULID)            → the buyer's downloads, newest first
 * - byMvp (gsi1):          pk `mvp_id`, sk `downloaded_at`          → recent downloads of a template
 * - bySeller (gsi2):       pk `seller_id`, sk `downloaded_at`       → a seller's recent downloads and
 *   downloads in a month (payouts: `begins_with` the month)
 * - byUserAndMvp (gsi3):   pk `user_id`,`mvp_id`, sk `downloaded_at` → "has this buyer downloaded this
 *   template?" (verified-buyer flag, dispute eligibility)
 *
 * The MVP's title, slug, version and first preview are copied in: the history row is a snapshot of
 * what was downloaded, and the buyer's list needs no join (a stale title after a rename is fine).
 */
import { defineEntity } from '../entity';

export interface DownloadItem {
  id: string;
  user_id: string;
  mvp_id: string;
  /** Denormalised from the MVP: payouts and the seller dashboard count by seller without a join. */
  seller_id: string;
  /** `YYYY-MM` (UTC). */
  month_year: string;
  downloaded_at: string;
  version_number: string;
  mvp_title: string;
  mvp_slug: string;
  mvp_preview_image_key?: string;
  /**
   * A bought template's download: the order that paid for it. Such a download spends no quota, so
   * it is not counted in the monthly payout's share of the subscription pool (the seller is paid
   * 70% of the sale instead).
   */
  order_id?: string;
}

export const DownloadEntity = defineEntity<DownloadItem>()({
  entity: 'download',
  version: '1',
  indexes: {
    byUser: { pk: ['user_id'], sk: ['id'] },
    byMvp: { index: 'gsi1', pk: ['mvp_id'], sk: ['downloaded_at'] },
    bySeller: { index: 'gsi2', pk: ['seller_id'], sk: ['downloaded_at'] },
    byUserAndMvp: { index: 'gsi3', pk: ['user_id', 'mvp_id'], sk: ['downloaded_at'] },
  },
});
