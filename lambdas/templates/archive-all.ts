/**
 * Archiving every template of a seller whose account is gone (a beta account past its day, an
 * account closed by its owner), each exactly as `archiveMvp` does it (M5 to archived), so they
 * leave the catalog. Its own module, reading only the repository, so the functions that close
 * accounts do not carry the templates' whole service.
 */
import { lastErrorItself, retry } from '../shared/retry';
import {
  TransactionRefusedError,
  getTemplateById,
  listTemplatesBySeller,
  writeTemplate,
  type TemplateItem,
} from './repo';

/** A newer version still on its way when its template is archived: it will never be decided. */
const UNDECIDED = new Set(['processing', 'pending_review']);

/**
 * M5 to archived from the status read: the counter moves, the catalog changes if approved; a newer
 * version still on its way is withdrawn and a held edit dropped (repo), so neither waits in the
 * admin queue or its counts for a template that is gone.
 */
export const writeArchived = (template: TemplateItem, now: string): Promise<void> =>
  writeTemplate({
    mvpId: template.id,
    fromStatus: template.status,
    set: { status: 'archived', updated_at: now },
    ...(template.pending_version_id && UNDECIDED.has(template.pending_version?.status ?? '')
      ? {
          version: {
            patch: {
              id: template.pending_version_id,
              set: { status: 'withdrawn' as const, decided_at: now },
            },
          },
        }
      : {}),
    now,
  });

const ARCHIVE_ATTEMPTS = 3;

/**
 * Archives every template of one seller whose account was removed (a beta account past its day),
 * each exactly as `archiveMvp` does it, so they leave the catalog. A template whose status moved
 * meanwhile (processing publishing it) is read again and archived from its new status. Already
 * archived templates are left alone, so running it again archives nothing. Returns the count.
 */
export const archiveAllTemplatesOfSeller = async (sellerId: string): Promise<number> => {
  let archived = 0;
  for (const listed of await listTemplatesBySeller(sellerId)) {
    const wrote = await retry(
      async (attempt) => {
        const template = attempt === 1 ? listed : await getTemplateById(listed.id);
        if (!template || template.status === 'archived') return false;
        await writeArchived(template, new Date().toISOString());
        return true;
      },
      {
        attempts: ARCHIVE_ATTEMPTS,
        baseDelayMs: 0,
        // Refused on the template: its status moved, so it is read again.
        retryOn: (error) => error instanceof TransactionRefusedError && error.item === 'mvp',
        exhausted: lastErrorItself,
      },
    );
    if (wrote) archived += 1;
  }
  return archived;
};
