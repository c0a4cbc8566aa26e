/**
 * Dispute (docs/data-model.md §3.10): a buyer's complaint about a template they downloaded.
 *
 * - byId (table):      pk `id`                        → the detail page (then: buyer, seller, admin?)
 * - byBuyer (gsi1):    pk `buyer_id`, sk `opened_at`  → "my disputes" as buyer, newest first
 * - byStatus (gsi2):   pk `status`, sk `opened_at`    → admin queue per status
 * - bySeller (gsi3):   pk `seller_id`, sk `opened_at` → "my disputes" as seller, newest first
 *
 * The timeline holds at most three entries (opened, in review, resolved), so it is embedded.
 * Names, e-mails and the template's title are snapshots taken at filing: lists and the detail
 * need no joins, and a dispute is short-lived enough that a later rename does not matter.
 */
import { Entity } from 'electrodb';
import { DISPUTE_REASONS, DISPUTE_STATUSES } from '../../contracts/disputes';
import { SERVICE, entityConfig } from '../entity-config';

export const DisputeEntity = new Entity(
  {
    model: { entity: 'dispute', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true },
      buyer_id: { type: 'string', required: true },
      seller_id: { type: 'string', required: true },
      mvp_id: { type: 'string', required: true },
      reason: { type: DISPUTE_REASONS, required: true },
      details: { type: 'string', required: true },
      status: { type: DISPUTE_STATUSES, required: true },
      opened_at: { type: 'string', required: true },
      resolved_at: { type: 'string' },
      resolution_details: { type: 'string' },
      timeline: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: {
            status: { type: DISPUTE_STATUSES, required: true },
            at: { type: 'string', required: true },
            /** The user who made the change. */
            by: { type: 'string', required: true },
          },
        },
      },
      updated_at: { type: 'string', required: true },
      buyer_username: { type: 'string' },
      buyer_email: { type: 'string', required: true },
      seller_username: { type: 'string' },
      seller_email: { type: 'string', required: true },
      mvp_title: { type: 'string', required: true },
      mvp_slug: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'] },
        sk: { field: 'sk', composite: [] },
      },
      byBuyer: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['buyer_id'] },
        sk: { field: 'gsi1sk', composite: ['opened_at'] },
      },
      byStatus: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['status'] },
        sk: { field: 'gsi2sk', composite: ['opened_at'] },
      },
      bySeller: {
        index: 'gsi3',
        pk: { field: 'gsi3pk', composite: ['seller_id'] },
        sk: { field: 'gsi3sk', composite: ['opened_at'] },
      },
    },
  },
  entityConfig(),
);
