/**
 * DownloadTally (docs/data-model.md, section 3.5): a download whose counts are not applied yet.
 * Created in the download's own transaction (beside the quota, the row and the licence), and
 * deleted by the transaction that applies its counts (the template's `download_count`, the
 * seller's month counter, the site's `downloads` counters) and writes the seller's notification,
 * on the condition that it still exists: every download is counted exactly once, whoever applies
 * it (the request right after its download, or the `downloadTally` schedule for those a lost race
 * or a crash left behind). So the download's own transaction touches no item another buyer's
 * download touches, and 1,000 concurrent downloads of one template do not conflict there.
 *
 * - byShard (table): pk `shard`, sk `download_id` → "the pending downloads of a shard, oldest
 *   first". The shard (DOWNLOAD_TALLY_SHARDS, from the download's id) spreads a burst of
 *   downloads over partitions; the schedule reads every shard.
 */
import { defineEntity } from '../entity';

/** Partitions the pending downloads spread over. */
export const DOWNLOAD_TALLY_SHARDS = 16;

export interface DownloadTallyItem {
  /** 0 … DOWNLOAD_TALLY_SHARDS - 1. */
  shard: number;
  /** The download's id (ULID, time-ordered). */
  download_id: string;
  mvp_id: string;
  mvp_title: string;
  seller_id: string;
  downloaded_at: string;
  /** A bought template's download: counted, but in no seller's subscription pool. */
  order_id?: string;
}

export const DownloadTallyEntity = defineEntity<DownloadTallyItem>()({
  entity: 'downloadTally',
  version: '1',
  indexes: {
    byShard: { pk: ['shard'], sk: ['download_id'] },
  },
});
