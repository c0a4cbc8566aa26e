/**
 * ConnectAccount data access, one function per access pattern (docs/data-model.md, section 3.30).
 */
import {
  ConnectAccountEntity,
  type ConnectAccountItem,
} from '../shared/db/entities/connect-account';
import { writtenUnlessRefused } from '../shared/db/entity';
import type { TransactionWrite } from '../shared/db/transaction';

export type { ConnectAccountItem };

/** CA1: the user's account, read consistently, or null. */
export const getConnectAccountItem = async (userId: string): Promise<ConnectAccountItem | null> =>
  (await ConnectAccountEntity.get({ user_id: userId }).go({ consistent: true })).data;

/** CA2: the accounts of many users, strongly consistent (BatchGetItem, 100 keys a request). */
export const batchGetConnectAccountItems = (
  userIds: readonly string[],
): Promise<ConnectAccountItem[]> =>
  userIds.length === 0
    ? Promise.resolve([])
    : ConnectAccountEntity.batchGetAll(
        userIds.map((id) => ({ user_id: id })),
        { consistent: true },
      );

/** CA3: the user's account, created only while absent; false when one was stored first. */
export const createConnectAccountIfAbsent = async (item: ConnectAccountItem): Promise<boolean> => {
  return writtenUnlessRefused(ConnectAccountEntity.create(item));
};

/** CA3 as a transaction item (the backfill's, or a status for an account not stored yet). */
export const connectAccountCreate = (item: ConnectAccountItem): TransactionWrite =>
  ConnectAccountEntity.create(item);

/**
 * CA4 (transaction item): the account's status from an `account.updated` event, on the condition
 * that it is this account and no newer event was applied already (out-of-order delivery changes
 * nothing).
 */
/** What an `account.updated` event says of a seller's Connect account. */
export interface ConnectStatus {
  userId: string;
  accountId: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  eventCreated: number;
  now: string;
}

export const connectStatusPatch = (input: ConnectStatus): TransactionWrite =>
  ConnectAccountEntity.patch({ user_id: input.userId })
    .set({
      stripe_payouts_enabled: input.payoutsEnabled,
      stripe_details_submitted: input.detailsSubmitted,
      stripe_account_event_created: input.eventCreated,
      updated_at: input.now,
    })
    .where(
      ({ stripe_account_id, stripe_account_event_created }, { eq, notExists, lte }) =>
        `${eq(stripe_account_id, input.accountId)} AND (${notExists(stripe_account_event_created)} OR ${lte(stripe_account_event_created, input.eventCreated)})`,
    );
