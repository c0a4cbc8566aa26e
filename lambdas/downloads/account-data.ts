/**
 * The downloads' part of a user's data export (lambdas/account), reading only the repository, so
 * the account function does not carry the download rules (quota, licences, catalog).
 */
import type { MyDownload } from '../../contract/downloads';
import { listDownloadsByUser } from './repo';
import { toMyDownload } from './view';

const PAGE = 100;

/** Every download of the user, newest first, as the dashboard shows them. */
export const listAllDownloadsForExport = async (userId: string): Promise<MyDownload[]> => {
  const items: MyDownload[] = [];
  let cursor: string | undefined;
  do {
    const page = await listDownloadsByUser(userId, { limit: PAGE, cursor });
    items.push(...page.items.map(toMyDownload));
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return items;
};
