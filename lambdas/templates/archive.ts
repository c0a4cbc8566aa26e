/**
 * Archiving templates (M5 to archived): one by its seller or an admin, or all of
 * a seller's whose account was removed. The item and its versions stay for download history,
 * disputes and payouts; an approved template leaves the catalog.
 */
import type { UserProfile } from '../../contract/profile';
import { TEMPLATE_MESSAGES } from '../../contract/templates';
import { writeArchived } from './archive-all';
import { conflictOnRefusal, loadManageable } from './service';

/**
 * `DELETE /api/mvps/{id}` (M5 to archived): the item and its versions stay for download history,
 * disputes and payouts; an approved template leaves the catalog.
 */
export const archiveTemplate = async (
  profile: UserProfile,
  templateId: string,
): Promise<{ message: string }> => {
  const template = await loadManageable(profile, templateId);
  await writeArchived(template, new Date().toISOString()).catch(conflictOnRefusal);
  return { message: TEMPLATE_MESSAGES.deleted };
};
