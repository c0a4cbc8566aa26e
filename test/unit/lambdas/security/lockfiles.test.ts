/**
 * The lock-file parsers on small real-format fixtures (test/fixtures/lockfiles): each format gives
 * the packages it pins, links, workspaces and non-release versions left out, and the manifest
 * beside a lock file decides which packages are direct.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundleDependencies, isAuditedPath } from '../../../../lambdas/security/lockfiles/index';
import { parseNpmLock } from '../../../../lambdas/security/lockfiles/npm';
import { parsePnpmLock } from '../../../../lambdas/security/lockfiles/pnpm';
import {
  parsePoetryLock,
  parseRequirements,
  pyprojectDirect,
} from '../../../../lambdas/security/lockfiles/python';
import { parseYarnLock } from '../../../../lambdas/security/lockfiles/yarn';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/lockfiles/${name}`, import.meta.url), 'utf8');

const pins = (packages: { name: string; version: string }[]) =>
  packages.map((p) => `${p.name}@${p.version}`).sort();

const NPM_TREE = [
  'debug@2.6.9',
  'express@4.21.0',
  'lodash@4.17.15',
  'minimist@1.2.5',
  'mkdirp@0.5.5',
  'ms@2.0.0',
];

describe('npm lock files', () => {
  it('v3: every installed package, nested copies included, links and workspaces left out', () => {
    expect(pins(parseNpmLock(fixture('package-lock.v3.json')).packages)).toEqual(
      [...NPM_TREE, 'ms@2.1.3'].sort(),
    );
  });

  it('v1: the dependencies tree, nested ones too, a file: dependency left out', () => {
    expect(pins(parseNpmLock(fixture('package-lock.v1.json')).packages)).toEqual(
      [...NPM_TREE, 'ms@2.1.3'].sort(),
    );
  });
});

describe('yarn.lock', () => {
  it('classic (v1): one package per resolved entry, scoped names kept', async () => {
    const { packages } = await parseYarnLock(fixture('yarn.v1.lock'));
    expect(pins(packages)).toEqual(['@babel/code-frame@7.24.7', ...NPM_TREE].sort());
  });

  it('Berry: the same packages, the workspace itself left out', async () => {
    const { packages } = await parseYarnLock(fixture('yarn.berry.lock'));
    expect(pins(packages)).toEqual(['@babel/code-frame@7.24.7', ...NPM_TREE].sort());
  });
});

describe('pnpm-lock.yaml', () => {
  it('v6: `/name@version` keys, peer suffixes removed', async () => {
    expect(pins((await parsePnpmLock(fixture('pnpm-lock.v6.yaml'))).packages)).toEqual(
      ['@babel/code-frame@7.24.7', ...NPM_TREE, 'react-dom@18.3.1', 'react@18.3.1'].sort(),
    );
  });

  it('v9: `name@version` keys; links are not packages', async () => {
    expect(pins((await parsePnpmLock(fixture('pnpm-lock.v9.yaml'))).packages)).toEqual(
      ['@babel/code-frame@7.24.7', ...NPM_TREE].sort(),
    );
  });

  it('v5: `/name/version` keys', async () => {
    const text =
      'lockfileVersion: 5.4\npackages:\n  /lodash/4.17.15:\n    dev: false\n  /@scope/pkg/1.0.0_react@18.0.0:\n    dev: false\n';
    expect(pins((await parsePnpmLock(text)).packages)).toEqual([
      '@scope/pkg@1.0.0',
      'lodash@4.17.15',
    ]);
  });
});

describe('Python', () => {
  it('requirements.txt: == pins with extras, markers and hashes; unpinned lines counted', () => {
    const parsed = parseRequirements(fixture('requirements.txt'));
    expect(pins(parsed.packages)).toEqual([
      'certifi@2024.2.2',
      'jinja2@3.1.4',
      'requests@2.31.0',
      'urllib3@2.0.7',
    ]);
    // flask>=3.0 and gunicorn; -r and -e lines are options, not packages.
    expect(parsed.unpinned).toBe(2);
  });

  it('poetry.lock: one package per [[package]] table', async () => {
    expect(pins((await parsePoetryLock(fixture('poetry.lock'))).packages)).toEqual([
      'asgiref@3.8.1',
      'django@4.2.11',
      'pytest@8.1.1',
      'requests@2.31.0',
      'urllib3@1.26.18',
    ]);
  });

  it("pyproject.toml: Poetry's dependency tables and groups, python itself left out", async () => {
    expect((await pyprojectDirect(fixture('pyproject.toml'))).sort()).toEqual([
      'django',
      'pytest',
      'requests',
    ]);
  });
});

describe('a bundle', () => {
  it('direct from the manifest beside each lock file, in a wrapping top folder', async () => {
    const deps = await bundleDependencies(
      new Map([
        ['starter/package.json', fixture('package.json')],
        ['starter/package-lock.json', fixture('package-lock.v3.json')],
      ]),
    );
    expect(deps.lockFiles).toEqual(['starter/package-lock.json']);
    const direct = deps.packages.filter((p) => p.direct).map((p) => p.name);
    expect(direct.sort()).toEqual(['express', 'lodash', 'mkdirp']);
    // Two copies of ms (2.0.0 and 2.1.3 nested under mkdirp) are two packages.
    expect(deps.packages).toHaveLength(7);
  });

  it('a monorepo: each folder read with its own manifest; Python names compared normalised', async () => {
    const deps = await bundleDependencies(
      new Map([
        ['web/package.json', fixture('package.json')],
        ['web/yarn.lock', fixture('yarn.v1.lock')],
        ['api/pyproject.toml', fixture('pyproject.toml')],
        ['api/poetry.lock', fixture('poetry.lock')],
      ]),
    );
    expect(deps.lockFiles).toEqual(['api/poetry.lock', 'web/yarn.lock']);
    const direct = deps.packages.filter((p) => p.direct).map((p) => `${p.ecosystem}:${p.name}`);
    expect(direct.sort()).toEqual([
      'PyPI:django',
      'PyPI:pytest',
      'PyPI:requests',
      'npm:express',
      'npm:lodash',
      'npm:mkdirp',
    ]);
  });

  it('a manifest without a lock file: nothing pinned, the manifest seen', async () => {
    const deps = await bundleDependencies(new Map([['package.json', fixture('package.json')]]));
    expect(deps).toMatchObject({ packages: [], lockFiles: [], hasManifest: true });
  });

  it('an unreadable lock file is reported and the others still read', async () => {
    const deps = await bundleDependencies(
      new Map([
        ['a/package-lock.json', '{ not json'],
        ['b/requirements.txt', 'requests==2.31.0\n'],
      ]),
    );
    expect(deps.unreadable).toEqual([
      { path: 'a/package-lock.json', reason: expect.stringMatching(/^is not valid JSON/) },
    ]);
    expect(pins(deps.packages)).toEqual(['requests@2.31.0']);
    expect(deps.packages[0]!.direct).toBe(true);
  });

  it('installed folders are not the project', () => {
    expect(isAuditedPath('node_modules/lodash/package.json')).toBe(false);
    expect(isAuditedPath('app/.venv/lib/site-packages/x/pyproject.toml')).toBe(false);
    expect(isAuditedPath('app/package-lock.json')).toBe(true);
  });
});
