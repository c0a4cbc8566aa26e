/**
 * The RecordBuild step of mvp-processing, after Build: the builds domain stores the version's
 * build record (builds/tasks/record-build.ts), then its outcome goes on the template item for the
 * card (templates/live-build.ts): shown at once for the version the template serves (a rebuild of
 * the live version), kept aside for a version on its way until it goes live. Composed here
 * because the builds domain sits below templates.
 *
 * Best effort, as the build: the card's part is logged when it fails, and the state machine goes
 * on to Publish (or ends, for a rebuild) whatever happens.
 */
import * as z from 'zod';
import { recordBuild, type RecordBuildResult } from '../../builds/tasks/record-build';
import { logger } from '../../shared/observability';
import { taskHandler } from '../../shared/task-handler';
import { recordVersionBuildMark } from '../../templates/live-build';

/** The version the step is about (the builds domain's task checks the rest of its input). */
const versionSchema = z.object({ mvpId: z.string().min(1), versionId: z.string().min(1) });

export const recordBuildAndCard = async (event: unknown): Promise<RecordBuildResult> => {
  const result = await recordBuild(event);
  const { mvpId, versionId } = versionSchema.parse(event);
  try {
    await recordVersionBuildMark(mvpId, versionId, {
      outcome: result.outcome,
      package_manager: result.packageManager,
    });
  } catch (error) {
    logger.warn('The build could not be put on the card', { mvpId, versionId, error });
  }
  return result;
};

export const handler = taskHandler('processing/record-build', recordBuildAndCard);
