/**
 * Download data access: one function per access pattern (docs/data-model.md, sections 3.5, 4.1).
 */
import { DownloadGrantEntity, type DownloadGrantItem } from '../shared/db/entities/download-grant';
import { CounterEntity, sellerMonthBucket } from '../shared/db/entities/counter';
import {
  CounterShardEntity,
  SHARDED_COUNTERS,
  shardsOf,
} from '../shared/db/entities/counter-shard';
import {
  DOWNLOAD_TALLY_SHARDS,
  DownloadTallyEntity,
  type DownloadTallyItem,
} from '../shared/db/entities/download-tally';
import { DownloadEntity, type DownloadItem } from '../shared/db/entities/download';
import {
  transactWrite,
  type TransactionResult,
  type TransactionWrite,
} from '../shared/db/transaction';

export type { DownloadItem, DownloadTallyItem };
/** The shards of the pending tallies, 0 to this minus one: `listPendingTallies` reads one. */
export { DOWNLOAD_TALLY_SHARDS };

export interface RecordDownloadInput {
  /** Chosen by the caller, so the licence issued with the download can name it. */
  downloadId: string;
  userId: string;
  /** The order behind a bought template's download (it spends no quota). */
  orderId?: string;
  mvp: {
    id: string;
    seller_id: string;
    title: string;
    slug: string;
    version_number: string;
    preview_image_keys: readonly string[];
  };
  now: Date;
  /**
   * Items that commit with the row: `quota`, the buyer's entitlement (none for a bought template),
   * and `license`, lent by the licences domain (none when the download hands back its order's
   * licence).
   */
  with: {
    quota: TransactionWrite | null;
    license: TransactionWrite | null;
  };
  /**
   * The quota period the download spends in (with `quota`), or a bought template's order whose
   * licence it issues: its grant is created in the same transaction, refused if another first
   * download of the period (or the order) got there first (D7).
   */
  grant?: { period: string; licenseId: string };
}

/** How long a grant is kept after it was made: past any monthly quota period (TTL). */
const GRANT_TTL_SECONDS = 62 * 24 * 60 * 60;

/** D7: the grant of a template in a quota period, if the buyer spent quota on it then. */
export const getDownloadGrant = async (
  userId: string,
  templateId: string,
  period: string,
): Promise<DownloadGrantItem | null> => {
  const { data } = await DownloadGrantEntity.get({
    user_id: userId,
    mvp_id: templateId,
    period,
  }).go({ consistent: true });
  return data;
};

export interface TransactionOutcome {
  /** Named items: `quota`, `row` (the download), `license`, `grant`, `tally`. */
  result: TransactionResult;
  downloadId: string;
  /** The download's counts still to apply ({@link applyDownloadTally}), once `result` committed. */
  tally: DownloadTallyItem;
}

/**
 * A spread of a download's id over `shards`: as a random pick would be (the id ends in random
 * characters), yet the same for the same download, so that a transaction sent again is the same
 * transaction (its token would refuse a different one).
 */
const shardOf = (downloadId: string, shards: number): number =>
  [...downloadId.slice(-4)].reduce((sum, char) => sum + char.charCodeAt(0), 0) % shards;

/**
 * D12: the seller's month counter gains one download, unless it was a bought template's (those
 * share in no subscription pool, as D6 leaves them out). One of SHARDED_COUNTERS.seller_downloads
 * partitions (CounterShard), picked by the download's id, so the downloads of the whole site do
 * not all write one partition; D13 sums a seller's shards. Written only beside a tally's delete or
 * the row's create, whose conditions make a replayed transaction add nothing.
 */
const sellerMonthWrite = (
  item: Pick<DownloadItem, 'id' | 'seller_id' | 'downloaded_at' | 'order_id'>,
) =>
  !item.order_id &&
  CounterShardEntity.update({
    name: 'seller_downloads',
    shard: shardOf(item.id, SHARDED_COUNTERS.seller_downloads),
    bucket: sellerMonthBucket(item.downloaded_at.slice(0, 7), item.seller_id),
  })
    .add({ value: 1 })
    .set({ updated_at: item.downloaded_at });

/**
 * D1 + EN3 + L1 + D7 + the download's tally, as one TransactWriteItems (section 4.1): the quota
 * (the buyer's entitlement, never the profile), the download row, the licence and the period's
 * grant move together or not at all. The
 * statistics (the template's count, the seller's month, the site's counters) and the seller's
 * notification are not in it: they are items every download of a template (or a seller) shares,
 * so in it they made concurrent downloads conflict. The tally item, this download's own, carries
 * them to {@link applyDownloadTally}, which applies them exactly once. The quota and the licence
 * are handed in by the service (the licence is the licences domain's item). The download's id is
 * the transaction's token, so a call the SDK repeats after a lost answer is the same transaction.
 */
export const recordDownload = async (input: RecordDownloadInput): Promise<TransactionOutcome> => {
  const nowIso = input.now.toISOString();
  const { downloadId } = input;
  const row: DownloadItem = {
    id: downloadId,
    user_id: input.userId,
    mvp_id: input.mvp.id,
    seller_id: input.mvp.seller_id,
    month_year: nowIso.slice(0, 7),
    downloaded_at: nowIso,
    version_number: input.mvp.version_number,
    mvp_title: input.mvp.title,
    mvp_slug: input.mvp.slug,
    mvp_preview_image_key: input.mvp.preview_image_keys[0],
    ...(input.orderId && { order_id: input.orderId }),
  };
  const tally: DownloadTallyItem = {
    shard: shardOf(downloadId, DOWNLOAD_TALLY_SHARDS),
    download_id: downloadId,
    mvp_id: row.mvp_id,
    mvp_title: row.mvp_title,
    seller_id: row.seller_id,
    downloaded_at: nowIso,
    ...(input.orderId && { order_id: input.orderId }),
  };
  const result = await transactWrite(
    {
      quota: input.with.quota,
      row: DownloadEntity.create(row),
      license: input.with.license,
      tally: DownloadTallyEntity.create(tally),
      grant:
        input.grant &&
        DownloadGrantEntity.create({
          user_id: input.userId,
          mvp_id: input.mvp.id,
          period: input.grant.period,
          download_id: downloadId,
          license_id: input.grant.licenseId,
          created_at: nowIso,
          expires_at: Math.floor(input.now.getTime() / 1000) + GRANT_TTL_SECONDS,
        }),
    },
    { token: downloadId },
  );
  return { result, downloadId, tally };
};

/**
 * T1: a download's counts, once: the tally item is deleted on the condition that it still exists,
 * with the seller's month counter, the site's `downloads` counters (total and day, sharded) and
 * the other domains' items handed in (`mvp`: the template's `download_count`; `notification`: the
 * seller's). A tally applied already (by a concurrent applier) fails on `tally`; a conflict
 * leaves it for a later try.
 */
export const applyDownloadTally = (
  tally: DownloadTallyItem,
  now: Date,
  with_: { mvp: TransactionWrite | null; notification: readonly TransactionWrite[] | null },
): Promise<TransactionResult> => {
  const nowIso = now.toISOString();
  const shard = shardOf(tally.download_id, SHARDED_COUNTERS.downloads);
  const downloadsCounter = (bucket: string) =>
    CounterShardEntity.update({ name: 'downloads', shard, bucket })
      .add({ value: 1 })
      .set({ updated_at: nowIso });
  return transactWrite({
    tally: DownloadTallyEntity.delete({ shard: tally.shard, download_id: tally.download_id }).where(
      ({ download_id }, { exists }) => exists(download_id),
    ),
    sellerMonth: sellerMonthWrite({
      id: tally.download_id,
      seller_id: tally.seller_id,
      downloaded_at: tally.downloaded_at,
      order_id: tally.order_id,
    }),
    downloadsTotal: downloadsCounter('all'),
    downloadsToday: downloadsCounter(tally.downloaded_at.slice(0, 10)),
    mvp: with_.mvp,
    notification: with_.notification,
  });
};

/**
 * T2: a page of a shard's pending tallies, read consistently, oldest first (the sort key is the
 * download's ULID, made from the same instant as its `downloaded_at`).
 */
export const listPendingTallies = async (
  shard: number,
  options: { limit: number; cursor?: string | null },
): Promise<{ items: DownloadTallyItem[]; cursor: string | null }> => {
  const { data, cursor } = await DownloadTallyEntity.query
    .byShard({ shard })
    .go({ limit: options.limit, cursor: options.cursor ?? null, consistent: true });
  return { items: data, cursor: cursor ?? null };
};

/**
 * A download that happened before (demo data): the row and the seller's month counter (the
 * payout run reads that); the statistics' counters came with the data.
 */
export const putPastDownload = async (
  item: DownloadItem,
  license: TransactionWrite,
): Promise<boolean> => {
  if ((await DownloadEntity.get({ user_id: item.user_id, id: item.id }).go()).data) return false;
  const result = await transactWrite({
    download: DownloadEntity.create(item),
    sellerMonth: sellerMonthWrite(item),
    license,
  });
  return !result.canceled;
};

export interface DownloadPage {
  items: DownloadItem[];
  cursor: string | null;
}

/** D2: the buyer's downloads, newest first (the sort key is a ULID). */
export const listDownloadsByUser = async (
  userId: string,
  options: { limit: number; cursor?: string },
): Promise<DownloadPage> => {
  const { data, cursor } = await DownloadEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', limit: options.limit, cursor: options.cursor ?? null });
  return { items: data, cursor: cursor ?? null };
};

/**
 * D5: the latest downloads of a seller's templates, newest first (`seller_id` is copied onto each
 * row, so no join with the templates is needed).
 */
export const listDownloadsBySeller = async (
  sellerId: string,
  limit: number,
): Promise<DownloadItem[]> => {
  const { data } = await DownloadEntity.query
    .bySeller({ seller_id: sellerId })
    .go({ order: 'desc', limit });
  return data;
};

/**
 * D6: how many quota-spending downloads of a seller's templates fall in a month (`YYYY-MM`, UTC):
 * a `COUNT` query on the seller's index, its sort key starting with the month. Downloads of bought
 * templates (`order_id`) are left out: they share in no subscription pool.
 */
export const countDownloadsBySellerInMonth = (sellerId: string, monthYear: string) =>
  DownloadEntity.query
    .bySeller({ seller_id: sellerId })
    .begins({ downloaded_at: monthYear })
    .where(({ order_id }, { notExists }) => notExists(order_id))
    .count();

/**
 * D11: every download of a seller's templates from a month on (`YYYY-MM`, UTC), only the fields
 * the seller's analytics count by (template, month, bought or not). The upper bound keeps the
 * range on download items.
 */
export const listDownloadsBySellerSince = async (
  sellerId: string,
  fromMonth: string,
): Promise<Pick<DownloadItem, 'mvp_id' | 'downloaded_at' | 'order_id'>[]> => {
  const { data } = await DownloadEntity.query
    .bySeller({ seller_id: sellerId })
    .between({ downloaded_at: fromMonth }, { downloaded_at: '9999' })
    .go({ pages: 'all', attributes: ['mvp_id', 'downloaded_at', 'order_id'] });
  return data;
};

/** D3: the buyer's latest download of one template, or `null`. */
export const findLatestDownload = async (
  userId: string,
  templateId: string,
): Promise<DownloadItem | null> => {
  const { data } = await DownloadEntity.query
    .byUserAndMvp({ user_id: userId, mvp_id: templateId })
    .go({ order: 'desc', limit: 1 });
  return data[0] ?? null;
};

/** Counters a D13 page reads: each page a short request, however many sellers the month has. */
const SELLER_COUNTS_PAGE = 1_000;

interface BucketValue {
  bucket: string;
  value: number;
}

/** Every page of one partition's month of seller counters (`bucket` begins with `prefix`). */
const readSellerMonthItems = async (
  query: (cursor: string | null) => Promise<{ data: BucketValue[]; cursor: string | null }>,
): Promise<BucketValue[]> => {
  const items: BucketValue[] = [];
  let cursor: string | null = null;
  do {
    const page = await query(cursor);
    items.push(...page.data);
    cursor = page.cursor;
  } while (cursor);
  return items;
};

/**
 * D13: every seller's counted downloads of a month (D12's items), as seller id → count: one
 * query per partition of the counter (its shards, and the older unsharded Counter items written
 * before the shards had partitions of their own), each sort key starting with the month, whatever
 * the number of sellers; a seller's items are summed.
 */
export const listSellerMonthCounts = async (monthYear: string): Promise<Map<string, number>> => {
  const prefix = sellerMonthBucket(monthYear, '');
  const options = (cursor: string | null) =>
    ({
      limit: SELLER_COUNTS_PAGE,
      cursor,
      consistent: true,
      attributes: ['bucket', 'value'],
    }) as const;
  const partitions = await Promise.all([
    readSellerMonthItems((cursor) =>
      CounterEntity.query
        .byName({ name: 'seller_downloads' })
        .begins({ bucket: prefix })
        .go(options(cursor)),
    ),
    ...shardsOf('seller_downloads').map((shard) =>
      readSellerMonthItems((cursor) =>
        CounterShardEntity.query
          .byShard({ name: 'seller_downloads', shard })
          .begins({ bucket: prefix })
          .go(options(cursor)),
      ),
    ),
  ]);
  const counts = new Map<string, number>();
  for (const item of partitions.flat()) {
    const sellerId = item.bucket.slice(prefix.length);
    counts.set(sellerId, (counts.get(sellerId) ?? 0) + item.value);
  }
  return counts;
};

/**
 * D14: the month of the oldest seller month counter (`YYYY-MM`), or `null` before any download
 * was counted: the first item of each of the counter's partitions, its sort key starting with the
 * month; the earliest.
 */
export const firstSellerCountedMonth = async (): Promise<string | null> => {
  const firsts = await Promise.all([
    CounterEntity.query
      .byName({ name: 'seller_downloads' })
      .go({ limit: 1, attributes: ['bucket'] })
      .then(({ data }) => data[0]?.bucket),
    ...shardsOf('seller_downloads').map((shard) =>
      CounterShardEntity.query
        .byShard({ name: 'seller_downloads', shard })
        .go({ limit: 1, attributes: ['bucket'] })
        .then(({ data }) => data[0]?.bucket),
    ),
  ]);
  const months = firsts
    .filter((bucket) => bucket !== undefined)
    .map((bucket) => bucket.slice(0, 7));
  return months.length === 0 ? null : months.sort()[0]!;
};

/**
 * D15: who downloaded a template, and which version each time (the security alerts tell the
 * holders of an affected version). Every page of the template's `byMvp` index, three fields.
 */
export const listDownloadHoldersOfTemplate = async (
  templateId: string,
): Promise<Pick<DownloadItem, 'user_id' | 'version_number' | 'downloaded_at'>[]> => {
  const { data } = await DownloadEntity.query
    .byMvp({ mvp_id: templateId })
    .go({ pages: 'all', attributes: ['user_id', 'version_number', 'downloaded_at'] });
  return data;
};

/** D16: the templates a buyer downloaded, each row's template id and title (every page). */
export const listDownloadedTemplatesOfUser = async (
  userId: string,
): Promise<Pick<DownloadItem, 'mvp_id' | 'mvp_title'>[]> => {
  const { data } = await DownloadEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', pages: 'all', attributes: ['mvp_id', 'mvp_title'] });
  return data;
};
