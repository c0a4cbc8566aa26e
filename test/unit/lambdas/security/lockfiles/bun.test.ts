/**
 * bun.lock as Bun 1.2 writes it for a React + Vite app: JSON with trailing commas, each resolved
 * package once (nested copies too), the workspace's dependency lists direct; the binary bun.lockb
 * named as not readable.
 */
import { describe, expect, it } from 'vitest';
import { parseBunLock, parseBunLockb } from '../../../../../lambdas/security/lockfiles/bun';
import {
  bundleDependencies,
  countDependencies,
} from '../../../../../lambdas/security/lockfiles/index';
import { parseJsonc } from '../../../../../lambdas/security/lockfiles/jsonc';
import { lockBundle, lockFixture, pins } from '../../../../fixtures/lock-files';

const BUN_DIRECT = [
  '@types/react',
  '@types/react-dom',
  '@vitejs/plugin-react',
  'axios',
  'react',
  'react-dom',
  'typescript',
  'vite',
];

describe('JSON with comments and trailing commas', () => {
  it('removes both outside strings, keeps them inside', () => {
    expect(
      parseJsonc('{\n  // a comment\n  "a": [1, 2,],\n  "b": "x, ] // y", /* c */\n}'),
    ).toEqual({ a: [1, 2], b: 'x, ] // y' });
  });

  it('a trailing comma followed by a comment before the bracket', () => {
    expect(parseJsonc('{ "a": [1, 2, // the last\n], /* end */ }')).toEqual({ a: [1, 2] });
  });

  it('a string with an escaped quote is one string', () => {
    expect(parseJsonc('{ "a": "say \\"hi\\", ]", }')).toEqual({ a: 'say "hi", ]' });
  });
});

describe('bun.lock', () => {
  it('every resolved package, nested copies as their own versions, scoped names kept', () => {
    const { packages } = parseBunLock(lockFixture('bun/bun.lock'));
    expect(packages).toHaveLength(32);
    expect(pins(packages)).toEqual(
      expect.arrayContaining([
        '@esbuild/linux-x64@0.21.5',
        '@vitejs/plugin-react@4.3.1',
        'axios@1.5.1',
        'mime-db@1.51.0',
        'mime-db@1.52.0',
        'mime-types@2.1.34',
        'mime-types@2.1.35',
        'react-dom@18.3.1',
        'vite@5.3.4',
      ]),
    );
    expect(packages.every((p) => p.ecosystem === 'npm')).toBe(true);
  });

  it("the workspace's dependencies and devDependencies are direct", () => {
    expect(parseBunLock(lockFixture('bun/bun.lock')).direct!.sort()).toEqual(BUN_DIRECT);
  });

  it('workspace, link and git packages are not releases', () => {
    const text = `{
      "lockfileVersion": 1,
      "workspaces": { "": { "name": "app" }, "packages/ui": { "name": "ui" } },
      "packages": {
        "ui": ["ui@workspace:packages/ui"],
        "local": ["local@link:../local"],
        "fork": ["fork@github:example/fork#1a2b3c4", {}, "example-fork-1a2b3c4"],
        "ms": ["ms@2.1.3", "", {}, "sha512-6FlzubTLZG3J2a/NVCAleEhjzq5oxgHyaCU9yYXvcLsvoVaHJq/s5xXI6/XXP6tz7R9xAOtHnSO/tXtF3WRTlA=="],
      },
    }`;
    expect(pins(parseBunLock(text).packages)).toEqual(['ms@2.1.3']);
  });

  it('in a bundle beside its package.json: 8 direct, 24 transitive', async () => {
    const deps = await bundleDependencies(
      lockBundle({ 'web/bun.lock': 'bun/bun.lock', 'web/package.json': 'bun/package.json' }),
    );
    expect(deps.lockFiles).toEqual(['web/bun.lock']);
    expect(countDependencies(deps.packages)).toEqual({ direct: 8, transitive: 24 });
  });

  it('bun.lockb is named as unreadable, with how to get a bun.lock', async () => {
    expect(() => parseBunLockb('\u0000binary')).toThrow(/--save-text-lockfile/);
    const deps = await bundleDependencies(
      new Map([
        ['bun.lockb', '\u0000binary'],
        ['package.json', lockFixture('bun/package.json')],
      ]),
    );
    expect(deps.unreadable).toEqual([
      { path: 'bun.lockb', reason: expect.stringContaining("Bun's older binary lock file") },
    ]);
  });
});
