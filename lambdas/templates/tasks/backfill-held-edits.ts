/**
 * One-off task: gives every edit held for an admin before the HeldEdit item existed its item
 * (docs/data-model.md, section 3.3, M15), so the moderation queue and the overview's count find
 * it. `npm start`'s seed runs it on every start; in the cloud run it once after the deploy that adds
 * the item (docs/operations.md, "Held edits"): `npx tsx lambdas/templates/tasks/backfill-held-edits.ts`
 * with the templates function's environment. Idempotent.
 */
import { pathToFileURL } from 'node:url';
import { backfillHeldEdits } from '../held-edit-repo';

/** Writes the missing HeldEdit items; returns how many were written. */
export const handler = async (): Promise<{ heldEdits: number }> => ({
  heldEdits: await backfillHeldEdits(),
});

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { heldEdits } = await handler();
  console.log(`Held edit items written: ${heldEdits}.`);
}
