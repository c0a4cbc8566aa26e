/**
 * RefundRequest (docs/data-model.md §3.9). Admin actions address a request by id alone, so the id
 * is the table key and the user's history is an index.
 *
 * - byId (table):     pk `id`                       → one request (admin approve, reject, process)
 * - byUser (gsi1):    pk `user_id`, sk `created_at` → Request History, newest first
 * - byStatus (gsi2):  pk `status`, sk `created_at`  → admin queue, oldest first
 */
import { Entity } from 'electrodb';
import { PLAN_TYPES } from '../../contracts/plans';
import { REFUND_STATUSES } from '../../contracts/refunds';
import { SERVICE, entityConfig } from '../entity-config';

export const RefundRequestEntity = new Entity(
  {
    model: { entity: 'refundRequest', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true },
      user_id: { type: 'string', required: true },
      subscription_id: { type: 'string', required: true },
      /** Denormalised from the subscription at filing: the "joined subscription" of the lists. */
      plan_type: { type: PLAN_TYPES, required: true },
      stripe_subscription_id: { type: 'string', required: true },
      /** Denormalised for the admin list. */
      user_email: { type: 'string', required: true },
      reason: { type: 'string', required: true },
      /** A person's typed amount, at most two decimals (a DynamoDB Number is an exact decimal). */
      amount_requested: { type: 'number', required: true },
      status: { type: REFUND_STATUSES, required: true },
      created_at: { type: 'string', required: true },
      processed_at: { type: 'string' },
      processed_by: { type: 'string' },
      stripe_refund_id: { type: 'string' },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'] },
        sk: { field: 'sk', composite: [] },
      },
      byUser: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['user_id'] },
        sk: { field: 'gsi1sk', composite: ['created_at'] },
      },
      byStatus: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['status'] },
        sk: { field: 'gsi2sk', composite: ['created_at'] },
      },
    },
  },
  entityConfig(),
);
