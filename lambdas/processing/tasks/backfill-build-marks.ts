/**
 * One-off task: puts the build of the version each live template serves on its card
 * (`live_build`, lambdas/templates/live-build.ts) for templates built before cards carried it, so
 * their cards say "Builds" or "Build failed" without a rebuild. `npm start`'s seed runs it on every
 * start (a `.local/` with older builds); in the cloud run it once after the deploy that adds the
 * card's build (docs/operations.md, "Version builds and previews"):
 * `npx tsx lambdas/processing/tasks/backfill-build-marks.ts` with the RecordBuild function's
 * environment. Idempotent: a card that has its build is not read again, and a template whose
 * version has no build yet is left for its build to mark.
 *
 * It lives with processing, which composes the builds domain (the records) and the templates
 * domain (the cards), as RecordBuild does.
 */
import { pathToFileURL } from 'node:url';
import { getBuildOf } from '../../builds/service';
import { logger } from '../../shared/observability';
import { liveTemplatesWithoutBuildMark } from '../../templates/build-read';
import { recordVersionBuildMark } from '../../templates/live-build';

export interface BackfillBuildMarksResult {
  /** Live templates whose card had no build of their version. */
  templates: number;
  /** Cards given their build. */
  marked: number;
}

export const backfillBuildMarks = async (): Promise<BackfillBuildMarksResult> => {
  const result = { templates: 0, marked: 0 };
  for await (const page of liveTemplatesWithoutBuildMark()) {
    for (const { id, currentVersionId } of page) {
      result.templates += 1;
      if (!currentVersionId) continue;
      const build = await getBuildOf(id, currentVersionId);
      if (!build) continue;
      const outcome = await recordVersionBuildMark(id, currentVersionId, {
        outcome: build.outcome,
        package_manager: build.package_manager,
      });
      if (outcome === 'live') result.marked += 1;
    }
  }
  logger.info('Card builds backfilled', { ...result });
  return result;
};

export const handler = (): Promise<BackfillBuildMarksResult> => backfillBuildMarks();

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { templates, marked } = await backfillBuildMarks();
  console.log(`Live templates without their build on the card: ${templates}; marked: ${marked}.`);
}
