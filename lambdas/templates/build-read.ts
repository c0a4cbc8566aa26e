/**
 * What the version builds' steps read of a template (lambdas/processing/tasks/plan-build.ts and
 * retire-archived-previews.ts): its seller and current version, and the templates archived lately.
 * Apart from processing-read.ts so the API's templates function does not bundle them.
 */
import { TemplateEntity } from '../shared/db/entities/template';
import { getCurrentVersion, getTemplateById } from './repo';

/** Whose template it is and the version it serves now (a build's owner and the kept preview). */
export const getTemplateForBuild = async (
  templateId: string,
): Promise<{ sellerId: string; currentVersionId: string | null } | null> => {
  const template = await getTemplateById(templateId);
  if (!template) return null;
  const current = await getCurrentVersion(template);
  return { sellerId: template.seller_id, currentVersionId: current?.id ?? null };
};

/**
 * The templates archived since `since` (the `byStatus` index, gsi2: `archived` by `updated_at`),
 * a page at a time, only their ids: the daily retirement of their live previews.
 */
export async function* templatesArchivedSince(
  since: string,
  pageSize = 100,
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
 * The live templates whose card carries no build of the version they serve (`live_build` absent,
 * or of another file), a page at a time (the `byStatus` index, gsi2, eventually consistent): the
 * card marks' backfill. Only the id and the two fields compared are read.
 */
export async function* liveTemplatesWithoutBuildMark(
  pageSize = 100,
): AsyncGenerator<{ id: string; currentVersionId: string | null }[]> {
  let cursor: string | null | undefined;
  do {
    const page = await TemplateEntity.query.byStatus({ status: 'approved' }).go({
      limit: pageSize,
      attributes: ['id', 'file_key', 'live_build'],
      ...(cursor ? { cursor } : {}),
    });
    const missing = page.data.filter(
      (template) => template.file_key && template.live_build?.file_key !== template.file_key,
    );
    yield await Promise.all(
      missing.map(async (template) => ({
        id: template.id,
        currentVersionId: (await getCurrentVersion(template))?.id ?? null,
      })),
    );
    cursor = page.cursor;
  } while (cursor);
}
