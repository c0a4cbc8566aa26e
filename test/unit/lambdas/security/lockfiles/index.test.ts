/**
 * A bundle's lock files of every ecosystem together: each read with its own manifest, unreadable
 * ones named with why while the others are still read, and a lock file found but unread never
 * taken for no lock file.
 */
import { describe, expect, it } from 'vitest';
import {
  bundleDependencies,
  countDependencies,
  isAuditedPath,
} from '../../../../../lambdas/security/lockfiles/index';
import { lockBundle } from '../../../../fixtures/lock-files';

describe('a bundle with lock files of six ecosystems', () => {
  it('reads each, in path order, with its ecosystem', async () => {
    const deps = await bundleDependencies(
      lockBundle({
        'api/uv.lock': 'uv/uv.lock',
        'api/pyproject.toml': 'uv/pyproject.toml',
        'web/bun.lock': 'bun/bun.lock',
        'web/package.json': 'bun/package.json',
        'engine/Cargo.lock': 'cargo/Cargo.lock',
        'gateway/go.mod': 'go/go.mod',
        'gateway/go.sum': 'go/go.sum',
        'admin/Gemfile.lock': 'ruby/Gemfile.lock',
        'billing/composer.json': 'composer/composer.json',
        'billing/composer.lock': 'composer/composer.lock',
      }),
    );
    expect(deps.lockFiles).toEqual([
      'admin/Gemfile.lock',
      'api/uv.lock',
      'billing/composer.lock',
      'engine/Cargo.lock',
      'gateway/go.sum',
      'web/bun.lock',
    ]);
    const byEcosystem: Record<string, number> = {};
    for (const p of deps.packages) byEcosystem[p.ecosystem] = (byEcosystem[p.ecosystem] ?? 0) + 1;
    expect(byEcosystem).toEqual({
      'crates.io': 9,
      Go: 12,
      Packagist: 11,
      PyPI: 23,
      RubyGems: 16,
      npm: 32,
    });
    // 5 + 7 + 3 + 3 + 3 + 8 direct by name; the rest transitive.
    expect(countDependencies(deps.packages)).toEqual({ direct: 29, transitive: 74 });
    expect(deps.unreadable).toEqual([]);
  });
});

describe('lock files that cannot be read', () => {
  it('a uv.lock with merge conflicts is named with why; the bun.lock beside it is read', async () => {
    const deps = await bundleDependencies(
      lockBundle({
        'api/uv.lock': 'malformed/uv.lock',
        'api/pyproject.toml': 'malformed/pyproject.toml',
        'web/bun.lock': 'bun/bun.lock',
      }),
    );
    expect(deps.unreadable).toEqual([
      { path: 'api/uv.lock', reason: 'has unresolved merge conflicts' },
    ]);
    expect(deps.lockFiles).toEqual(['web/bun.lock']);
    expect(deps.packages).toHaveLength(32);
  });

  it('a lock file that is not valid in its syntax says which syntax', async () => {
    const deps = await bundleDependencies(
      new Map([
        ['uv.lock', 'version = 1\n[[package]\nname = "x"\n'],
        ['composer.lock', '{ "packages": [ }'],
        ['bun.lock', '{ "lockfileVersion": 1, "packages": { "a": ["a@1.0.0"] '],
      ]),
    );
    expect(deps.unreadable.map(({ path, reason }) => `${path} ${reason.split(' (')[0]}`)).toEqual([
      'bun.lock is not valid JSON',
      'composer.lock is not valid JSON',
      'uv.lock is not valid TOML',
    ]);
    expect(deps.hasManifest).toBe(true);
    expect(deps.lockFiles).toEqual([]);
  });

  it('a bundle with no lock file and no manifest has neither', async () => {
    const deps = await bundleDependencies(new Map([['README.md', '# hello']]));
    expect(deps).toMatchObject({ hasManifest: false, lockFiles: [], unreadable: [] });
  });
});

describe('audited paths', () => {
  it.each([
    ['uv.lock', true],
    ['web/bun.lock', true],
    ['bun.lockb', true],
    ['Pipfile.lock', true],
    ['Pipfile', true],
    ['requirements/base.txt', true],
    ['requirements-dev.txt', true],
    ['crates/api/Cargo.lock', true],
    ['go.sum', true],
    ['go.mod', true],
    ['Gemfile.lock', true],
    ['composer.lock', true],
    ['vendor/guzzlehttp/guzzle/composer.json', false],
    ['node_modules/x/bun.lock', false],
    ['.venv/lib/python3.12/site-packages/x/requirements.txt', false],
    ['docs/notes.txt', false],
  ])('%s: %s', (path, expected) => {
    expect(isAuditedPath(path)).toBe(expected);
  });
});
