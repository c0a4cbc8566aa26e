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

describe("a monorepo's workspaces name their own direct dependencies", () => {
  const rootManifest = JSON.stringify({ devDependencies: { turbo: '^1.12.4' } });

  it("pnpm: every importer's dependencies, not only the root package.json's", async () => {
    const lock = `lockfileVersion: '9.0'
importers:
  .:
    devDependencies:
      turbo:
        specifier: ^1.12.4
        version: 1.12.4
  apps/web:
    dependencies:
      react:
        specifier: ^18.2.0
        version: 18.2.0
      ui:
        specifier: workspace:*
        version: link:../../packages/ui
packages:
  js-tokens@4.0.0:
    resolution: {integrity: sha512-RdJUflcE3cUzKiMqQgsCu06FPu9UdIJO0beYbPhHN4k6apgJtifcoCtT9bcxOpYBtpD2kCM6Sbzg4CausW/PKQ==}
  loose-envify@1.4.0:
    resolution: {integrity: sha512-lyuxPGr/Wfhrlem2CL/UcnUc1zcqKAImBDzukY7Y5F/yQiNdko6+fRLevlw1HgMySw7f611UIY408EtxRSoK3Q==}
  react@18.2.0:
    resolution: {integrity: sha512-/3IjMdb2L9QbBdWiW5e3P2/npwMBaU9mHCSCUzNln0ZCYbcfTsGbTJrU/kGemdH2IWmB2ioZ+zkxtmq6g09fGQ==}
  turbo@1.12.4:
    resolution: {integrity: sha512-yUJ7elEUSToiGwFZogXpYKJpQ0BvaMbkEuQECIWtkBLcmWzlMOt6bActsIm29oN83mRU0WbzGt4e8H1KHWedhg==}
`;
    const deps = await bundleDependencies(
      new Map([
        ['package.json', rootManifest],
        ['pnpm-lock.yaml', lock],
      ]),
    );
    expect(deps.packages.filter((p) => p.direct).map((p) => p.name)).toEqual(['react', 'turbo']);
    expect(countDependencies(deps.packages)).toEqual({ direct: 2, transitive: 2 });
  });

  it("npm (v3): the root's and each workspace folder's dependencies", async () => {
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        '': { name: 'mono', workspaces: ['apps/*'], devDependencies: { turbo: '^1.12.4' } },
        'apps/web': { name: 'web', dependencies: { react: '^18.2.0' } },
        'node_modules/web': { resolved: 'apps/web', link: true },
        'node_modules/react': {
          version: '18.2.0',
          dependencies: { 'loose-envify': '^1.1.0' },
        },
        'node_modules/loose-envify': { version: '1.4.0' },
        'node_modules/turbo': { version: '1.12.4', dev: true },
      },
    });
    const deps = await bundleDependencies(
      new Map([
        ['package.json', rootManifest],
        ['package-lock.json', lock],
      ]),
    );
    expect(deps.packages.filter((p) => p.direct).map((p) => p.name)).toEqual(['react', 'turbo']);
    expect(countDependencies(deps.packages)).toEqual({ direct: 2, transitive: 1 });
  });

  it("Yarn Berry: each workspace entry's dependencies", async () => {
    const lock = `__metadata:
  version: 8
  cacheKey: 10c0

"react@npm:^18.2.0":
  version: 18.2.0
  resolution: "react@npm:18.2.0"
  linkType: hard

"turbo@npm:^1.12.4":
  version: 1.12.4
  resolution: "turbo@npm:1.12.4"
  linkType: hard

"web@workspace:apps/web":
  version: 0.0.0-use.local
  resolution: "web@workspace:apps/web"
  dependencies:
    react: "npm:^18.2.0"
  languageName: unknown
  linkType: soft
`;
    const deps = await bundleDependencies(
      new Map([
        ['package.json', rootManifest],
        ['yarn.lock', lock],
      ]),
    );
    expect(deps.packages.filter((p) => p.direct).map((p) => p.name)).toEqual(['react', 'turbo']);
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
