/**
 * Archiving templates (seller spec §5, M5 to archived): one by its seller or an admin, or all of
 * a seller's whose account was removed. The item and its versions stay for download history,
 * disputes and payouts; an approved template leaves the catalog.
 */
import type { Profile } from '../shared/contracts/profile';
import { MVP_MESSAGES } from '../shared/contracts/templates';
import {
  TransactionRefusedError,
  getMvpById,
  listMvpsBySeller,
  writeTemplate,
  type MvpItem,
} from './repo';
import { conflictOnRefusal, loadManageable } from './service';

/** M5 to archived from the status read: the counter moves, the catalog changes if approved. */
const writeArchived = (mvp: MvpItem, now: string): Promise<void> =>
  writeTemplate({
    mvpId: mvp.id,
    fromStatus: mvp.status,
    set: { status: 'archived', updated_at: now },
    now,
  });

/**
 * `DELETE /api/mvps/{id}` (M5 to archived): the item and its versions stay for download history,
 * disputes and payouts; an approved template leaves the catalog.
 */
export const archiveMvp = async (profile: Profile, mvpId: string): Promise<{ message: string }> => {
  const mvp = await loadManageable(profile, mvpId);
  await writeArchived(mvp, new Date().toISOString()).catch(conflictOnRefusal);
  return { message: MVP_MESSAGES.deleted };
};

const ARCHIVE_ATTEMPTS = 3;

/**
 * Archives every template of one seller whose account was removed (a beta account past its day),
 * each exactly as `archiveMvp` does it, so they leave the catalog. A template whose status moved
 * meanwhile (processing publishing it) is read again and archived from its new status. Already
 * archived templates are left alone, so running it again archives nothing. Returns the count.
 */
export const archiveAllTemplatesOfSeller = async (sellerId: string): Promise<number> => {
  let archived = 0;
  for (const listed of await listMvpsBySeller(sellerId)) {
    let mvp: MvpItem | null = listed;
    for (let attempt = 1; mvp && mvp.status !== 'archived'; attempt += 1) {
      try {
        await writeArchived(mvp, new Date().toISOString());
        archived += 1;
        break;
      } catch (error) {
        const moved = error instanceof TransactionRefusedError && error.item === 'mvp';
        if (!moved || attempt === ARCHIVE_ATTEMPTS) throw error;
        mvp = await getMvpById(mvp.id);
      }
    }
  }
  return archived;
};
