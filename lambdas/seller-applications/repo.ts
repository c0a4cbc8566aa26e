/** Seller application data access (docs/data-model.md, section 3.15). */
import {
  SellerApplicationEntity,
  type SellerApplicationItem,
} from '../shared/db/entities/seller-application';
import {
  transactWrite,
  type TransactionItems,
  type TransactionResult,
  type TransactionWrite,
} from '../shared/db/transaction';

export type { SellerApplicationItem };

/**
 * A1: store the user's application, replacing a decided one; refused while one is pending (the
 * condition makes a double submit from two tabs answer the same as one after the other).
 */
export const putSellerApplicationUnlessPending = async (
  item: SellerApplicationItem,
): Promise<'stored' | 'pending'> => {
  const result = await transactWrite({
    application: SellerApplicationEntity.put(item).where(
      ({ status }, { notExists, ne }) => `${notExists(status)} OR ${ne(status, 'pending')}`,
    ),
  });
  if (!result.canceled) return 'stored';
  if (result.failed('application') === 'ConditionalCheckFailed') return 'pending';
  throw new Error(
    `Storing the application of ${item.user_id} failed: ${JSON.stringify(result.codes)}`,
  );
};

/** A2: the user's application (strongly consistent), or `null`. */
export const getSellerApplication = async (
  userId: string,
): Promise<SellerApplicationItem | null> => {
  const { data } = await SellerApplicationEntity.get({ user_id: userId }).go({ consistent: true });
  return data;
};

/** A6: the user's application goes (their account's closure). */
export const deleteSellerApplication = async (userId: string): Promise<void> => {
  await SellerApplicationEntity.delete({ user_id: userId }).go();
};

/** A3: the applications of one status by submission time (up to `limit`). */
export const querySellerApplicationsOfStatus = async (
  status: SellerApplicationItem['status'],
  options: { order: 'asc' | 'desc'; limit: number },
): Promise<SellerApplicationItem[]> => {
  const { data } = await SellerApplicationEntity.query
    .byStatus({ status })
    .go({ order: options.order, limit: options.limit });
  return data;
};

/**
 * A4 (transaction item, name it `application`): the decision on an application in status `from`
 * (pending, or a declined one a Users tab approval overrides); refused when it moved meanwhile,
 * so two admins never both decide.
 */
export const sellerApplicationDecisionWrite = (input: {
  userId: string;
  from: SellerApplicationItem['status'];
  to: 'approved' | 'rejected';
  reviewedBy: string;
  reason?: string;
  now: string;
}): TransactionWrite =>
  SellerApplicationEntity.patch({ user_id: input.userId })
    .set({
      status: input.to,
      reviewed_at: input.now,
      reviewed_by: input.reviewedBy,
      ...(input.reason !== undefined && { rejection_reason: input.reason }),
    })
    .where(({ status }, { eq }) => eq(status, input.from));

/**
 * A4 for a rejection: the application's decision (`application`, A4's write) with the caller's
 * items of the same decision (its audit entry, the applicant's notification), in one transaction.
 */
export const storeSellerApplicationDecision = (
  items: { application: TransactionWrite } & TransactionItems,
): Promise<TransactionResult> => transactWrite(items);
