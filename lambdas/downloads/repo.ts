/**
 * Download data access: one function per access pattern (docs/data-model.md §3.5, §4.1).
 */
import type { EntityItem } from 'electrodb';
import { ulid } from 'ulid';
import { notificationWrites, type NotificationInput } from '../notifications/service';
import { DOWNLOAD_COUNTER_SHARDS } from '../shared/db/entities/counter';
import { DownloadEntity } from '../shared/db/entities/download';
import { db } from '../shared/db/service';

export type DownloadItem = EntityItem<typeof DownloadEntity>;

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

/** Positions of the transaction's items, for mapping a cancellation to its cause. */
export const DOWNLOAD_ITEM = { quota: 0, row: 1, mvp: 2 } as const;

export interface TransactionOutcome {
  canceled: boolean;
  /** Cancellation code per item (`None`, `ConditionalCheckFailed`, `TransactionConflict`, …). */
  codes: string[];
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

  const result = await db.transaction
    .write((entities) => {
      const { profile, download, mvp, counter } = entities;
      // ElectroDB takes every set/add before the conditions, so both day forms are built whole.
      const sameDay = input.dayForm === 'same-day';
      const limit = input.dailyLimit;
      const changes = profile
        .patch({ id: input.userId })
        .add(
          sameDay ? { downloads_remaining: -1, downloads_today: 1 } : { downloads_remaining: -1 },
        )
        .set({
          last_download_date: today,
          updated_at: nowIso,
          ...(sameDay ? {} : { downloads_today: 1 }),
        });
      const quota = changes.where(
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
      return [
        quota.commit(),
        download
          .create({
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
          })
          .commit(),
        // A counter update of the MVP: no `updated_at`, so the catalog order reflects real edits.
        mvp
          .patch({ id: input.mvp.id })
          .add({ download_count: 1 })
          .where(({ status }, { eq }) => eq(status, 'approved'))
          .commit(),
        counter
          .update({ name: 'downloads', bucket: 'all', shard })
          .add({ value: 1 })
          .set({ updated_at: nowIso })
          .commit(),
        counter
          .update({ name: 'downloads', bucket: today, shard })
          .add({ value: 1 })
          .set({ updated_at: nowIso })
          .commit(),
        ...(input.sellerNotification
          ? notificationWrites(entities, input.sellerNotification, nowIso)
          : []),
      ];
    })
    .go();

  return {
    canceled: result.canceled,
    codes: result.data.map((item) => (item.rejected ? item.code : 'None')),
    downloadId,
  };
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
