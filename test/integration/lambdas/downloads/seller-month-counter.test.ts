/**
 * D12, the seller's month counter the payout run reads instead of the rows: every path that
 * records a download adds to it (with the download's tally, or the row's own transaction for a
 * past download), exactly as D6 would count the rows (a quota download, a free template's, a past
 * download imported with demo data; not a bought template's, not a download again); concurrent
 * downloads are all counted, summed over the counter's shards; a replayed transaction or a tally
 * applied twice adds nothing; a month before the counters began is counted from its rows.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countSellerDownloadsInMonth,
  countSellersDownloadsInMonth,
  importPastDownload,
} from '../../../../lambdas/downloads/service';
import { recordDownload, type RecordDownloadInput } from '../../../../lambdas/downloads/repo';
import { spendDownload } from '../../../../lambdas/downloads/spend';
import { applyTally, tallyPendingDownloads } from '../../../../lambdas/downloads/tally';
import { licenseWrite } from '../../../../lambdas/licenses/service';
import { CounterEntity, sellerMonthBucket } from '../../../../lambdas/shared/db/entities/counter';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import {
  CounterShardEntity,
  SHARDED_COUNTERS,
  shardsOf,
} from '../../../../lambdas/shared/db/entities/counter-shard';
import { DOWNLOAD_TALLY_SHARDS } from '../../../../lambdas/shared/db/entities/download-tally';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import type { TemplateItem } from '../../../../lambdas/catalog/repo';
import { recordDynamoDbCommands } from '../../../fixtures/dynamodb-commands';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import { putMonthDownloads } from '../../../fixtures/payouts';
import { putProfile } from '../../../fixtures/profiles';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { storeTemplateFile } from '../../../fixtures/template-items';

const SELLER = `seller-${randomUUID()}`;
const RUSH_SELLER = `seller-${randomUUID()}`;
const subscriptionKit = templateWithFile({ seller_id: SELLER, title: 'Quota Kit' });
const freeKit = templateWithFile({ seller_id: SELLER, title: 'Free Kit', access_tier: 'free' });
const paidKit = templateWithFile({
  seller_id: SELLER,
  title: 'Paid Kit',
  access_tier: 'one_time_sale',
  price: 19,
});
const pendingKit = templateWithFile({ seller_id: SELLER, status: 'pending_review' });
const rushKits = [1, 2].map((n) =>
  templateWithFile({ seller_id: RUSH_SELLER, title: `Rush ${n}` }),
);

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The seller's month counter as stored: the sum of its items, over every partition (0 when absent). */
const counterOf = async (sellerId: string, monthYear: string) => {
  const bucket = sellerMonthBucket(monthYear, sellerId);
  const reads = await Promise.all([
    CounterEntity.query
      .byName({ name: 'seller_downloads' })
      .begins({ bucket })
      .go({ pages: 'all', consistent: true }),
    ...shardsOf('seller_downloads').map((shard) =>
      CounterShardEntity.query
        .byShard({ name: 'seller_downloads', shard })
        .begins({ bucket })
        .go({ pages: 'all', consistent: true }),
    ),
  ]);
  return reads
    .flatMap(({ data }) => data)
    .filter((item) => item.bucket === bucket)
    .reduce((sum, item) => sum + item.value, 0);
};

const buyer = async () =>
  (await putProfile({ download_quota: 15, downloads_remaining: 15 })).id as string;

beforeAll(async () => {
  await Promise.all(
    [subscriptionKit, freeKit, paidKit, pendingKit, ...rushKits].flatMap((item) => [
      TemplateEntity.create(item).go(),
      storeTemplateFile(item),
    ]),
  );
});

describe('the seller month counter', () => {
  it('counts what the rows count, on every download path', async () => {
    const [ada, bo, cy] = await Promise.all([buyer(), buyer(), buyer()]);
    await putOrder(templateOrder(bo, paidKit, 1_900));

    await spendDownload(ada, subscriptionKit.id); // quota: counted
    await spendDownload(ada, subscriptionKit.id); // download again: no row, no count
    await spendDownload(ada, freeKit.id); // a free template's: counted, as its row is
    await spendDownload(bo, paidKit.id); // bought: a row, but in no pool
    await spendDownload(cy, freeKit.id);
    // Demo data: a download of an earlier month, imported with its licence.
    await importPastDownload({
      id: `01JPAST${randomUUID().replace(/-/g, '').slice(0, 19).toUpperCase()}`,
      userId: cy,
      mvpId: subscriptionKit.id,
      downloadedAt: '2026-01-15T10:00:00.000Z',
    });

    const month = thisMonth();
    expect(await countSellerDownloadsInMonth(SELLER, month)).toBe(3);
    expect(await counterOf(SELLER, month)).toBe(3);
    expect(await countSellerDownloadsInMonth(SELLER, '2026-01')).toBe(1);
    expect(await counterOf(SELLER, '2026-01')).toBe(1);
  });

  it('counts every one of concurrent downloads of one seller', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, buyer));
    const results = await Promise.allSettled(
      buyers.map((id, index) => spendDownload(id, rushKits[index % 2]!.id)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(6);
    // What a lost race left pending, the schedule applies.
    await tallyPendingDownloads();
    expect(await counterOf(RUSH_SELLER, thisMonth())).toBe(6);
    expect(await countSellerDownloadsInMonth(RUSH_SELLER, thisMonth())).toBe(6);
  });

  it('adds nothing for a replayed transaction or a tally applied twice', async () => {
    const sellerId = `seller-${randomUUID()}`;
    const kit = templateWithFile({ seller_id: sellerId });
    await TemplateEntity.create(kit).go();
    const input = (template: TemplateItem): RecordDownloadInput => {
      const now = new Date();
      const downloadId = `01J${randomUUID().replace(/-/g, '').slice(0, 23).toUpperCase()}`;
      return {
        downloadId,
        userId: `buyer-${randomUUID()}`,
        mvp: template,
        now,
        with: {
          quota: null,
          license: licenseWrite({
            userId: 'buyer',
            licenseeName: 'Buyer',
            mvp: template,
            source: 'subscription',
            downloadId,
            now: now.toISOString(),
          }).write,
        },
      };
    };

    // The same transaction twice, as the SDK sends it again when an answer is lost.
    const once = input(kit);
    const first = await recordDownload(once);
    const replay = await recordDownload(once);
    expect(first.result.canceled).toBe(false);
    expect(replay.downloadId).toBe(first.downloadId);
    // Its tally, applied by the request and again by the schedule: counted once.
    expect(await applyTally(first.tally)).toBe('applied');
    expect(await applyTally(first.tally)).toBe('already');
    await tallyPendingDownloads();
    expect(await counterOf(sellerId, thisMonth())).toBe(1);
    expect(await countSellerDownloadsInMonth(sellerId, thisMonth())).toBe(1);
    const rows = await DownloadEntity.query.bySeller({ seller_id: sellerId }).go({ pages: 'all' });
    expect(rows.data).toHaveLength(1);
    const template = await TemplateEntity.get({ id: kit.id }).go({ consistent: true });
    expect(template.data?.download_count).toBe((kit.download_count ?? 0) + 1);

    // A template taken off the catalog meanwhile: the seller's month still counts the download,
    // the template's count is left alone (as a download of it could not be counted before).
    const hidden = templateWithFile({ seller_id: sellerId, status: 'pending_review' });
    await TemplateEntity.create(hidden).go();
    const pending = await recordDownload(input(hidden));
    expect(await applyTally(pending.tally)).toBe('applied');
    expect(await counterOf(sellerId, thisMonth())).toBe(2);
    const unlisted = await TemplateEntity.get({ id: hidden.id }).go({ consistent: true });
    expect(unlisted.data?.download_count).toBe(hidden.download_count ?? 0);
  });
});

describe('countSellersDownloadsInMonth', () => {
  it('reads counted months from the counters, earlier months from the rows', async () => {
    // In this file's table the counters began in the earliest month written below.
    const [early, late, idle] = [1, 2, 3].map(() => `seller-${randomUUID()}`) as [
      string,
      string,
      string,
    ];
    await putMonthDownloads(early, '2019-01', 4, { counter: false }); // before the counters
    await putMonthDownloads(early, '2019-02', 2); // the first counted month…
    await putMonthDownloads(early, '2019-02', 3, { counter: false }); // …only counted in part
    await putMonthDownloads(early, '2019-03', 5);
    await putMonthDownloads(late, '2019-03', 7);
    const sellers = [early, late, idle];

    const commands = recordDynamoDbCommands();
    expect(Object.fromEntries(await countSellersDownloadsInMonth(sellers, '2019-01'))).toEqual({
      [early]: 4,
      [late]: 0,
      [idle]: 0,
    });
    expect(Object.fromEntries(await countSellersDownloadsInMonth(sellers, '2019-02'))).toEqual({
      [early]: 5,
      [late]: 0,
      [idle]: 0,
    });
    commands.clear();
    expect(Object.fromEntries(await countSellersDownloadsInMonth(sellers, '2019-03'))).toEqual({
      [early]: 5,
      [late]: 7,
      [idle]: 0,
    });
    // A counted month costs a fixed number of queries whatever the number of sellers: the first
    // counted month and the month's counters (one per partition of the counter each), and one
    // per tally shard (nothing of the month still to count).
    const partitions = 1 + SHARDED_COUNTERS.seller_downloads;
    expect(commands.count('Query')).toBe(2 * partitions + DOWNLOAD_TALLY_SHARDS);
    for (const seller of sellers) {
      expect(await countSellerDownloadsInMonth(seller, '2019-03')).toBe(
        seller === early ? 5 : seller === late ? 7 : 0,
      );
    }
  });

  it('reads a month of more sellers than one page holds', async () => {
    const sellers = Array.from({ length: 1_001 }, (_, index) => `paged-${index}`);
    const counter = (monthYear: string, sellerId: string, value: number) => ({
      name: 'seller_downloads' as const,
      bucket: sellerMonthBucket(monthYear, sellerId),
      shard: 0,
      value,
    });
    // A counter of the month before: the counters began before the month read.
    await CounterEntity.batchPut([
      counter('2019-04', 'paged-0', 1),
      ...sellers.map((sellerId, index) => counter('2019-05', sellerId, index + 1)),
    ]);
    const counts = await countSellersDownloadsInMonth(sellers, '2019-05');
    expect(counts.size).toBe(1_001);
    expect(counts.get('paged-0')).toBe(1);
    expect(counts.get('paged-1000')).toBe(1_001);
    expect([...counts.values()].reduce((sum, value) => sum + value, 0)).toBe((1_001 * 1_002) / 2);
  });
});
