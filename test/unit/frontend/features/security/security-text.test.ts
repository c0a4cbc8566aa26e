/** What a security report says in words: the headline, the short state, the fixes, the groups. */
import { describe, expect, it } from 'vitest';
import {
  advisoryUrl,
  countBySeverity,
  SECURITY_MESSAGES,
  type SecurityFinding,
  type SecurityReport,
} from '../../../../../contract/security';
import {
  reportVersionTitle,
  securityLineText,
  fixText,
  groupBySeverity,
  lockFilesSentence,
  securityHeadline,
  securityShortState,
  unreadableHeading,
  unreadableLockFileLines,
  upgradeText,
  uploadScanSentence,
} from '../../../../../frontend/src/features/security/lib/security-text';

const finding = (overrides: Partial<SecurityFinding>): SecurityFinding => ({
  advisory_id: 'GHSA-xxxx-yyyy-zzzz',
  aliases: [],
  ecosystem: 'npm',
  package: 'lodash',
  version: '4.17.15',
  severity: 'high',
  cvss_score: 7.4,
  summary: 'Prototype pollution through zipObjectDeep.',
  fixed_version: '4.17.21',
  direct: true,
  url: advisoryUrl('GHSA-xxxx-yyyy-zzzz'),
  ...overrides,
});

const report = (findings: SecurityFinding[], overrides: Partial<SecurityReport> = {}) =>
  ({
    mvp_id: 'm',
    version_id: 'v',
    version_number: '1.0.0',
    status: 'checked',
    checked_at: '2026-11-27T10:00:00.000Z',
    lock_files: ['package-lock.json'],
    unreadable_lock_files: [],
    dependencies: { direct: 12, transitive: 200 },
    findings,
    counts: countBySeverity(findings),
    upload_scan: null,
    ...overrides,
  }) satisfies SecurityReport;

describe('security report texts', () => {
  it('says a clean report with its dependency count and the day it was checked', () => {
    expect(securityHeadline(report([]))).toBe(
      'No known vulnerabilities in 212 dependencies, checked 27 Nov 2026',
    );
    expect(securityShortState(report([]))).toBe('No known vulnerabilities');
  });

  it('counts findings by severity, most severe first', () => {
    const findings = [
      finding({ severity: 'low', package: 'a' }),
      finding({ severity: 'critical', package: 'b' }),
      finding({ severity: 'critical', package: 'c' }),
    ];
    expect(securityShortState(report(findings))).toBe('3 known vulnerabilities: 2 critical, 1 low');
    expect(groupBySeverity(findings).map((group) => [group.label, group.findings.length])).toEqual([
      ['Critical', 2],
      ['Low', 1],
    ]);
  });

  it('says the statuses without findings in the contract’s words', () => {
    expect(securityHeadline(report([], { status: 'not_checked', checked_at: null }))).toBe(
      SECURITY_MESSAGES.notChecked,
    );
    expect(securityHeadline(report([], { status: 'not_pinned' }))).toBe(
      SECURITY_MESSAGES.notPinned,
    );
    expect(securityHeadline(report([], { status: 'no_dependencies' }))).toBe(
      SECURITY_MESSAGES.noDependencies,
    );
  });

  it('says which lock files were read', () => {
    expect(lockFilesSentence(report([]))).toBe('Read from package-lock.json.');
    expect(
      lockFilesSentence(report([], { lock_files: ['api/uv.lock', 'web/bun.lock', 'Cargo.lock'] })),
    ).toBe('Read from api/uv.lock, web/bun.lock and Cargo.lock.');
    expect(lockFilesSentence(report([], { lock_files: [] }))).toBeNull();
  });

  it('names each lock file it could not read, with why, and never says there is none', () => {
    const unreadable = report([], {
      status: 'unreadable',
      lock_files: [],
      unreadable_lock_files: [
        { path: 'api/uv.lock', reason: 'has unresolved merge conflicts' },
        { path: 'web/bun.lockb', reason: "is Bun's older binary lock file" },
      ],
    });
    expect(unreadableLockFileLines(unreadable)).toEqual([
      'api/uv.lock has unresolved merge conflicts.',
      "web/bun.lockb is Bun's older binary lock file.",
    ]);
    expect(unreadableHeading(2)).toBe('Lock files that could not be read:');
    expect(unreadableHeading(1)).toBe('A lock file could not be read:');
    expect(securityHeadline(unreadable)).toBe(SECURITY_MESSAGES.unreadable);
    expect(securityHeadline(unreadable)).not.toMatch(/no lock file/i);
    expect(securityShortState(unreadable)).not.toMatch(/no lock file/i);
  });

  it('gives the exact fix, or says there is none', () => {
    expect(fixText(finding({}))).toBe('Fixed in 4.17.21');
    expect(fixText(finding({ fixed_version: null }))).toBe('No fix yet');
    expect(upgradeText(finding({}))).toBe('Upgrade lodash from 4.17.15 to 4.17.21');
    expect(upgradeText(finding({ fixed_version: null }))).toBe(
      'lodash 4.17.15: no fix published yet',
    );
  });

  it('says what the upload scan checked, from the report when it carries it', () => {
    expect(uploadScanSentence(report([]))).toMatch(/secrets.*executables.*zip bombs/);
    expect(
      uploadScanSentence(report([], { upload_scan: { files_scanned: 1234, checks: ['secrets'] } })),
    ).toBe('The upload scan checked every file of this version (1,234 files): secrets.');
  });
});

describe("the seller's newest report, named by its version", () => {
  const pending = {
    id: 'V2',
    version_number: '1.1.0',
    status: 'pending_review' as const,
    at: '2026-11-27T10:00:00.000Z',
  };
  it('live version only', () => {
    const live = { version_id: 'V1', version_number: '1.0.0' };
    const standing = { status: 'approved' as const, liveVersion: '1.0.0', pendingVersion: null };
    expect(reportVersionTitle(live, standing)).toBe('Version 1.0.0 (live)');
  });

  it('a new version in review over a live one', () => {
    const newer = { version_id: 'V2', version_number: '1.1.0' };
    const standing = { status: 'approved' as const, liveVersion: '1.0.0', pendingVersion: pending };
    expect(reportVersionTitle(newer, standing)).toBe('Version 1.1.0 (in review)');
  });

  it('a first version never live: held for review, or failed after its audit', () => {
    const first = { version_id: 'V1', version_number: '1.0.0' };
    const none = { liveVersion: null, pendingVersion: null };
    expect(reportVersionTitle(first, { ...none, status: 'pending_review' })).toBe(
      'Version 1.0.0 (in review)',
    );
    expect(reportVersionTitle(first, { ...none, status: 'ipfs_pin_failed' })).toBe(
      'Version 1.0.0 (publishing failed)',
    );
    expect(reportVersionTitle(first, { ...none, status: 'archived' })).toBe('Version 1.0.0');
  });

  it("My MVPs' line names the version before its state", () => {
    expect(securityLineText(report([], { version_number: '1.1.0' }))).toBe(
      'Version 1.1.0: No known vulnerabilities',
    );
  });
});
