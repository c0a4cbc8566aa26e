/**
 * The RecordBuild step of mvp-processing, after Build: the builds domain stores the version's
 * build record (builds/tasks/record-build.ts), then, when the version built is the one the
 * template serves (a rebuild of the live version), its outcome goes on the template's card
 * (templates/live-build.ts). A version on its way changes no card here: Publish records its build
 * once it is live. Composed here because the builds domain sits below templates.
 *
 * Best effort, as the build: the card's part is logged when it fails, and the state machine goes
 * on to Publish (or ends, for a rebuild) whatever happens.
 */
import { recordBuild, type RecordBuildResult } from '../../builds/tasks/record-build';
import { logger } from '../../shared/observability';
import { taskHandler } from '../../shared/task-handler';
import { recordLiveBuild } from '../../templates/live-build';

export const recordBuildAndCard = async (event: unknown): Promise<RecordBuildResult> => {
  const result = await recordBuild(event);
  const { mvpId, versionId } = event as { mvpId: string; versionId: string };
  try {
    await recordLiveBuild(mvpId, versionId, {
      outcome: result.outcome,
      package_manager: result.packageManager,
    });
  } catch (error) {
    logger.warn('The live build could not be recorded', { mvpId, versionId, error });
  }
  return result;
};

export const handler = taskHandler('processing/record-build', recordBuildAndCard);
