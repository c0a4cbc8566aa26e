/**
 * Order (`stripe_orders`, docs/data-model.md, section 3.13): every paid money-in event from Stripe, one
 * item each: one-time template purchases (a Checkout Session in payment mode, id `cs_…`) and paid
 * subscription invoices (id `in_…`). The Stripe object id is the key, so recording the same
 * payment twice is impossible by construction.
 *
 * - byId (table):      pk `id`                          → one order (webhook, refunds)
 * - byUser (gsi1):     pk `user_id`, sk `created_at`    → the buyer's orders (ownership of
 *   one-time-sale templates, the paid invoices of a subscription for refunds)
 * - byStatus (gsi2):   pk `status`, sk `created_at`     → completed orders (admin revenue)
 * - bySeller (gsi3):   pk `seller_id`, sk `created_at`  → a seller's one-time sales in a month
 *   (payout run); sparse: subscription invoices carry no seller
 */
import { defineEntity } from '../entity';

export const ORDER_KINDS = ['one_time_sale', 'subscription_invoice'] as const;
export const ORDER_STATUSES = ['pending', 'completed', 'canceled'] as const;

export interface OrderItem {
  /** The Stripe object: `cs_…` (one-time sale) or `in_…` (subscription invoice). */
  id: string;
  kind: (typeof ORDER_KINDS)[number];
  user_id: string;
  stripe_customer_id: string;
  /** What a refund is made against. */
  payment_intent_id?: string;
  /** Minor units (pence), as Stripe reports them. */
  amount_subtotal: number;
  amount_total: number;
  /** Refunded so far (minor units), from `charge.refunded`; only ever grows. */
  amount_refunded: number;
  currency: string;
  payment_status: string;
  status: (typeof ORDER_STATUSES)[number];
  /** One-time sales: the template and its seller (denormalised for the payout run). */
  mvp_id?: string;
  mvp_title?: string;
  seller_id?: string;
  /** Subscription invoices: the Stripe subscription and the period the invoice paid for. */
  stripe_subscription_id?: string;
  period_start?: string;
  period_end?: string;
  /**
   * A card dispute (chargeback) of the order's charge, from `charge.dispute.*`: Stripe's dispute id
   * and status, when it was opened, and the amount it holds back from what the order paid
   * (the disputed amount while it is open or once lost; 0 once won).
   */
  dispute_id?: string;
  dispute_status?: string;
  disputed_at?: string;
  amount_disputed?: number;
  created_at: string;
  updated_at: string;
}

export const OrderEntity = defineEntity<OrderItem>()({
  entity: 'order',
  version: '1',
  defaults: { amount_refunded: 0 },
  indexes: {
    byId: { pk: ['id'], sk: [] },
    byUser: { index: 'gsi1', pk: ['user_id'], sk: ['created_at'] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['created_at'] },
    bySeller: { index: 'gsi3', pk: ['seller_id'], sk: ['created_at'] },
  },
});
