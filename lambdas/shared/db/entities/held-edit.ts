/**
 * HeldEdit: one small item per live template whose edit waits for an admin (PUBLISH_MODE=moderate),
 * so the moderation queue finds held edits by a key instead of filtering every approved template
 * (docs/data-model.md, section 3.3, M15). The edit itself stays on the template (`pending_edit`): this item
 * only says that one waits, since when, and which edit it is (`at`, the edit's stamp that an
 * admin's decision is conditioned on).
 *
 * Written with the template in one transaction: put when the seller's edit is held (a newer edit
 * replaces it, with its own `at`), deleted when an admin decides (condition `at = :read`) and when
 * the template leaves the catalog (archived).
 *
 * - byMvp (table):    pk `mvp_id`               → the template's held edit (one at most)
 * - byStatus (gsi2):  pk `status`, sk `at`      → the queue's held edits, oldest first, and their
 *   count for the admin overview (the sort key's `$heldedit_1` prefix keeps them apart from the
 *   templates and versions in the same `status_pending_review` partition)
 */
import { defineEntity } from '../entity';

export interface HeldEditItem {
  mvp_id: string;
  seller_id: string;
  /** Only waiting edits have an item; the status names its place in the review partition. */
  status: 'pending_review';
  /** When the seller saved the edit: the template's `pending_edit.at`. */
  at: string;
}

export const HeldEditEntity = defineEntity<HeldEditItem>()({
  entity: 'heldEdit',
  version: '1',
  indexes: {
    byMvp: { pk: ['mvp_id'], sk: [] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['at'] },
  },
});
