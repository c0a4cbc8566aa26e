/**
 * A download as its buyer sees it: the one mapping of the stored item, used by the dashboard's
 * list (service.ts) and by the user's own data export (account-data.ts).
 */
import { previewUrl } from '../../contract/catalog';
import type { MyDownload } from '../../contract/downloads';
import type { DownloadItem } from './repo';

export const toMyDownload = (item: DownloadItem): MyDownload => ({
  id: item.id,
  mvp_id: item.mvp_id,
  month_year: item.month_year,
  downloaded_at: item.downloaded_at,
  mvp: {
    id: item.mvp_id,
    title: item.mvp_title,
    slug: item.mvp_slug,
    version_number: item.version_number,
    preview_images: item.mvp_preview_image_key ? [previewUrl(item.mvp_preview_image_key)] : [],
  },
});
