/**
 * CodeBuild's `startBuild.sync` on a laptop: the Build state of mvp-processing, given the same
 * parameters (the project name and the plan's `EnvironmentVariablesOverride`), runs the build
 * here (execute.ts) and, as the cloud's buildspec does, writes the build record to its key and a
 * static site's files under its prefix in the live previews' bucket; it then answers as
 * Step Functions does: the build's id and status, or, for a failed build, the state's error.
 *
 * With local builds switched off (`LOCAL_BUILDS=off`: the integration tests that are not about
 * builds), nothing is run and the record says so (`not_built`), in a few milliseconds.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  buildSettingsFromEnvironment,
  recordWithoutBuild,
  type BuildRecordFile,
} from '../../../contract/design/build';
import { putObject } from '../../../lambdas/shared/storage/s3';
import { runLocalBuild, type LocalBuildOptions, type LocalBuildResult } from './execute';
import { contentTypeOf } from './static-server';

/** The reason a build is not run while local builds are off. */
export const LOCAL_BUILDS_OFF = 'Not built: local builds are switched off (LOCAL_BUILDS=off).';

/** The reason a build is not run when the local registry is not running. */
export const NO_LOCAL_REGISTRY = 'Not built: the local npm registry is not running.';

export interface LocalCodeBuildOptions {
  /** Run builds (default: unless `LOCAL_BUILDS=off`). */
  enabled?: boolean;
  /** The local registry's address once it is up (seeded and answering); null: none runs. */
  registryUrl: () => Promise<string | null>;
  limits?: LocalBuildOptions['limits'];
  log?: (line: string) => void;
}

interface StartBuildInput {
  ProjectName?: string;
  EnvironmentVariablesOverride?: { Name: string; Value: string }[];
}

/** The error Step Functions gives a `.sync` CodeBuild task whose build failed. */
class BuildFailedError extends Error {
  constructor(cause: string) {
    super(cause);
    this.name = 'States.TaskFailed';
  }
}

/**
 * Writes a finished build's static site under its prefix and its pictures beside its record, as
 * the cloud's buildspec uploads them: before the record, so a record that names them means they
 * are there.
 */
export const publishBuildOutput = async (
  output: { bucket: string; sitePrefix: string },
  result: Pick<LocalBuildResult, 'siteFiles' | 'pictures'>,
): Promise<void> => {
  for (const file of result.siteFiles) {
    await putObject({
      bucket: output.bucket,
      key: `${output.sitePrefix}${file.key}`,
      body: await readFile(file.path),
      contentType: contentTypeOf(file.key),
    });
  }
  for (const picture of result.pictures) {
    await putObject({
      bucket: output.bucket,
      key: picture.key,
      body: picture.body,
      contentType: 'image/png',
    });
  }
};

/**
 * The Build state's local handler; `abort()` stops the builds running (the local stack stopping:
 * they are recorded as not built, so the next start may build them again).
 */
export const createLocalCodeBuild = (options: LocalCodeBuildOptions) => {
  const enabled = options.enabled ?? process.env.LOCAL_BUILDS !== 'off';
  const stopping = new AbortController();
  const handler = async (input: unknown) => {
    const { EnvironmentVariablesOverride = [] } = (input ?? {}) as StartBuildInput;
    const settings = buildSettingsFromEnvironment(
      Object.fromEntries(EnvironmentVariablesOverride.map(({ Name, Value }) => [Name, Value])),
    );
    const id = `local-build:${randomUUID()}`;
    let record: BuildRecordFile;
    const registryUrl = enabled ? await options.registryUrl() : null;
    if (!registryUrl) {
      record = {
        ...recordWithoutBuild(
          {
            framework: settings.framework,
            package_manager: settings.packageManager,
            install_command: settings.installCommand,
            build_command: settings.buildCommand,
            output_dir: settings.outputDir,
          },
          'not_built',
          enabled ? NO_LOCAL_REGISTRY : LOCAL_BUILDS_OFF,
        ),
        environment: 'local',
      };
    } else {
      const result = await runLocalBuild(settings, {
        registryUrl,
        limits: options.limits,
        signal: stopping.signal,
      });
      try {
        record = result.record;
        // The site first, then the record: a record of a static site means its files are there.
        await publishBuildOutput(settings.output, result);
      } finally {
        await result.cleanUp();
      }
      options.log?.(
        `Local build ${settings.bundle.key}: ${record.outcome}${record.reason ? ` (${record.reason})` : ''}`,
      );
    }
    await putObject({
      bucket: settings.output.bucket,
      key: settings.output.recordKey,
      body: JSON.stringify(record),
      contentType: 'application/json',
    });
    if (record.outcome === 'failed') {
      throw new BuildFailedError(
        JSON.stringify({
          Build: { Id: id, BuildStatus: 'FAILED', CurrentPhase: record.failed_step ?? 'BUILD' },
        }),
      );
    }
    return { Build: { Id: id, BuildStatus: 'SUCCEEDED' } };
  };
  return Object.assign(handler, { abort: () => stopping.abort() });
};
