/**
 * Prepare counts a month's downloads from the sellers' month counters (a few queries) when the
 * month was counted, and from the rows when it was before the counters began: either way each seller's
 * payout is what the rows say (the split of the month's pool by the rows' counts), so an old month
 * still pays right and a counted one pays the same as counting row by row would.
 */
import { describe, expect, it } from 'vitest';
import { countSellerDownloadsInMonth } from '../../../../lambdas/downloads/service';
import { preparePayoutRun } from '../../../../lambdas/payouts/run';
import { splitMonth } from '../../../../lambdas/payouts/split';
import { SHARDED_COUNTERS } from '../../../../lambdas/shared/db/entities/counter-shard';
import { PayoutEntity } from '../../../../lambdas/shared/db/entities/payout';
import { recordDynamoDbCommands } from '../../../fixtures/dynamodb-commands';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import { addToPool, putApprovedSeller, putMonthDownloads } from '../../../fixtures/payouts';

/** The month's payout rows, by seller: downloads and amounts. */
const payoutsOf = async (sellerIds: string[], monthYear: string) =>
  Object.fromEntries(
    await Promise.all(
      sellerIds.map(async (sellerId) => {
        const { data } = await PayoutEntity.get({ seller_id: sellerId, month_year: monthYear }).go({
          consistent: true,
        });
        return [
          sellerId,
          data && [data.total_downloads, data.pool_share_amount, data.sales_share_amount],
        ];
      }),
    ),
  );

/** What the rows say each seller earned: D6 row by row, then the month's split. */
const expectedFromRows = async (
  sellerIds: string[],
  monthYear: string,
  pool: number,
  sales: Record<string, number> = {},
) => {
  const months = await Promise.all(
    sellerIds.map(async (sellerId) => ({
      sellerId,
      downloads: await countSellerDownloadsInMonth(sellerId, monthYear),
      oneTimeSales: sales[sellerId] ?? 0,
    })),
  );
  const split = splitMonth(pool, months);
  return Object.fromEntries(
    sellerIds.map((sellerId) => {
      const earned = split.sellers.find((earnings) => earnings.sellerId === sellerId);
      return [sellerId, earned ? [earned.downloads, earned.poolShare, earned.salesShare] : null];
    }),
  );
};

describe('Prepare with the seller month counters', () => {
  it('pays a month from before the counters from its rows, and a counted month as its rows say', async () => {
    const [ada, bo, cy] = await Promise.all([
      putApprovedSeller(),
      putApprovedSeller(),
      putApprovedSeller(),
    ]);
    const sellers = [ada.id, bo.id, cy.id];
    // 2022-03: downloads recorded before the counters existed (rows only).
    await putMonthDownloads(ada.id, '2022-03', 3, { counter: false });
    await putMonthDownloads(bo.id, '2022-03', 1, { counter: false });
    await addToPool('2022-03', 10_000);
    // 2022-05: the counters' first month; 2022-06: counted.
    await putMonthDownloads(cy.id, '2022-05', 1);
    await putMonthDownloads(ada.id, '2022-06', 5);
    await putMonthDownloads(cy.id, '2022-06', 2);
    await addToPool('2022-06', 20_000);
    await putOrder(
      templateOrder('buyer-1', { id: 'kit-1', title: 'Kit', seller_id: bo.id }, 4_999, {
        created_at: '2022-06-10T12:00:00.000Z',
      }),
    );

    const commands = recordDynamoDbCommands();
    commands.clear();
    const old = await preparePayoutRun({ monthYear: '2022-03', executionName: 'old-month' });
    expect(commands.count('Query', '$download_1')).toBe(3); // one row count per seller
    expect(old).toMatchObject({ acquired: true, total_downloads: 4, payouts_created: 2 });
    expect(await payoutsOf(sellers, '2022-03')).toEqual({
      [ada.id]: [3, 5_250, 0],
      [bo.id]: [1, 1_750, 0],
      [cy.id]: null,
    });
    expect(await payoutsOf(sellers, '2022-03')).toEqual(
      await expectedFromRows(sellers, '2022-03', 10_000),
    );

    commands.clear();
    const counted = await preparePayoutRun({ monthYear: '2022-06', executionName: 'counted' });
    // No download row was read: the month's counters are one query on each of the counter's
    // partitions (and one more each for the month the counters began), whatever the number of
    // sellers.
    expect(commands.count('Query', '$download_1')).toBe(0);
    expect(commands.count('Query', 'seller_downloads')).toBe(
      2 * (1 + SHARDED_COUNTERS.seller_downloads),
    );
    expect(counted).toMatchObject({ acquired: true, total_downloads: 7, payouts_created: 3 });
    expect(await payoutsOf(sellers, '2022-06')).toEqual({
      [ada.id]: [5, 10_000, 0],
      [bo.id]: [0, 0, 3_499],
      [cy.id]: [2, 4_000, 0],
    });
    expect(await payoutsOf(sellers, '2022-06')).toEqual(
      await expectedFromRows(sellers, '2022-06', 20_000, { [bo.id]: 4_999 }),
    );
  });
});
