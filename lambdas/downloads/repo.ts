/**
 * Download data access: one function per access pattern (docs/data-model.md §3.5, §4.1).
 */
import { ulid } from 'ulid';
import { notificationWrites, type NotificationInput } from '../notifications/service';
import { CounterEntity, DOWNLOAD_COUNTER_SHARDS } from '../shared/db/entities/counter';
import { DownloadEntity, type DownloadItem } from '../shared/db/entities/download';
import { MvpEntity } from '../shared/db/entities/mvp';
import { ProfileEntity } from '../shared/db/entities/profile';
import { transactWrite, type TransactionResult } from '../shared/db/transaction';

export type { DownloadItem };

/** How the quota item of the transaction is conditioned (§4.1 "Daily limit"). */
export type DayForm =
  /** The last download was today: count on, within the daily limit when there is one. */
  | 'same-day'
  /** The first download today: the day counter starts again at 1. */
  | 'new-day';

export interface RecordDownloadInput {
  userId: string;
  mvp: {
    id: string;
    seller_id: string;
    title: string;
    slug: string;
    version_number: string;
    preview_image_keys: readonly string[];
  };
  now: Date;
  dayForm: DayForm;
  dailyLimit: number | null;
  /** The seller's `new_download` notification; omitted when buyers download their own template. */
  sellerNotification: NotificationInput | null;
}

export interface TransactionOutcome {
  /** Named items: `quota` (the buyer's profile), `row` (the download), `mvp` (its count), … */
  result: TransactionResult;
  downloadId: string;
}

/**
 * D1 + P14 + M13 + counters + N1, as one TransactWriteItems (§4.1): the quota, the download row,
 * the template's count, the statistics and the seller's notification move together or not at all.
 */
export const recordDownload = async (input: RecordDownloadInput): Promise<TransactionOutcome> => {
  const nowIso = input.now.toISOString();
  const today = nowIso.slice(0, 10);
  const downloadId = ulid(input.now.getTime());
  const shard = Math.floor(Math.random() * DOWNLOAD_COUNTER_SHARDS);
  const sameDay = input.dayForm === 'same-day';
  const limit = input.dailyLimit;

  const quota = ProfileEntity.patch({ id: input.userId })
    .add(sameDay ? { downloads_remaining: -1, downloads_today: 1 } : { downloads_remaining: -1 })
    .set({
      last_download_date: today,
      updated_at: nowIso,
      ...(sameDay ? {} : { downloads_today: 1 }),
    })
    .where(
      (
        { downloads_remaining, downloads_today, last_download_date },
        { eq, gt, lt, ne, notExists },
      ) =>
        [
          gt(downloads_remaining, 0),
          sameDay
            ? eq(last_download_date, today)
            : `(${ne(last_download_date, today)} OR ${notExists(last_download_date)})`,
          ...(sameDay && limit !== null ? [lt(downloads_today, limit)] : []),
        ].join(' AND '),
    );
  const downloadsCounter = (bucket: string) =>
    CounterEntity.update({ name: 'downloads', bucket, shard })
      .add({ value: 1 })
      .set({ updated_at: nowIso });

  const result = await transactWrite({
    quota,
    row: DownloadEntity.create({
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
    }),
    // A counter update of the MVP: no `updated_at`, so the catalog order reflects real edits.
    mvp: MvpEntity.patch({ id: input.mvp.id })
      .add({ download_count: 1 })
      .where(({ status }, { eq }) => eq(status, 'approved')),
    downloadsTotal: downloadsCounter('all'),
    downloadsToday: downloadsCounter(today),
    notification: input.sellerNotification && notificationWrites(input.sellerNotification, nowIso),
  });
  return { result, downloadId };
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

/** D3: the buyer's latest download of one template, or `null`. */
export const findLatestDownload = async (
  userId: string,
  mvpId: string,
): Promise<DownloadItem | null> => {
  const { data } = await DownloadEntity.query
    .byUserAndMvp({ user_id: userId, mvp_id: mvpId })
    .go({ order: 'desc', limit: 1 });
  return data[0] ?? null;
};
