/**
 * The build badge's words and the rebuild rules (contract/builds.ts): what the template page, the
 * seller's report and Rebuild say, from a build's figures.
 */
import { describe, expect, it } from 'vitest';
import {
  BUILD_MESSAGES,
  REBUILD_MESSAGES,
  REBUILD_RUNNING_MINUTES,
  buildDetailText,
  buildRunning,
  durationText,
  newestBuildableVersion,
  packageManagerText,
  publicReason,
  rebuildRefusal,
  runtimeText,
  sizeText,
  type BuildSummary,
} from '../../../contract/builds';
import { cardBuildText } from '../../../contract/build-words';

const built: BuildSummary = {
  version_id: 'v2',
  version_number: '1.1.0',
  outcome: 'built',
  reason: null,
  failed_step: null,
  framework: 'Vite',
  package_manager: 'npm',
  package_manager_version: '10.9.2',
  runtime: 'node',
  runtime_version: 'v24.3.0',
  install_ms: 36_400,
  build_ms: 11_600,
  output_bytes: 184_320,
  output_files: 5,
  static_site: true,
  has_preview: true,
  finished_at: '2026-12-07T10:00:00.000Z',
};

describe('the badge line', () => {
  it("names the package manager, runtime and time, and the previous version's beside it", () => {
    const previous = {
      version_number: '1.0.0',
      outcome: 'built' as const,
      install_ms: 30_000,
      build_ms: 11_000,
    };
    expect(buildDetailText(built, previous)).toBe('npm 10.9 · Node 24 · built in 48 s, was 41 s');
    expect(buildDetailText(built, null)).toBe('npm 10.9 · Node 24 · built in 48 s');
    // A previous version that did not build has no time to compare with.
    expect(buildDetailText(built, { ...previous, outcome: 'failed' })).toBe(
      'npm 10.9 · Node 24 · built in 48 s',
    );
  });

  it('gives the reason of a failed or skipped build, and says when there is none yet', () => {
    const failed = {
      ...built,
      outcome: 'failed' as const,
      reason: 'The install failed (exit code 1).',
    };
    expect(buildDetailText(failed, null)).toBe('The install failed (exit code 1).');
    expect(buildDetailText(null, null)).toBe(BUILD_MESSAGES.notBuiltYet);
  });

  it('spells versions, durations and sizes for people', () => {
    expect(packageManagerText({ package_manager: 'yarn', package_manager_version: '4.5.1' })).toBe(
      'Yarn 4.5',
    );
    expect(packageManagerText(built, true)).toBe('npm 10.9.2');
    expect(runtimeText({ runtime: 'python', runtime_version: '3.12.7' })).toBe('Python 3.12');
    expect(runtimeText(built, true)).toBe('Node 24.3.0');
    expect(runtimeText({ runtime: null, runtime_version: null })).toBeNull();
    expect(durationText(400)).toBe('0.4 s');
    expect(durationText(48_200)).toBe('48 s');
    expect(durationText(125_000)).toBe('2 min 5 s');
    expect(durationText(120_000)).toBe('2 min');
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(184_320)).toBe('180 KB');
    expect(sizeText(12_900_000)).toBe('12.3 MB');
  });

  it('never points the public at a log it cannot read', () => {
    expect(publicReason('The build command failed (exit code 2): see the end of the log.')).toBe(
      'The build command failed (exit code 2).',
    );
    expect(publicReason('package.json has no build script.')).toBe(
      'package.json has no build script.',
    );
    expect(publicReason(null)).toBeNull();
  });
});

describe('the rebuild rules', () => {
  const now = Date.parse('2026-12-07T12:00:00.000Z');
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it('counts a rebuild as running from its claim until a newer record or its time limit', () => {
    const claimed = { version_number: '1.0.0', build_requested_at: minutesAgo(2) };
    expect(buildRunning(claimed, null, now)).toBe(true);
    expect(buildRunning(claimed, { recorded_at: minutesAgo(3) }, now)).toBe(true);
    expect(buildRunning(claimed, { recorded_at: minutesAgo(1) }, now)).toBe(false);
    const stale = { ...claimed, build_requested_at: minutesAgo(REBUILD_RUNNING_MINUTES + 1) };
    expect(buildRunning(stale, null, now)).toBe(false);
    expect(buildRunning({ version_number: '1.0.0', status: 'processing' }, null, now)).toBe(true);
  });

  it('refuses in words while processed, after a refused scan and while running', () => {
    expect(rebuildRefusal({ version_number: '2.0.0', status: 'processing' }, null, now)).toBe(
      REBUILD_MESSAGES.stillProcessing('2.0.0'),
    );
    expect(rebuildRefusal({ version_number: '2.0.0', status: 'scan_failed' }, null, now)).toBe(
      REBUILD_MESSAGES.scanRefused('2.0.0'),
    );
    expect(
      rebuildRefusal({ version_number: '2.0.0', build_requested_at: minutesAgo(1) }, null, now),
    ).toBe(REBUILD_MESSAGES.alreadyRunning('2.0.0'));
    expect(rebuildRefusal({ version_number: '2.0.0', status: 'approved' }, null, now)).toBeNull();
  });

  it('is about the newest version that was not withdrawn', () => {
    const versions = [
      { id: 'a', status: 'approved' as const },
      { id: 'b', status: 'rejected' as const },
      { id: 'c', status: 'withdrawn' as const },
    ];
    expect(newestBuildableVersion(versions)?.id).toBe('b');
    expect(newestBuildableVersion([{ id: 'c', status: 'withdrawn' as const }])).toBeNull();
  });
});

describe("the card's build badge words (contract/build-words.ts)", () => {
  it('names the package manager of a build by its command, and the outcome of the others', () => {
    expect(cardBuildText({ outcome: 'built', package_manager: 'npm' })).toBe('Builds with npm');
    expect(cardBuildText({ outcome: 'built', package_manager: 'yarn' })).toBe('Builds with yarn');
    expect(cardBuildText({ outcome: 'built', package_manager: null })).toBe('Builds');
    expect(cardBuildText({ outcome: 'failed', package_manager: 'pnpm' })).toBe('Build failed');
    expect(cardBuildText({ outcome: 'not_built', package_manager: null })).toBe('Not built');
  });
});
