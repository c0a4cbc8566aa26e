/**
 * The security report as the page renders it (on the server, in Chakra's provider): the lock
 * files it read, each one it could not read with why, and no "no lock file" when there is one.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChakraProvider, createSystem } from '@chakra-ui/react';
import { countBySeverity, type SecurityReport } from '../../../../../contract/security';
import { shellRecipes, themeConfig } from '../../../../../frontend/src/lib/chakra-theme';

/**
 * The component, imported by a path the type check does not follow: this project's type check
 * does not compile TSX (the frontend's own does, and checks the component's props there).
 */
const VIEW = '../../../../../frontend/src/features/security/components/security-report-view.tsx';
const { SecurityReportView } = (await import(/* @vite-ignore */ VIEW)) as {
  SecurityReportView: ComponentType<{ report: SecurityReport; audience?: 'buyer' | 'seller' }>;
};

const system = createSystem(themeConfig, shellRecipes);

/** The page's words, tags and styles removed. */
const textOf = (report: SecurityReport) =>
  renderToString(
    createElement(ChakraProvider, {
      value: system,
      children: createElement(SecurityReportView, { report, audience: 'seller' }),
    }),
  )
    .replace(/<style[^>]*>[^<]*<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const report = (overrides: Partial<SecurityReport>): SecurityReport => ({
  mvp_id: 'm',
  version_id: 'v',
  version_number: '1.0.0',
  status: 'checked',
  checked_at: '2026-11-27T10:00:00.000Z',
  lock_files: ['backend/uv.lock', 'frontend/bun.lock'],
  unreadable_lock_files: [],
  dependencies: { direct: 15, transitive: 40 },
  findings: [],
  counts: countBySeverity([]),
  upload_scan: null,
  ...overrides,
});

describe('the security report on the page', () => {
  it('names the lock files it read', () => {
    expect(textOf(report({}))).toContain('Read from backend/uv.lock and frontend/bun.lock.');
  });

  it('names a lock file it could not read, with why, beside the ones it read', () => {
    const text = textOf(
      report({
        lock_files: ['frontend/bun.lock'],
        unreadable_lock_files: [
          { path: 'backend/uv.lock', reason: 'has unresolved merge conflicts' },
        ],
      }),
    );
    expect(text).toContain('Read from frontend/bun.lock.');
    expect(text).toContain('A lock file could not be read:');
    expect(text).toContain('backend/uv.lock has unresolved merge conflicts.');
    expect(text).not.toMatch(/no lock file/i);
  });

  it('when none could be read: says so and why, never that there is no lock file', () => {
    const text = textOf(
      report({
        status: 'unreadable',
        checked_at: null,
        lock_files: [],
        dependencies: { direct: 0, transitive: 0 },
        unreadable_lock_files: [
          { path: 'backend/uv.lock', reason: 'is not valid TOML' },
          { path: 'frontend/bun.lockb', reason: "is Bun's older binary lock file" },
        ],
      }),
    );
    expect(text).toContain('none of them could be read');
    expect(text).toContain('Lock files that could not be read:');
    expect(text).toContain('backend/uv.lock is not valid TOML.');
    expect(text).toContain("frontend/bun.lockb is Bun's older binary lock file.");
    expect(text).not.toMatch(/no lock file/i);
    expect(text).not.toContain('Read from');
  });
});
