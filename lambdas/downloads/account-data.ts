/**
 * The downloads' part of a user's data export (lambdas/account), reading only the repository, so
 * the account function does not carry the download rules (quota, licences, catalog).
 */
import { previewUrl } from '../../contract/catalog';
import type { MyDownload } from '../../contract/downloads';
import { listDownloadsByUser } from './repo';

const PAGE = 100;

/** Every download of the user, newest first, as the dashboard shows them. */
export const listAllDownloadsForExport = async (userId: string): Promise<MyDownload[]> => {
  const items: MyDownload[] = [];
  let cursor: string | undefined;
  do {
    const page = await listDownloadsByUser(userId, { limit: PAGE, cursor });
    for (const item of page.items) {
      items.push({
        id: item.id,
        mvp_id: item.mvp_id,
        month_year: item.month_year,
        downloaded_at: item.downloaded_at,
        mvp: {
          id: item.mvp_id,
          title: item.mvp_title,
          slug: item.mvp_slug,
          version_number: item.version_number,
          preview_images: item.mvp_preview_image_key
            ? [previewUrl(item.mvp_preview_image_key)]
            : [],
        },
      });
    }
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return items;
};
