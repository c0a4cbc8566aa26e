/**
 * The HeldEdit items (docs/data-model.md, M15): one per live template whose edit waits for an
 * admin (PUBLISH_MODE=moderate), so the moderation queue finds them without reading every
 * approved template. Written in the template's own transaction (repo.ts `writeTemplate`).
 */
import { isConditionFailure } from '../shared/db/entity';
import { HeldEditEntity, type HeldEditItem } from '../shared/db/entities/held-edit';
import { TemplateEntity, type TemplateItem } from '../shared/db/entities/template';
import { TemplateVersionEntity } from '../shared/db/entities/template-version';

/**
 * M15 (gsi2): the oldest `limit` held edits of live templates waiting for an admin
 * (PUBLISH_MODE=moderate), one HeldEdit item each. Eventually consistent: the caller checks each
 * against its template.
 */
export const listHeldEdits = async (limit: number): Promise<HeldEditItem[]> => {
  const { data } = await HeldEditEntity.query
    .byStatus({ status: 'pending_review' })
    .go({ order: 'asc', limit });
  return data;
};

/** M15 and V3 counted (`Select: COUNT`): held edits and new versions waiting for an admin. */
export const countChangesInReview = async (): Promise<{ edits: number; versions: number }> => {
  const [edits, versions] = await Promise.all([
    HeldEditEntity.query.byStatus({ status: 'pending_review' }).count(),
    TemplateVersionEntity.query.byStatus({ status: 'pending_review' }).count(),
  ]);
  return { edits, versions };
};

/** The HeldEdit item of an edit being held (replacing the template's earlier one, if any). */
export const heldEditWrite = (template: Pick<TemplateItem, 'id' | 'seller_id'>, at: string) =>
  HeldEditEntity.put({
    mvp_id: template.id,
    seller_id: template.seller_id,
    status: 'pending_review',
    at,
  });

/**
 * The HeldEdit items of edits held before the item existed: every approved template whose edit
 * waits (M9 over `approved`, all pages) gets its item, created only where none is (an edit held
 * since carries its own). Returns how many were written; a second run writes none.
 */
export const backfillHeldEdits = async (): Promise<number> => {
  const { data } = await TemplateEntity.query.byStatus({ status: 'approved' }).go({ pages: 'all' });
  let written = 0;
  for (const template of data) {
    if (template.pending_edit_status !== 'pending_review' || !template.pending_edit) continue;
    const result = await HeldEditEntity.create({
      mvp_id: template.id,
      seller_id: template.seller_id,
      status: 'pending_review',
      at: template.pending_edit.at,
    })
      .go()
      .then(() => 'written' as const)
      .catch((error: unknown) => {
        if (isConditionFailure(error)) return 'present' as const;
        throw error;
      });
    if (result === 'written') written += 1;
  }
  return written;
};

/**
 * The HeldEdit item removed by a decision on the edit stamped `at`: refused (item `heldEdit`) when
 * the seller saved a newer edit meanwhile or another decision took it first.
 */
export const heldEditDecidedWrite = (templateId: string, at: string) =>
  HeldEditEntity.delete({ mvp_id: templateId }).where((attr, op) => op.eq(attr.at, at));
