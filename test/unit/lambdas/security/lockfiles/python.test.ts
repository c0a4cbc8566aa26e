/**
 * Python's lock files in the shapes uv, Pipenv and a Django project write them: uv.lock's own
 * project left out and its dependencies direct, Pipfile.lock's two sections, requirements files
 * under the names projects give them, included files read once.
 */
import { describe, expect, it } from 'vitest';
import {
  bundleDependencies,
  countDependencies,
} from '../../../../../lambdas/security/lockfiles/index';
import {
  isRequirementsPath,
  parsePipfileLock,
  parsePoetryLock,
  parseRequirements,
  parseUvLock,
  pipfileDirect,
  pyprojectDirect,
} from '../../../../../lambdas/security/lockfiles/python';
import { lockBundle, lockFixture, pins } from '../../../../fixtures/lock-files';

const UV_PACKAGES = [
  'annotated-types@0.7.0',
  'anyio@4.4.0',
  'click@8.1.7',
  'colorama@0.4.6',
  'fastapi@0.111.0',
  'h11@0.14.0',
  'idna@3.7',
  'iniconfig@2.0.0',
  'packaging@24.1',
  'pluggy@1.5.0',
  'pydantic-core@2.20.1',
  'pydantic-settings@2.3.4',
  'pydantic@2.8.2',
  'pytest@8.2.2',
  'python-dotenv@1.0.1',
  'python-multipart@0.0.6',
  'ruff@0.5.0',
  'sniffio@1.3.1',
  'sqlalchemy@2.0.31',
  'sqlmodel@0.0.19',
  'starlette@0.37.2',
  'typing-extensions@4.12.2',
  'uvicorn@0.30.1',
];

const UV_DIRECT = [
  'fastapi',
  'pydantic-settings',
  'pytest',
  'python-multipart',
  'ruff',
  'sqlmodel',
  'uvicorn',
];

describe('uv.lock', () => {
  it("every PyPI package; the project's own editable package and a git one left out", async () => {
    const parsed = await parseUvLock(lockFixture('uv/uv.lock'));
    expect(pins(parsed.packages)).toEqual(UV_PACKAGES);
    expect(parsed.packages).toHaveLength(23);
    expect(parsed.packages.every((p) => p.ecosystem === 'PyPI')).toBe(true);
  });

  it("the project's dependencies, dev group included, are direct", async () => {
    const parsed = await parseUvLock(lockFixture('uv/uv.lock'));
    expect([...new Set(parsed.direct)].sort()).toEqual([...UV_DIRECT, 'shared-models'].sort());
  });

  it('pyproject.toml: PEP 621 dependencies and PEP 735 groups', async () => {
    expect((await pyprojectDirect(lockFixture('uv/pyproject.toml'))).sort()).toEqual(UV_DIRECT);
  });

  it('in a bundle: 7 direct, 16 transitive', async () => {
    const deps = await bundleDependencies(
      lockBundle({
        'backend/uv.lock': 'uv/uv.lock',
        'backend/pyproject.toml': 'uv/pyproject.toml',
      }),
    );
    expect(deps.lockFiles).toEqual(['backend/uv.lock']);
    expect(countDependencies(deps.packages)).toEqual({ direct: 7, transitive: 16 });
  });

  it('a file that is TOML but not a uv.lock is refused with why', async () => {
    await expect(parseUvLock('version = 1\n', 'uv.lock')).rejects.toThrow(/no \[\[package\]\]/);
  });
});

describe('poetry.lock', () => {
  it('a package from git or a local folder is not a PyPI release', async () => {
    const text = `[[package]]
name = "django"
version = "4.2.11"
description = "A high-level Python web framework"
optional = false
python-versions = ">=3.8"
files = []

[[package]]
name = "shared-models"
version = "0.2.0"
description = ""
optional = false
python-versions = "^3.11"
files = []
develop = false

[package.source]
type = "git"
url = "https://github.com/example/shared-models.git"
reference = "v0.2.0"
resolved_reference = "6f1c2a9e4b7d3c8a0e5f1b2c3d4e5f6a7b8c9d0e"

[[package]]
name = "utils"
version = "0.1.0"
description = ""
optional = false
python-versions = "^3.11"
files = []
develop = true

[package.source]
type = "directory"
url = "libs/utils"
`;
    expect(pins((await parsePoetryLock(text)).packages)).toEqual(['django@4.2.11']);
  });
});

describe('Pipfile.lock', () => {
  it('default and develop, "==" removed; an editable path entry left out', () => {
    const { packages } = parsePipfileLock(lockFixture('pipenv/Pipfile.lock'));
    expect(pins(packages)).toEqual([
      'blinker@1.8.2',
      'certifi@2024.7.4',
      'charset-normalizer@3.3.2',
      'click@8.1.7',
      'flask@3.0.3',
      'idna@3.7',
      'iniconfig@2.0.0',
      'itsdangerous@2.2.0',
      'jinja2@3.1.4',
      'markupsafe@2.1.5',
      'packaging@24.1',
      'pluggy@1.5.0',
      'pytest@8.2.2',
      'requests@2.31.0',
      'urllib3@2.2.2',
      'werkzeug@3.0.3',
    ]);
  });

  it("the Pipfile's packages and dev-packages are direct", async () => {
    expect((await pipfileDirect(lockFixture('pipenv/Pipfile'))).sort()).toEqual([
      'flask',
      'mylib',
      'pytest',
      'requests',
    ]);
    const deps = await bundleDependencies(
      lockBundle({ Pipfile: 'pipenv/Pipfile', 'Pipfile.lock': 'pipenv/Pipfile.lock' }),
    );
    expect(countDependencies(deps.packages)).toEqual({ direct: 3, transitive: 13 });
  });
});

describe('requirements files', () => {
  it.each([
    ['requirements.txt', true],
    ['requirements-dev.txt', true],
    ['requirements_dev.txt', true],
    ['dev-requirements.txt', true],
    ['api/requirements.prod.txt', true],
    ['requirements/base.txt', true],
    ['backend/requirements/production.txt', true],
    ['docs/notes.txt', false],
    ['requirements.in', false],
    ['LICENSE.txt', false],
  ])('%s is a requirements file: %s', (path, expected) => {
    expect(isRequirementsPath(path)).toBe(expected);
  });

  it("a Django project's requirements/ folder: base.txt included by the others is counted once", async () => {
    const deps = await bundleDependencies(
      lockBundle({
        'site/requirements.txt': 'django/requirements.txt',
        'site/requirements/base.txt': 'django/requirements/base.txt',
        'site/requirements/local.txt': 'django/requirements/local.txt',
        'site/requirements/production.txt': 'django/requirements/production.txt',
      }),
    );
    // The root requirements.txt only includes production.txt: it pins nothing itself.
    expect(deps.lockFiles).toEqual([
      'site/requirements/base.txt',
      'site/requirements/local.txt',
      'site/requirements/production.txt',
    ]);
    // 15 in base.txt, 16 in local.txt, 6 in production.txt of which psycopg is also in local.txt.
    expect(deps.packages).toHaveLength(36);
    expect(deps.packages.filter((p) => p.name === 'psycopg')).toHaveLength(1);
    expect(deps.packages.find((p) => p.name === 'django')).toMatchObject({
      version: '4.2.10',
      direct: true,
    });
    expect(countDependencies(deps.packages)).toEqual({ direct: 36, transitive: 0 });
    expect(deps.unpinned).toBe(0);
    expect(deps.unreadable).toEqual([]);
  });

  it("pip-compile's output: a pin noted `# via <package>` is transitive, `# via -r` direct", async () => {
    const parsed = parseRequirements(lockFixture('pip-compile/requirements.txt'));
    expect(parsed.packages).toHaveLength(18);
    expect(parsed.direct).toEqual(['fastapi', 'httpx', 'uvicorn']);
    const deps = await bundleDependencies(
      lockBundle({ 'api/requirements.txt': 'pip-compile/requirements.txt' }),
    );
    expect(countDependencies(deps.packages)).toEqual({ direct: 3, transitive: 15 });
  });

  it('`# via app (pyproject.toml)` is the project asking; `# via -c` only a constraint', () => {
    const parsed = parseRequirements(
      [
        'django==4.2.11',
        '    # via app (pyproject.toml)',
        'asgiref==3.8.1',
        '    # via',
        '    #   -c constraints.txt',
        '    #   django',
        'sqlparse==0.5.0',
        '    # via django',
        'gunicorn==22.0.0',
      ].join('\n'),
    );
    expect(parsed.direct).toEqual(['django', 'gunicorn']);
  });

  it("the same notes on the pin's own line (`--annotation-style=line`)", () => {
    const parsed = parseRequirements(
      [
        'anyio==4.4.0  # via httpx, starlette',
        'fastapi==0.111.0  # via -r requirements.in',
        'httpx==0.27.0  # via -r requirements.in, fastapi',
        'Pillow==10.4.0  # https://github.com/python-pillow/Pillow',
      ].join('\n'),
    );
    expect(parsed.direct).toEqual(['fastapi', 'httpx', 'Pillow']);
  });
});
