/** Dispute data access (docs/data-model.md §3.10): one function per access pattern. */
import { DisputeEntity, type DisputeItem } from '../shared/db/entities/dispute';

export type { DisputeItem };

/** X1: a new dispute; `create` refuses to overwrite an existing id. */
export const createDispute = async (item: DisputeItem): Promise<void> => {
  await DisputeEntity.create(item).go();
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
