/**
 * A download's counts, applied after its transaction (docs/data-model.md, section 4.1): the
 * template's `download_count`, the seller's month counter, the site's `downloads` counters and the
 * seller's notification, each download exactly once, whoever applies its tally (the request, the
 * `downloadTally` schedule, the payout run) and however many times; a month's payouts never count
 * it before its tally is applied.
 *
 * Concurrency is proven with barriers on the handlers' DynamoDB client, never with a sleep: the
 * downloads' transactions are held until every one of them has been sent, and so are the first
 * tries of their tallies (which then meet on the template, the seller's counters and the site's).
 */
import { randomUUID } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { countSellersDownloadsInMonth } from '../../../../lambdas/downloads/seller-counts';
import { spendDownload } from '../../../../lambdas/downloads/spend';
import { applyTally, tallyPendingDownloads } from '../../../../lambdas/downloads/tally';
import { handler as tallyTask } from '../../../../lambdas/downloads/tasks/tally-downloads';
import { documentClient } from '../../../../lambdas/shared/db/client';
import { CounterEntity, sellerMonthBucket } from '../../../../lambdas/shared/db/entities/counter';
import {
  CounterShardEntity,
  SHARDED_COUNTERS,
  shardsOf,
} from '../../../../lambdas/shared/db/entities/counter-shard';
import {
  DOWNLOAD_TALLY_SHARDS,
  DownloadTallyEntity,
  type DownloadTallyItem,
} from '../../../../lambdas/shared/db/entities/download-tally';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { counterTotal } from '../../../../lambdas/stats/service';
import { putProfile } from '../../../fixtures/profiles';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { storeTemplateFile } from '../../../fixtures/template-items';

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** A download's own transaction creates its tally; the transaction that applies it deletes it. */
const tallyWriteOf = (items: TransactItems): 'create' | 'apply' | null => {
  for (const item of items) {
    if (String(item.Put?.Item?.sk ?? '').startsWith('$downloadtally_')) return 'create';
    if (String(item.Delete?.Key?.sk ?? '').startsWith('$downloadtally_')) return 'apply';
  }
  return null;
};

let barriers = 0;
const installed: string[] = [];
afterEach(() => {
  for (const name of installed.splice(0)) documentClient().middlewareStack.remove(name);
});

/**
 * Holds the first `count` TransactWriteItems of `kind` until all `count` have been sent, then lets
 * them go together. `met()` says whether they all arrived (a barrier that was never met fails the
 * request it held after `timeoutMs`, so a test cannot pass without the overlap it claims).
 */
const barrier = (kind: 'create' | 'apply', count: number, timeoutMs = 20_000) => {
  const name = `tallyBarrier${(barriers += 1)}`;
  const waiting: (() => void)[] = [];
  let arrived = 0;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as TransactWriteCommandInput;
      if (
        !context.commandName?.includes('TransactWrite') ||
        tallyWriteOf(input.TransactItems ?? []) !== kind ||
        arrived >= count
      ) {
        return next(args);
      }
      arrived += 1;
      await new Promise<void>((resolve, reject) => {
        waiting.push(resolve);
        if (waiting.length === count) for (const go of waiting.splice(0)) go();
        else setTimeout(() => reject(new Error(`barrier ${name}: ${arrived}/${count}`)), timeoutMs);
      });
      return next(args);
    },
    { step: 'initialize', name },
  );
  installed.push(name);
  return { met: () => arrived === count && waiting.length === 0 };
};

/** Fails every try to apply a tally while installed (a request that crashed after its download). */
const failTallies = () => {
  const name = `failTallies${(barriers += 1)}`;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as TransactWriteCommandInput;
      if (
        context.commandName?.includes('TransactWrite') &&
        tallyWriteOf(input.TransactItems ?? []) === 'apply'
      ) {
        throw Object.assign(new Error('The request ended before its tally'), {
          name: 'TimeoutError',
        });
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  installed.push(name);
};

const thisMonth = () => new Date().toISOString().slice(0, 7);

const pendingTallies = async (): Promise<DownloadTallyItem[]> =>
  (
    await Promise.all(
      Array.from({ length: DOWNLOAD_TALLY_SHARDS }, (_, shard) =>
        DownloadTallyEntity.query.byShard({ shard }).go({ pages: 'all', consistent: true }),
      ),
    )
  ).flatMap(({ data }) => data);

const downloadCountOf = async (templateId: string) =>
  (await TemplateEntity.get({ id: templateId }).go({ consistent: true })).data!.download_count;

/** The seller's counted downloads of this month, summed over the counter's shards. */
const sellerMonthOf = async (sellerId: string) =>
  (await countSellersDownloadsInMonth([sellerId], thisMonth())).get(sellerId) ?? 0;

const sellerNotificationsOf = async (sellerId: string) =>
  (await NotificationEntity.query.byUser({ user_id: sellerId }).go({ pages: 'all' })).data.filter(
    (item) => item.type === 'new_download',
  ).length;

const newTemplate = async () => {
  const sellerId = `seller-${randomUUID()}`;
  const template = templateWithFile({ seller_id: sellerId, title: `Tally Kit ${randomUUID()}` });
  await Promise.all([TemplateEntity.create(template).go(), storeTemplateFile(template)]);
  return { sellerId, template };
};

const buyers = (count: number) =>
  Promise.all(
    Array.from(
      { length: count },
      async () => (await putProfile({ download_quota: 5, downloads_remaining: 5 })).id as string,
    ),
  );

describe('download tallies', () => {
  it('counts every one of concurrent downloads of one template exactly once', async () => {
    const { sellerId, template } = await newTemplate();
    const downloaders = await buyers(12);
    const siteBefore = await counterTotal('downloads');

    // Every download's transaction is in flight at once, and so is every first try of its tally.
    const downloads = barrier('create', downloaders.length);
    const firstTries = barrier('apply', downloaders.length);
    const results = await Promise.allSettled(
      downloaders.map((buyerId) => spendDownload(buyerId, template.id)),
    );
    expect(downloads.met()).toBe(true);
    expect(firstTries.met()).toBe(true);
    // No download failed on another's: their transactions share no item.
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

    // What the requests could not apply (they met on the template), the schedule does.
    const leftPending = (await pendingTallies()).length;
    const report = await tallyPendingDownloads();
    expect(report).toEqual({ applied: leftPending, pending: 0 });
    expect(await pendingTallies()).toEqual([]);

    expect(await downloadCountOf(template.id)).toBe(template.download_count + 12);
    expect(await sellerMonthOf(sellerId)).toBe(12);
    expect(await sellerNotificationsOf(sellerId)).toBe(12);
    expect((await counterTotal('downloads')) - siteBefore).toBe(12);
  });

  it('applies a tally its request left pending when the schedule runs, once', async () => {
    const { sellerId, template } = await newTemplate();
    const [buyerId] = await buyers(1);

    failTallies();
    const download = await spendDownload(buyerId!, template.id);
    expect(download.quotaSpent).toBe(true);
    documentClient().middlewareStack.remove(installed.pop()!);

    // The download is served; its counts wait.
    const [pending] = (await pendingTallies()).filter((tally) => tally.mvp_id === template.id);
    expect(pending).toMatchObject({ mvp_id: template.id, seller_id: sellerId });
    expect(await downloadCountOf(template.id)).toBe(template.download_count);
    expect(await sellerNotificationsOf(sellerId)).toBe(0);

    expect(await tallyTask()).toEqual({ applied: 1, pending: 0 });
    expect(await downloadCountOf(template.id)).toBe(template.download_count + 1);
    expect(await sellerMonthOf(sellerId)).toBe(1);
    expect(await sellerNotificationsOf(sellerId)).toBe(1);

    // The next run finds nothing.
    expect(await tallyTask()).toEqual({ applied: 0, pending: 0 });
    expect(await downloadCountOf(template.id)).toBe(template.download_count + 1);
  });

  it('counts a tally applied twice, or by two appliers at once, once', async () => {
    const { sellerId, template } = await newTemplate();
    const [buyerId] = await buyers(1);
    const siteBefore = await counterTotal('downloads');

    failTallies();
    await spendDownload(buyerId!, template.id);
    documentClient().middlewareStack.remove(installed.pop()!);
    const [tally] = (await pendingTallies()).filter((item) => item.mvp_id === template.id);

    // The request's late try, a second copy of it and the schedule, all at once.
    const together = barrier('apply', 3);
    const outcomes = await Promise.all([
      applyTally(tally!, 5),
      applyTally(tally!, 5),
      tallyPendingDownloads(),
    ]);
    expect(together.met()).toBe(true);
    const applied =
      outcomes.filter((outcome) => outcome === 'applied').length +
      (outcomes[2] as { applied: number }).applied;
    expect(applied).toBe(1);
    // And once more, after the fact.
    expect(await applyTally(tally!)).toBe('already');
    expect(await tallyPendingDownloads()).toEqual({ applied: 0, pending: 0 });

    expect(await downloadCountOf(template.id)).toBe(template.download_count + 1);
    expect(await sellerMonthOf(sellerId)).toBe(1);
    expect(await sellerNotificationsOf(sellerId)).toBe(1);
    expect((await counterTotal('downloads')) - siteBefore).toBe(1);
  });

  it("applies a month's pending tallies before its downloads are counted for payouts", async () => {
    // The counters began before this month, so this month is counted from them alone.
    await CounterEntity.update({
      name: 'seller_downloads',
      bucket: sellerMonthBucket('2020-01', 'earlier-seller'),
      shard: 0,
    })
      .add({ value: 1 })
      .go();
    const { sellerId, template } = await newTemplate();
    const [ada, bo] = await buyers(2);

    failTallies();
    await spendDownload(ada!, template.id);
    await spendDownload(bo!, template.id);
    // While the tallies cannot be applied, the month is not counted short: the count fails.
    await expect(countSellersDownloadsInMonth([sellerId], thisMonth())).rejects.toThrow(
      /still being counted/,
    );
    documentClient().middlewareStack.remove(installed.pop()!);
    expect((await pendingTallies()).filter((tally) => tally.seller_id === sellerId)).toHaveLength(
      2,
    );

    // With no schedule run in between, the count applies them first.
    expect((await countSellersDownloadsInMonth([sellerId], thisMonth())).get(sellerId)).toBe(2);
    expect((await pendingTallies()).filter((tally) => tally.seller_id === sellerId)).toEqual([]);
    expect(await downloadCountOf(template.id)).toBe(template.download_count + 2);
  });

  it("keeps each shard of the site's counters in a partition of its own", async () => {
    const partitionKeys = shardsOf('downloads').map(
      (shard) => CounterShardEntity.keyOf({ name: 'downloads', shard, bucket: 'all' }).pk,
    );
    expect(new Set(partitionKeys).size).toBe(SHARDED_COUNTERS.downloads);
    const sellerKeys = shardsOf('seller_downloads').map(
      (shard) =>
        CounterShardEntity.keyOf({ name: 'seller_downloads', shard, bucket: '2026-01/s' }).pk,
    );
    expect(new Set(sellerKeys).size).toBe(SHARDED_COUNTERS.seller_downloads);
  });
});
