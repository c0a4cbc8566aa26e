/**
 * Archiving templates (M5 to archived): one by its seller or an admin, or all of
 * a seller's whose account was removed. The item and its versions stay for download history,
 * disputes and payouts; an approved template leaves the catalog.
 */
import type { Profile } from '../../contract/profile';
import { MVP_MESSAGES } from '../../contract/templates';
import { writeArchived } from './archive-all';
import { conflictOnRefusal, loadManageable } from './service';

/**
 * `DELETE /api/mvps/{id}` (M5 to archived): the item and its versions stay for download history,
 * disputes and payouts; an approved template leaves the catalog.
 */
export const archiveMvp = async (profile: Profile, mvpId: string): Promise<{ message: string }> => {
  const mvp = await loadManageable(profile, mvpId);
  await writeArchived(mvp, new Date().toISOString()).catch(conflictOnRefusal);
  return { message: MVP_MESSAGES.deleted };
};

export { archiveAllTemplatesOfSeller } from './archive-all';
