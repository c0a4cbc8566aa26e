/**
 * DownloadGrant (docs/data-model.md, section 3.5): that a buyer has spent quota on a template in one
 * quota period, so downloading it again in the same period spends nothing. Created
 * with `attribute_not_exists` in the first download's own transaction, beside the quota spend:
 * of two concurrent first downloads one creates it and spends, the other is refused on it and
 * is then served as a download again, free. Expires (TTL) well after its period has ended.
 * A bought template's order has one too (`period` `order#<orderId>`), made by the download that
 * issues the order's licence when the order was recorded without one: a concurrent first download
 * is refused on it and hands that licence back.
 *
 * - byUserMvpPeriod (table): pk `user_id`, sk `mvp_id`,`period` → does the grant exist (D7)
 */
import { defineEntity } from '../entity';

export interface DownloadGrantItem {
  user_id: string;
  mvp_id: string;
  /** The quota period: the profile's `last_quota_reset_at` when it was spent (`initial` before any reset). */
  period: string;
  /** The download that spent the quota, and the licence it issued (handed out again). */
  download_id: string;
  license_id: string;
  created_at: string;
  /** Epoch seconds (TTL). */
  expires_at: number;
}

export const DownloadGrantEntity = defineEntity<DownloadGrantItem>()({
  entity: 'downloadGrant',
  version: '1',
  indexes: {
    byUserMvpPeriod: { pk: ['user_id'], sk: ['mvp_id', 'period'] },
  },
});
