/**
 * RefundRequest (docs/data-model.md, section 3.9): money asked back on a subscription or a one-time order. Admin actions address a request by id alone, so the id
 * is the table key and the user's history is an index.
 *
 * - byId (table):     pk `id`                       → one request (admin approve, reject, process)
 * - byUser (gsi1):    pk `user_id`, sk `created_at` → Request History, newest first
 * - byStatus (gsi2):  pk `status`, sk `created_at`  → admin queue, oldest first
 */
import type { PLAN_TYPES } from '../../../../contract/plans';
import type { REFUND_STATUSES } from '../../../../contract/refunds';
import { defineEntity } from '../entity';

export interface RefundRequestItem {
  id: string;
  user_id: string;
  /** One of the caller's subscriptions, or absent for a one-time order (`order_id`). */
  subscription_id?: string;
  /** Denormalised from the subscription at filing: the "joined subscription" of the lists. */
  plan_type?: (typeof PLAN_TYPES)[number];
  stripe_subscription_id?: string;
  /** A one-time order of a template (its Checkout Session id), or absent for a subscription. */
  order_id?: string;
  /** Denormalised from the order at filing, for the lists. */
  mvp_title?: string;
  /** Denormalised for the admin list. */
  user_email: string;
  reason: string;
  /** A person's typed amount, at most two decimals (a DynamoDB Number is an exact decimal). */
  amount_requested: number;
  status: (typeof REFUND_STATUSES)[number];
  created_at: string;
  processed_at?: string;
  processed_by?: string;
  /** The first (often the only) Stripe refund of the request. */
  stripe_refund_id?: string;
  /**
   * Which paid invoices the refund is taken from, newest first (minor units), fixed once before
   * the first Stripe call: a re-run after a crash repeats exactly the same Stripe refunds (same
   * idempotency keys and amounts) whatever was refunded meanwhile.
   */
  refund_plan?: RefundPlanEntry[];
}

export interface RefundPlanEntry {
  invoice_id: string;
  payment_intent_id: string;
  amount: number;
}

export const RefundRequestEntity = defineEntity<RefundRequestItem>()({
  entity: 'refundRequest',
  version: '1',
  indexes: {
    byId: { pk: ['id'], sk: [] },
    byUser: { index: 'gsi1', pk: ['user_id'], sk: ['created_at'] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['created_at'] },
  },
});
