/**
 * Download data access: one function per access pattern (docs/data-model.md, sections 3.5, 4.1).
 */
import { DownloadGrantEntity, type DownloadGrantItem } from '../shared/db/entities/download-grant';
import {
  CounterEntity,
  DOWNLOAD_COUNTER_SHARDS,
  sellerMonthBucket,
} from '../shared/db/entities/counter';
import { DownloadEntity, type DownloadItem } from '../shared/db/entities/download';
import {
  transactWrite,
  type TransactionResult,
  type TransactionWrite,
} from '../shared/db/transaction';

export type { DownloadItem };

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
   * Items of other domains that commit with the row: `quota` (none for a bought template),
   * `mvp`, `license`, `notification`.
   */
  with: {
    quota: TransactionWrite | null;
    mvp: TransactionWrite;
    /** None when the download hands back its order's licence. */
    license: TransactionWrite | null;
    notification: readonly TransactionWrite[] | null;
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
  /**
   * Named items: `quota`, `row` (the download), `mvp` (its count), `license`, counters,
   * `notification`.
   */
  result: TransactionResult;
  downloadId: string;
}

/**
 * The `downloads` counter's shard of a download: spread as a random pick would be (the id ends in
 * random characters), yet the same for the same download, so that a transaction sent again is
 * the same transaction (its token would refuse a different one).
 */
const shardOf = (downloadId: string): number =>
  [...downloadId.slice(-4)].reduce((sum, char) => sum + char.charCodeAt(0), 0) %
  DOWNLOAD_COUNTER_SHARDS;

/**
 * D12: the seller's month counter gains one download, unless it was a bought template's (those
 * share in no subscription pool, as D6 leaves them out). Written only beside the row's create,
 * whose `attribute_not_exists` makes a replayed transaction add nothing.
 */
const sellerMonthWrite = (item: Pick<DownloadItem, 'seller_id' | 'downloaded_at' | 'order_id'>) =>
  !item.order_id &&
  CounterEntity.update({
    name: 'seller_downloads',
    bucket: sellerMonthBucket(item.downloaded_at.slice(0, 7), item.seller_id),
    shard: 0,
  })
    .add({ value: 1 })
    .set({ updated_at: item.downloaded_at });

/**
 * D1 + P14 + M13 + L1 + counters + N1, as one TransactWriteItems (section 4.1): the quota, the download
 * row, the template's count, the licence, the statistics and the seller's notification move
 * together or not at all. The quota, the count, the licence and the notification are their
 * domains' items, handed in by the service. The download's id is the transaction's token, so a
 * call the SDK repeats after a lost answer is the same transaction, not a second download.
 */
export const recordDownload = async (input: RecordDownloadInput): Promise<TransactionOutcome> => {
  const nowIso = input.now.toISOString();
  const today = nowIso.slice(0, 10);
  const { downloadId } = input;
  const shard = shardOf(downloadId);
  const downloadsCounter = (bucket: string) =>
    CounterEntity.update({ name: 'downloads', bucket, shard })
      .add({ value: 1 })
      .set({ updated_at: nowIso });

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
  const result = await transactWrite(
    {
      quota: input.with.quota,
      row: DownloadEntity.create(row),
      sellerMonth: sellerMonthWrite(row),
      mvp: input.with.mvp,
      license: input.with.license,
      downloadsTotal: downloadsCounter('all'),
      downloadsToday: downloadsCounter(today),
      notification: input.with.notification,
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
  return { result, downloadId };
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

/**
 * D13: every seller's counted downloads of a month (D12's items), as seller id → count: one
 * query on the counter's partition, its sort key starting with the month, whatever the number of
 * sellers (10,000 sellers: ten pages of about 0.1 MB).
 */
export const listSellerMonthCounts = async (monthYear: string): Promise<Map<string, number>> => {
  const prefix = sellerMonthBucket(monthYear, '');
  const counts = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const page: { data: { bucket: string; value: number }[]; cursor: string | null } =
      await CounterEntity.query
        .byName({ name: 'seller_downloads' })
        .begins({ bucket: prefix })
        .go({ limit: SELLER_COUNTS_PAGE, cursor, attributes: ['bucket', 'value'] });
    for (const item of page.data) counts.set(item.bucket.slice(prefix.length), item.value);
    cursor = page.cursor;
  } while (cursor);
  return counts;
};

/**
 * D14: the month of the oldest seller month counter (`YYYY-MM`), or `null` before any download
 * was counted: the first item of the counter's partition, its sort key starting with the month.
 */
export const firstSellerCountedMonth = async (): Promise<string | null> => {
  const { data } = await CounterEntity.query
    .byName({ name: 'seller_downloads' })
    .go({ limit: 1, attributes: ['bucket'] });
  return data[0]?.bucket.slice(0, 7) ?? null;
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
