/**
 * BuildUsage: what one seller's version builds used in one calendar month (UTC), counted against
 * the cost caps of contract/design/live-previews.ts (docs/data-model.md, section 3.27).
 *
 * - bySeller (table): pk `seller_id`, sk `month` → one month's usage (PlanBuild's check before a
 *   build; RecordBuild's charge after it).
 *
 * Written only by RecordBuild, in a transaction with the version's build item whose condition
 * (the stored build is not this one) makes the charge happen once per build, however often the
 * step is retried. Expires with TTL 400 days after the month: nothing reads a past month.
 */
import { defineEntity } from '../entity';

export interface BuildUsageItem {
  seller_id: string;
  /** The UTC month, `YYYY-MM`. */
  month: string;
  /** Install and build time of the month's builds, in milliseconds. */
  build_ms: number;
  /** Builds charged this month. */
  builds: number;
  /** Bytes of the live previews published this month. */
  preview_bytes: number;
  updated_at: string;
  /** Epoch seconds (TTL): the month's start + 400 days. */
  expires_at: number;
}

export const BuildUsageEntity = defineEntity<BuildUsageItem>()({
  entity: 'buildUsage',
  version: '1',
  indexes: {
    bySeller: { pk: ['seller_id'], sk: ['month'] },
  },
});
