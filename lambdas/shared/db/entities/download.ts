/**
 * Download: one item per download click (each click spends quota; docs/data-model.md §3.5).
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
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const DownloadEntity = new Entity(
  {
    model: { entity: 'download', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true },
      user_id: { type: 'string', required: true },
      mvp_id: { type: 'string', required: true },
      /** Denormalised from the MVP: payouts and the seller dashboard count by seller without a join. */
      seller_id: { type: 'string', required: true },
      /** `YYYY-MM` (UTC). */
      month_year: { type: 'string', required: true },
      downloaded_at: { type: 'string', required: true },
      version_number: { type: 'string', required: true },
      mvp_title: { type: 'string', required: true },
      mvp_slug: { type: 'string', required: true },
      mvp_preview_image_key: { type: 'string' },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['user_id'] },
        sk: { field: 'sk', composite: ['id'] },
      },
      byMvp: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['mvp_id'] },
        sk: { field: 'gsi1sk', composite: ['downloaded_at'] },
      },
      bySeller: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['seller_id'] },
        sk: { field: 'gsi2sk', composite: ['downloaded_at'] },
      },
      byUserAndMvp: {
        index: 'gsi3',
        pk: { field: 'gsi3pk', composite: ['user_id', 'mvp_id'] },
        sk: { field: 'gsi3sk', composite: ['downloaded_at'] },
      },
    },
  },
  entityConfig(),
);
