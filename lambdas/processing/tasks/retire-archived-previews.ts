/**
 * Scheduled task (contract/design/schedules.ts `retireArchivedPreviews`), daily: the live previews
 * of templates archived in the last few days are tagged for removal (lambdas/builds/previews.ts),
 * so the preview bucket's lifecycle rule deletes them. The window is wider than a day so a missed
 * run is caught by the next; a preview already retired is left alone, so nothing is done twice.
 *
 * It lives with processing, which reads templates and records builds: the builds domain below it
 * does not know which templates are archived.
 */
import { retirePreviews } from '../../builds/previews';
import { logger } from '../../shared/observability';
import { taskHandler } from '../../shared/task-handler';
import { templatesArchivedSince } from '../../templates/build-read';

/** How far back a run looks: three days, so two missed runs lose nothing. */
export const ARCHIVED_WINDOW_DAYS = 3;

export interface RetireArchivedSummary {
  templates: number;
  retired: number;
}

export const retireArchivedPreviews = async (
  now: Date = new Date(),
): Promise<RetireArchivedSummary> => {
  const since = new Date(now.getTime() - ARCHIVED_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const summary = { templates: 0, retired: 0 };
  for await (const ids of templatesArchivedSince(since)) {
    for (const id of ids) {
      summary.templates += 1;
      summary.retired += (await retirePreviews(id, null, now)).length;
    }
  }
  logger.info('Previews of archived templates retired', { ...summary, since });
  return summary;
};

export const handler = taskHandler('processing/retire-archived-previews', () =>
  retireArchivedPreviews(),
);
