/**
 * A version's build as the pages show it (docs/data-model.md, "VersionBuild"): the template page's
 * badge (`GET /api/mvps/{id}/build`, the live version's, never its log), the seller's and the
 * admin's report (`GET /api/mvps/{id}/build/newest`, the newest version's, with the log's end) and
 * the seller's Rebuild (`POST /api/mvps/{id}/rebuild`). The words of the badge and of the refusals
 * are here, beside the shapes, so the API and the browser say the same.
 */
import type {
  BuildEnvironment,
  BuildOutcome,
  BuildPackageManager,
  BuildRuntime,
  BuildSandbox,
} from './design/build';
import type { CaptureViewport } from './design/capture';
import type { VersionStatus } from './template-versions';
import { BUILD_OUTCOME_LABELS } from './build-words';

export { BUILD_OUTCOME_LABELS, BUILD_OUTCOME_PALETTES } from './build-words';

/** A version's build figures, for everyone (no log, no commands). */
export interface BuildSummary {
  version_id: string;
  /** The version's number, as the seller gave it. */
  version_number: string;
  outcome: BuildOutcome;
  /** Why it failed or was not built, in words; null when it built. */
  reason: string | null;
  failed_step: 'install' | 'build' | 'output' | null;
  framework: string | null;
  package_manager: BuildPackageManager | null;
  package_manager_version: string | null;
  runtime: BuildRuntime | null;
  runtime_version: string | null;
  install_ms: number | null;
  build_ms: number | null;
  output_bytes: number | null;
  output_files: number | null;
  static_site: boolean;
  /**
   * Whether its live preview is published: a static site whose preview was neither withheld (the
   * seller's preview storage for the month was used up) nor retired (not among the template's two
   * newest builds, or the template archived).
   */
  has_preview: boolean;
  finished_at: string | null;
}

/** The build of the version before, for "built in 48 s, was 41 s". */
export interface PreviousBuild {
  version_number: string;
  outcome: BuildOutcome;
  install_ms: number | null;
  build_ms: number | null;
}

/** `GET /api/mvps/{id}/build`: the live version's build (null: not built yet). */
export interface LiveBuild {
  version_number: string;
  build: BuildSummary | null;
  previous: PreviousBuild | null;
}

/** The whole record, for the template's seller and admins. */
export interface BuildReport extends BuildSummary {
  install_command: string | null;
  build_command: string | null;
  output_dir: string | null;
  /** The last lines of the install and build output (at most 200). */
  log_tail: string[];
  environment: BuildEnvironment | null;
  sandbox: BuildSandbox | null;
  started_at: string | null;
  /** Why a static site has no live preview, in words (null: it has one, or is no static site). */
  preview_note: string | null;
}

/** `GET /api/mvps/{id}/build/newest`: the newest version's build, for its seller or an admin. */
export interface NewestBuild {
  version_id: string;
  version_number: string;
  /** Null: the version has no build yet (still processing, or processed before builds). */
  build: BuildReport | null;
  previous: PreviousBuild | null;
  /** A rebuild (or the version's processing) is under way: the report changes when it ends. */
  running: boolean;
  /** Whether Rebuild would be accepted now; `rebuild_refusal` says why not. */
  can_rebuild: boolean;
  rebuild_refusal: string | null;
  /**
   * The pictures of the build's first screen (`GET /api/mvps/{id}/build/screenshots/{viewport}`),
   * desktop first; empty when none were taken. Absent from answers of before pictures existed.
   */
  pictures?: BuildPicture[];
  /** Why fewer than both pictures were taken, in words (null: both were, or not a static site). */
  pictures_reason?: string | null;
}

/** A picture of the built site's first screen, as the seller's Build section shows it. */
export interface BuildPicture {
  viewport: CaptureViewport;
  /** `Desktop`, `Phone`. */
  label: string;
  width: number;
  height: number;
  bytes: number;
  /** Already in the template's gallery (or in its edit held for review). */
  in_gallery: boolean;
}

/** `POST /api/mvps/{id}/build/screenshots/{viewport}/gallery`: added (or already there). */
export interface AddPictureResult {
  message: string;
  /** False when the picture was in the gallery already (a second press adds nothing). */
  added: boolean;
  /** True when the gallery change waits for an admin (a live template, edits reviewed). */
  held: boolean;
}

/** `POST /api/mvps/{id}/rebuild`: accepted (202); the report says `running` until it ends. */
export interface RebuildResult {
  message: string;
}

/**
 * How long a requested rebuild counts as running when no record came back: the Build state's own
 * limit (30 minutes, queue included) and the steps around it. Past it, Rebuild is offered again.
 */
export const REBUILD_RUNNING_MINUTES = 35;

/** What the rebuild rules read of a version (its MvpVersion item). */
export interface RebuildableVersion {
  version_number: string;
  status?: VersionStatus;
  /** When its seller last pressed Rebuild (a claim: docs/data-model.md, "MVP (exists) and MvpVersion"). */
  build_requested_at?: string;
}

/**
 * Whether a requested rebuild still runs: asked less than `REBUILD_RUNNING_MINUTES` ago and no
 * build record stored since (RecordBuild replaces the record when the build ends).
 */
export const rebuildRunning = (
  version: RebuildableVersion,
  build: { recorded_at: string } | null,
  now: number,
): boolean => {
  const requested = version.build_requested_at;
  if (!requested || Date.parse(requested) <= now - REBUILD_RUNNING_MINUTES * 60_000) return false;
  return !build || build.recorded_at < requested;
};

/** Whether the version is being built: processed (the build is one of its steps), or rebuilt. */
export const buildRunning = (
  version: RebuildableVersion,
  build: { recorded_at: string } | null,
  now: number,
): boolean => version.status === 'processing' || rebuildRunning(version, build, now);

/** Why Rebuild is refused for this version now, in words (null: it may start). */
export const rebuildRefusal = (
  version: RebuildableVersion,
  build: { recorded_at: string } | null,
  now: number,
): string | null => {
  if (version.status === 'processing')
    return REBUILD_MESSAGES.stillProcessing(version.version_number);
  if (version.status === 'scan_failed') return REBUILD_MESSAGES.scanRefused(version.version_number);
  if (rebuildRunning(version, build, now)) {
    return REBUILD_MESSAGES.alreadyRunning(version.version_number);
  }
  return null;
};

/** The version the seller's report and Rebuild are about: the newest one not withdrawn. */
export const newestBuildableVersion = <Version extends { status?: VersionStatus }>(
  versionsOldestFirst: readonly Version[],
): Version | null =>
  versionsOldestFirst.filter((version) => version.status !== 'withdrawn').pop() ?? null;

/** How often the seller's report asks again while a build runs. */
export const BUILD_POLL_SECONDS = 5;

export const BUILD_MESSAGES = {
  templateNotFound: 'This template is not available.',
  notAuthorized: 'Only the seller of this template or an admin can see its build.',
  noVersion: 'This template has no version yet, so it has no build.',
  notBuiltYet: 'This version has not been built yet.',
  notBuiltYetSeller:
    'This version has not been built yet: versions processed before builds existed are built when you press Rebuild.',
} as const;

/** What Rebuild answers, and why it is refused (409). */
export const REBUILD_MESSAGES = {
  notOwner: 'Only the seller of this template can rebuild it.',
  noVersion: 'This template has no version to build yet. Upload one first.',
  started: (version: string) =>
    `Rebuilding version ${version}. The report updates when the build ends, in a few minutes at most.`,
  notStarted: 'The build could not be started. Nothing changed: please try again in a minute.',
  alreadyRunning: (version: string) =>
    `Version ${version} is being built right now. Wait for this build to end before rebuilding.`,
  stillProcessing: (version: string) =>
    `Version ${version} is still being processed, and its build is part of that. Wait for it to end.`,
  scanRefused: (version: string) =>
    `Version ${version} was refused by the upload scan, so it is not built. Upload a corrected version.`,
} as const;

const PACKAGE_MANAGER_NAMES: Record<BuildPackageManager, string> = {
  npm: 'npm',
  pnpm: 'pnpm',
  yarn: 'Yarn',
  bun: 'Bun',
  uv: 'uv',
};

const RUNTIME_NAMES: Record<BuildRuntime, string> = { node: 'Node', python: 'Python' };

/** `10.9.2` → `10.9`; `v24.3.0` → `24` for Node (its major is what people name). */
const shortVersion = (version: string | null, parts: number): string | null => {
  if (!version) return null;
  const numbers = version.trim().replace(/^v/i, '').split('.');
  return numbers.slice(0, parts).join('.') || null;
};

/** `npm 10.9` as the badge shows it (`full`: `npm 10.9.2`, as the seller's report does). */
export const packageManagerText = (
  build: Pick<BuildSummary, 'package_manager' | 'package_manager_version'>,
  full = false,
): string | null => {
  if (!build.package_manager) return null;
  const version = shortVersion(build.package_manager_version, full ? 9 : 2);
  return [PACKAGE_MANAGER_NAMES[build.package_manager], version].filter(Boolean).join(' ');
};

/** `Node 24`, `Python 3.12` (`full`: `Node 24.3.0`). */
export const runtimeText = (
  build: Pick<BuildSummary, 'runtime' | 'runtime_version'>,
  full = false,
): string | null => {
  if (!build.runtime) return null;
  const version = shortVersion(build.runtime_version, full ? 9 : build.runtime === 'node' ? 1 : 2);
  return [RUNTIME_NAMES[build.runtime], version].filter(Boolean).join(' ');
};

/** The install and the build together, in milliseconds (null when neither ran). */
export const buildTotalMs = (
  build: Pick<BuildSummary, 'install_ms' | 'build_ms'>,
): number | null =>
  build.install_ms === null && build.build_ms === null
    ? null
    : (build.install_ms ?? 0) + (build.build_ms ?? 0);

/** `48 s`, `2 min 5 s`, `0.4 s`. */
export const durationText = (ms: number): string => {
  if (ms < 1_000) return `${Math.max(0.1, Math.round(ms / 100) / 10)} s`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
};

/** `840 KB`, `12.4 MB`. */
export const sizeText = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

/** `built in 48 s, was 41 s`: the comparison with the version before, when both built. */
export const buildTimeText = (
  build: BuildSummary,
  previous: PreviousBuild | null,
): string | null => {
  const total = buildTotalMs(build);
  if (total === null) return null;
  const before = previous?.outcome === 'built' ? buildTotalMs(previous) : null;
  return `built in ${durationText(total)}${before === null ? '' : `, was ${durationText(before)}`}`;
};

/**
 * The badge's line under its word: `npm 10.9 · Node 24 · built in 48 s, was 41 s` for a build,
 * else the reason in words.
 */
export const buildDetailText = (build: BuildSummary | null, previous: PreviousBuild | null) => {
  if (!build) return BUILD_MESSAGES.notBuiltYet;
  if (build.outcome !== 'built') return build.reason ?? BUILD_OUTCOME_LABELS[build.outcome];
  return [packageManagerText(build), runtimeText(build), buildTimeText(build, previous)]
    .filter(Boolean)
    .join(' · ');
};

/**
 * A reason as the public reads it: the fixed texts of a failure point at "the end of the log",
 * which only the seller sees.
 */
export const publicReason = (reason: string | null): string | null =>
  reason ? reason.replace(/: see the end of the log\.$/, '.') : null;
