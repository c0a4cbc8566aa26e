/**
 * The template pages the version builds' steps read (build-read.ts): the templates archived lately
 * and the live templates' build marks. Apart from processing-read-repo.ts so the API's templates
 * function does not bundle them.
 */
import { TemplateEntity, type TemplateItem } from '../shared/db/entities/template';

/**
 * The ids of the templates archived since `since` (the `byStatus` index, gsi2: `archived` by
 * `updated_at`), a page at a time.
 */
export async function* archivedTemplateIdPages(
  since: string,
  pageSize: number,
): AsyncGenerator<string[]> {
  let cursor: string | null | undefined;
  do {
    const page = await TemplateEntity.query
      .byStatus({ status: 'archived' })
      .gte({ updated_at: since })
      .go({ limit: pageSize, attributes: ['id'], ...(cursor ? { cursor } : {}) });
    yield page.data.map((template) => template.id);
    cursor = page.cursor;
  } while (cursor);
}

/**
 * The live templates (the `byStatus` index, gsi2, eventually consistent), a page at a time, with
 * only the id, the file they serve and the build their card carries.
 */
export async function* liveTemplateBuildMarkPages(
  pageSize: number,
): AsyncGenerator<Pick<TemplateItem, 'id' | 'file_key' | 'live_build'>[]> {
  let cursor: string | null | undefined;
  do {
    const page = await TemplateEntity.query.byStatus({ status: 'approved' }).go({
      limit: pageSize,
      attributes: ['id', 'file_key', 'live_build'],
      ...(cursor ? { cursor } : {}),
    });
    yield page.data;
    cursor = page.cursor;
  } while (cursor);
}
