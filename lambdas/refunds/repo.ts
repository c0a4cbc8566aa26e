/** Refund request data access (docs/data-model.md §3.9): one function per access pattern. */
import { RefundRequestEntity, type RefundRequestItem } from '../shared/db/entities/refund-request';

export type { RefundRequestItem };

/** F1: a new request; `create` refuses to overwrite an existing id. */
export const createRefundRequest = async (item: RefundRequestItem): Promise<void> => {
  await RefundRequestEntity.create(item).go();
};

/** F2: the user's requests, newest first. */
export const queryRefundRequestsOfUser = async (userId: string): Promise<RefundRequestItem[]> => {
  const { data } = await RefundRequestEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};
