/**
 * The live templates' preview keys, a page at a time: the data access of processing-read.ts's
 * renditions backfill. Small, as processing-read.ts is (a task that only reads bundles it).
 */
import { TemplateEntity, type TemplateItem } from '../shared/db/entities/template';

/**
 * The live templates (the `byStatus` index, gsi2, eventually consistent), a page at a time, with
 * only the id and the two key lists.
 */
export async function* liveTemplatePreviewPages(
  pageSize: number,
): AsyncGenerator<Pick<TemplateItem, 'id' | 'preview_image_keys' | 'preview_rendition_keys'>[]> {
  let cursor: string | null | undefined;
  do {
    const page = await TemplateEntity.query.byStatus({ status: 'approved' }).go({
      limit: pageSize,
      attributes: ['id', 'preview_image_keys', 'preview_rendition_keys'],
      ...(cursor ? { cursor } : {}),
    });
    yield page.data;
    cursor = page.cursor;
  } while (cursor);
}
