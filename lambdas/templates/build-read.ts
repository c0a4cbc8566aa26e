/**
 * What the version builds' steps read of a template (lambdas/processing/tasks/plan-build.ts and
 * retire-archived-previews.ts): its seller and current version, and the templates archived lately.
 * Apart from processing-read.ts so the API's templates function does not bundle them; the pages'
 * queries are build-read-repo.ts.
 */
import { archivedTemplateIdPages, liveTemplateBuildMarkPages } from './build-read-repo';
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
 * The templates archived since `since`, a page at a time, only their ids: the daily retirement of
 * their live previews.
 */
export const templatesArchivedSince = (since: string, pageSize = 100): AsyncGenerator<string[]> =>
  archivedTemplateIdPages(since, pageSize);

/**
 * The live templates whose card carries no build of the version they serve (`live_build` absent,
 * or of another file), a page at a time: the card marks' backfill.
 */
export async function* liveTemplatesWithoutBuildMark(
  pageSize = 100,
): AsyncGenerator<{ id: string; currentVersionId: string | null }[]> {
  for await (const page of liveTemplateBuildMarkPages(pageSize)) {
    const missing = page.filter(
      (template) => template.file_key && template.live_build?.file_key !== template.file_key,
    );
    yield await Promise.all(
      missing.map(async (template) => ({
        id: template.id,
        currentVersionId: (await getCurrentVersion(template))?.id ?? null,
      })),
    );
  }
}
