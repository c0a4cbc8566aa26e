/**
 * Dispute: a buyer's complaint about a template they downloaded (docs/data-model.md, section 3.10).
 *
 * - byId (table):     pk `id`                          → the dispute page
 * - byBuyer (gsi1):   pk `buyer_id`, sk `opened_at`    → the buyer's disputes, newest first
 * - byStatus (gsi2):  pk `status`, sk `opened_at`      → the admin queue per status
 * - bySeller (gsi3):  pk `seller_id`, sk `opened_at`   → disputes about a seller's templates
 *
 * Party names and the template's title are copied in, so a list needs no join.
 */
import type { DisputeReason, DisputeStatus } from '../../../../contract/disputes';
import { defineEntity } from '../entity';

export interface DisputeTimelineEntry {
  status: DisputeStatus;
  at: string;
  by: string;
}

export interface DisputeItem {
  id: string;
  buyer_id: string;
  seller_id: string;
  mvp_id: string;
  reason: DisputeReason;
  details: string;
  status: DisputeStatus;
  opened_at: string;
  resolved_at?: string;
  resolution_details?: string;
  timeline: DisputeTimelineEntry[];
  updated_at: string;
  buyer_username?: string;
  buyer_display_name?: string;
  /** For admins only (never shown to the other party). */
  buyer_email: string;
  seller_username?: string;
  seller_display_name?: string;
  /** For admins only (never shown to the other party). */
  seller_email: string;
  mvp_title: string;
  mvp_slug: string;
}

export const DisputeEntity = defineEntity<DisputeItem>()({
  entity: 'dispute',
  version: '1',
  indexes: {
    byId: { pk: ['id'], sk: [] },
    byBuyer: { index: 'gsi1', pk: ['buyer_id'], sk: ['opened_at'] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['opened_at'] },
    bySeller: { index: 'gsi3', pk: ['seller_id'], sk: ['opened_at'] },
  },
});
