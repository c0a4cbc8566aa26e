/** Dispute data access (docs/data-model.md, section 3.10): one function per access pattern. */
import type { DisputeStatus } from '../../contract/disputes';
import { DisputeEntity, type DisputeItem } from '../shared/db/entities/dispute';
import {
  transactWrite,
  type TransactionResult,
  type TransactionWrite,
} from '../shared/db/transaction';

export type { DisputeItem };

/**
 * X1: a new dispute (`create` refuses to overwrite an existing id), with the seller's notification
 * in the same transaction.
 */
export const createDispute = async (
  item: DisputeItem,
  notification: readonly TransactionWrite[],
): Promise<void> => {
  const result = await transactWrite({ dispute: DisputeEntity.create(item), notification });
  if (result.canceled) throw new Error(`Opening dispute ${item.id} was cancelled.`);
};

/** X2: one dispute by id (the caller's right to see it is decided by the service). */
export const getDisputeById = async (id: string): Promise<DisputeItem | null> => {
  const { data } = await DisputeEntity.get({ id }).go({ consistent: true });
  return data;
};

/** X3: disputes the user filed as buyer, newest first. */
export const queryDisputesAsBuyer = async (buyerId: string): Promise<DisputeItem[]> => {
  const { data } = await DisputeEntity.query
    .byBuyer({ buyer_id: buyerId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/** X4: disputes about the user's templates, newest first. */
export const queryDisputesAsSeller = async (sellerId: string): Promise<DisputeItem[]> => {
  const { data } = await DisputeEntity.query
    .bySeller({ seller_id: sellerId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/** X6: the disputes of one status, oldest first (the admin queue). */
export const queryDisputesByStatus = async (status: DisputeStatus): Promise<DisputeItem[]> => {
  const { data } = await DisputeEntity.query
    .byStatus({ status })
    .go({ order: 'asc', pages: 'all' });
  return data;
};

/**
 * X7: one admin transition of a dispute (condition `status = from`), with the items of other
 * domains that commit with it (both parties' notifications, the audit entry). The timeline is
 * written whole: every change of it is a status change, so the condition guards it too. A refusal
 * names the item `dispute`.
 */
export const transitionDispute = (input: {
  id: string;
  from: DisputeStatus;
  set: Pick<DisputeItem, 'status' | 'timeline' | 'updated_at'> &
    Partial<Pick<DisputeItem, 'resolved_at' | 'resolution_details'>>;
  notifications: readonly TransactionWrite[];
  audit: TransactionWrite;
}): Promise<TransactionResult> =>
  transactWrite({
    dispute: DisputeEntity.patch({ id: input.id })
      .set(input.set)
      .where(({ status }, { eq }) => eq(status, input.from)),
    notification: input.notifications,
    audit: input.audit,
  });

/**
 * DI8: a closed account's side of its disputes keeps the dispute (the other party and the admins
 * need it) without the person's address or name: the pseudonym instead of the e-mail.
 */
export const pseudonymiseDisputeParty = async (
  item: DisputeItem,
  side: 'buyer' | 'seller',
  pseudonym: string,
  now: string,
): Promise<void> => {
  const patch = DisputeEntity.patch({ id: item.id });
  if (side === 'buyer') {
    await patch
      .set({ buyer_email: pseudonym, updated_at: now })
      .remove(['buyer_display_name'])
      .go();
  } else {
    await patch
      .set({ seller_email: pseudonym, updated_at: now })
      .remove(['seller_display_name'])
      .go();
  }
};
