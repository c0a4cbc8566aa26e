/**
 * The RecordBuild step of mvp-processing, after Build: stores the version's build record
 * (service.ts). The record is the one the build wrote to its key in the live previews' bucket;
 * without one, it is said here:
 *
 * 1. The plan found nothing to build: `not_built`, with the plan's reason.
 * 2. The planning step itself failed: `not_built`, the build step did not run.
 * 3. The build ran but left no record (stopped, out of time, its job failed to start): `failed`,
 *    with the error Step Functions gave as the log's last line.
 *
 * Best effort, as the build: the state machine goes on to Publish whatever happens here. The
 * step's Lambda is processing/tasks/record-build.ts, which also puts a live version's outcome on
 * its card (the templates domain's, which this leaf domain does not reach).
 */
import * as z from 'zod';
import {
  BUILD_REASONS,
  logTailOf,
  recordWithoutBuild,
  type BuildPlan,
  type BuildRecordFile,
} from '../../../contract/design/build';
import { buildRecordKey } from '../../../contract/design/live-previews';
import { logger } from '../../shared/observability';
import { taskHandler } from '../../shared/task-handler';
import { readWrittenRecord } from '../record-file';
import { recordOwnedBuild } from '../record';
import { recordVersionBuild } from '../service';

/** The plan's owner (PlanBuild reads the template): whom the build is charged to. */
const ownerSchema = z.object({
  seller_id: z.string().min(1),
  live_version_id: z.string().min(1).nullable(),
});

/** A Catch's output: the error's name and cause. */
const stepErrorSchema = z.object({ Error: z.string(), Cause: z.string().optional() });

const recordInputSchema = z.object({
  mvpId: z.string().min(1),
  versionId: z.string().min(1),
  /** PlanBuild's output, or its error. */
  plan: z.record(z.string(), z.unknown()).nullish(),
  /** The Build state's output (`{ id, status }`), its error, or `{ skipped: true }`. */
  build: z.record(z.string(), z.unknown()).nullish(),
});

export interface RecordBuildResult {
  outcome: BuildRecordFile['outcome'];
  packageManager: BuildRecordFile['package_manager'];
  installMs: number | null;
  buildMs: number | null;
  staticSite: boolean;
}

/** The last words of a failed step's cause (CodeBuild's is the build as JSON: its status). */
const causeLine = (error: z.infer<typeof stepErrorSchema>): string => {
  const cause = error.Cause ?? '';
  try {
    const build = JSON.parse(cause) as { Build?: { BuildStatus?: string; CurrentPhase?: string } };
    if (build.Build?.BuildStatus) {
      return `${error.Error}: the build ended ${build.Build.BuildStatus} in ${build.Build.CurrentPhase ?? 'an unknown phase'}`;
    }
  } catch {
    // Not JSON: the cause as it is.
  }
  return `${error.Error}${cause ? `: ${cause.slice(0, 300)}` : ''}`;
};

const recordOf = async (
  mvpId: string,
  versionId: string,
  plan: Record<string, unknown> | null | undefined,
  build: Record<string, unknown> | null | undefined,
): Promise<BuildRecordFile> => {
  if (!plan || typeof plan.build !== 'boolean') {
    return recordWithoutBuild(null, 'not_built', BUILD_REASONS.notRun);
  }
  const planned = plan as unknown as BuildPlan & { planned_at?: string };
  if (!planned.build) {
    return recordWithoutBuild(planned, 'not_built', planned.reason ?? BUILD_REASONS.notRun);
  }
  const written = await readWrittenRecord(buildRecordKey(mvpId, versionId), planned.planned_at);
  if (written) return written;
  const failure = stepErrorSchema.safeParse(build);
  return {
    ...recordWithoutBuild(planned, 'failed', BUILD_REASONS.didNotFinish),
    log_tail: failure.success ? logTailOf([causeLine(failure.data)]) : [],
  };
};

export const recordBuild = async (event: unknown): Promise<RecordBuildResult> => {
  const { mvpId, versionId, plan, build } = recordInputSchema.parse(event);
  const record = await recordOf(mvpId, versionId, plan, build);
  const owner = ownerSchema.safeParse(plan?.owner);
  if (owner.success) {
    await recordOwnedBuild(mvpId, versionId, record, {
      sellerId: owner.data.seller_id,
      liveVersionId: owner.data.live_version_id,
    });
  } else {
    await recordVersionBuild(mvpId, versionId, record);
  }
  logger.info('Build recorded', {
    mvpId,
    versionId,
    outcome: record.outcome,
    installMs: record.install_ms,
    buildMs: record.build_ms,
  });
  return {
    outcome: record.outcome,
    packageManager: record.package_manager,
    installMs: record.install_ms,
    buildMs: record.build_ms,
    staticSite: record.static_site,
  };
};

export const handler = taskHandler('builds/record-build', recordBuild);
