/** Refund request data access (docs/data-model.md, section 3.9): one function per access pattern. */
import type { RefundStatus } from '../../contract/refunds';
import { isConditionFailure, type WriteBuilder } from '../shared/db/entity';
import {
  RefundRequestEntity,
  type RefundPlanEntry,
  type RefundRequestItem,
} from '../shared/db/entities/refund-request';
import { transactWrite, type TransactionWrite } from '../shared/db/transaction';

export type { RefundPlanEntry, RefundRequestItem };

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

/** F3: the requests of one status, oldest first (the admin queue). */
export const queryRefundRequestsByStatus = async (
  status: RefundStatus,
): Promise<RefundRequestItem[]> => {
  const { data } = await RefundRequestEntity.query
    .byStatus({ status })
    .go({ order: 'asc', pages: 'all' });
  return data;
};

/** One request by id (strongly consistent: admin actions decide on it). */
export const getRefundRequest = async (id: string): Promise<RefundRequestItem | null> => {
  const { data } = await RefundRequestEntity.get({ id }).go({ consistent: true });
  return data;
};

/**
 * Runs a conditional patch; `null` when its condition failed (the request is absent or its status
 * moved meanwhile), so the service can say which from a fresh read.
 */
const patchIf = async (
  write: WriteBuilder<RefundRequestItem>,
): Promise<RefundRequestItem | null> => {
  try {
    return (await write.go({ response: 'all_new' })).data;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};

/**
 * Commits a status change of a request with the admin action's audit entry (items `request` and
 * `audit`); `null` when the request's condition failed (absent, or its status moved meanwhile).
 */
const commitWithAudit = async (
  id: string,
  request: WriteBuilder<RefundRequestItem>,
  audit: TransactionWrite,
): Promise<RefundRequestItem | null> => {
  const result = await transactWrite({ request, audit });
  if (!result.canceled) return getRefundRequest(id);
  if (result.failed('request') === 'ConditionalCheckFailed') return null;
  throw new Error(`Refund request ${id} was not updated: ${JSON.stringify(result.codes)}`);
};

/** F4: approve or reject a pending request, once (condition `status = pending`), audited. */
export const decideRefundRequest = (
  id: string,
  to: 'approved' | 'rejected',
  adminId: string,
  audit: TransactionWrite,
): Promise<RefundRequestItem | null> =>
  commitWithAudit(
    id,
    RefundRequestEntity.patch({ id })
      .set({ status: to, processed_by: adminId })
      .where(({ status }, { eq }) => eq(status, 'pending')),
    audit,
  );

/**
 * F5, step 1: fixes which invoices an approved request is refunded from, once (condition
 * `status = approved` and no plan yet). `null` when another run fixed it first or the status moved.
 */
export const fixRefundPlan = (
  id: string,
  plan: readonly RefundPlanEntry[],
): Promise<RefundRequestItem | null> =>
  patchIf(
    RefundRequestEntity.patch({ id })
      .set({ refund_plan: [...plan] })
      .where(
        ({ status, refund_plan }, { eq, notExists }) =>
          `${eq(status, 'approved')} AND ${notExists(refund_plan)}`,
      ),
  );

/**
 * F5, last step: approved → processed with the Stripe refund (condition `status = approved`),
 * audited.
 */
export const markRefundProcessed = (
  id: string,
  set: { stripe_refund_id: string; processed_at: string; processed_by: string },
  audit: TransactionWrite,
): Promise<RefundRequestItem | null> =>
  commitWithAudit(
    id,
    RefundRequestEntity.patch({ id })
      .set({ ...set, status: 'processed' })
      .where(({ status }, { eq }) => eq(status, 'approved')),
    audit,
  );

/** F8: a closed account's refund requests keep their amounts and decisions, not the address. */
export const pseudonymiseRefundRequest = async (id: string, pseudonym: string): Promise<void> => {
  await RefundRequestEntity.patch({ id }).set({ user_email: pseudonym }).go();
};
