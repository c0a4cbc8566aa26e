/**
 * Python's pins:
 * - requirements files, under any name pip is given (`requirements.txt`, `requirements-dev.txt`,
 *   `dev-requirements.txt`, `requirements/base.txt`): a line format, read here: `name==1.2.3`
 *   with optional extras, environment markers and `--hash` options; other lines that name a
 *   package are counted as not pinned; `-r`, `-e`, `-c` and other options are skipped: every
 *   requirements file of the bundle is read once, under its own name, so a `base.txt` that
 *   `local.txt` and `production.txt` include counts once (an included file whose name is not a
 *   requirements name is not read);
 * - `poetry.lock` and `uv.lock` (TOML, parsed by `smol-toml`: one `[[package]]` table per
 *   resolved package; uv's project itself, `source = { editable = "." }` or `{ virtual = "." }`,
 *   is the project's code, and its `dependencies` are the direct ones);
 * - `Pipfile.lock` (JSON: `default` and `develop`, each name to `{ "version": "==1.2.3" }`).
 * Direct names come from `pyproject.toml` (PEP 621 `[project]`, PEP 735 `[dependency-groups]`,
 * uv's and Poetry's dependency tables) and `Pipfile`, and every pinned requirements line is
 * direct (the file lists what the project asked for) except one pip-compile notes as brought in
 * by another package (`# via starlette`).
 */
import { normalisePypiName } from '../versions';
import { loadToml } from './parsers';
import { LockFileError, type LockedPackage, type ParsedLockFile } from './types';

const REQUIREMENTS_FOLDERS = new Set(['requirements', 'reqs']);

/**
 * Whether a path is a requirements file: pip takes any name, so the names projects use: a `.txt`
 * whose name says requirements (`requirements-dev.txt`, `requirements_dev.txt`,
 * `dev-requirements.txt`) or any `.txt` in a `requirements/` folder (`requirements/base.txt`).
 */
export const isRequirementsPath = (path: string): boolean => {
  const parts = path.split('/');
  const file = parts.pop()!.toLowerCase();
  if (!file.endsWith('.txt')) return false;
  return (
    /requirements?([-_.]|\.txt$)|[-_]requirements?\.txt$/.test(file) ||
    REQUIREMENTS_FOLDERS.has((parts.pop() ?? '').toLowerCase())
  );
};

/** A PEP 508 requirement's name (`Django[argon2]>=4; python_version>"3.8"` → `Django`). */
const NAME = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/;
const PINNED =
  /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*===?\s*([A-Za-z0-9!+._-]+)\s*$/;

/** `# via -r requirements.in`, `# via starlette` or `# via` with the names on the next lines. */
const VIA = /^\s*#\s*via\b\s*(.*)$/;
const VIA_MORE = /^\s*#\s{2,}(\S.*)$/;
const INLINE_VIA = /\s#\s*via\s+(\S.*)$/;
const PROJECT_INPUT = /^-r\s|\((pyproject\.toml|setup\.py|setup\.cfg)\)$/;

export const parseRequirements = (text: string): ParsedLockFile => {
  const packages: LockedPackage[] = [];
  // What pip-compile (and `uv pip compile`) says brought each pin in, when it says so.
  const via = new Map<LockedPackage, string[]>();
  let last: LockedPackage | null = null;
  let inVia = false;
  let unpinned = 0;
  // A backslash at the end of a line continues it (`--hash` options on the next lines).
  for (const raw of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    const viaStart = VIA.exec(raw);
    const viaMore = inVia ? VIA_MORE.exec(raw) : null;
    if (last && (viaStart || viaMore)) {
      inVia = true;
      const source = (viaStart ?? viaMore)![1]!.trim();
      if (source) via.set(last, [...(via.get(last) ?? []), source]);
      continue;
    }
    inVia = false;
    const line = raw
      .replace(/(^|\s)#.*$/, '')
      .split(';')[0]!
      .replace(/\s--\S+(=\S+)?/g, '')
      .trim();
    if (!line || line.startsWith('-')) continue;
    const pinned = PINNED.exec(line);
    last = null;
    if (pinned) {
      last = { ecosystem: 'PyPI', name: pinned[1]!, version: pinned[2]! };
      packages.push(last);
      // `--annotation-style=line` writes the note on the pin's own line, comma-separated.
      const inline = INLINE_VIA.exec(raw);
      if (inline) via.set(last, inline[1]!.split(/,\s*/));
    } else if (NAME.test(line) && !line.includes('://')) unpinned += 1;
  }
  // A pin another package brought in (`# via starlette`) is not the project's own choice; one
  // from the project's input (`# via -r requirements.in`, `# via app (pyproject.toml)`), or with
  // no note, is. A constraints file (`-c`) only limits a version, it asks for nothing.
  const direct = packages.filter((pkg) => {
    const sources = via.get(pkg);
    return !sources || sources.some((source) => PROJECT_INPUT.test(source));
  });
  return { packages, unpinned, direct: direct.map((p) => p.name) };
};

export const parsePoetryLock = async (text: string): Promise<ParsedLockFile> => {
  const { parse: parseToml } = await loadToml();
  const document = parseToml(text) as {
    package?: { name?: string; version?: string; source?: { type?: string } }[];
  };
  const packages = (document.package ?? []).flatMap((entry) =>
    // A package from git, a folder, a file or a URL (`[package.source]`) is not a PyPI release;
    // one from another index (`type = "legacy"`) may be, and is looked up.
    entry.name && entry.version && !NOT_A_RELEASE.has(entry.source?.type ?? '')
      ? [{ ecosystem: 'PyPI' as const, name: entry.name, version: entry.version }]
      : [],
  );
  return { packages, unpinned: 0 };
};

type Table = Record<string, unknown>;
const table = (value: unknown): Table =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const NOT_A_RELEASE = new Set(['git', 'directory', 'file', 'url']);

/** The project's own code in uv.lock: its root, workspace members and local path packages. */
const LOCAL_SOURCES = ['editable', 'virtual', 'directory', 'path'];

/** `[{ name = "fastapi" }, …]` → the names. */
const namesOf = (dependencies: unknown): string[] =>
  list(dependencies).flatMap((item) => {
    const name = table(item).name;
    return typeof name === 'string' ? [name] : [];
  });

export const parseUvLock = async (text: string, path = 'uv.lock'): Promise<ParsedLockFile> => {
  const { parse: parseToml } = await loadToml();
  const document = table(parseToml(text));
  if (!Array.isArray(document.package))
    throw new LockFileError(path, 'has no [[package]] tables, so it is not a uv.lock uv wrote');
  const packages: LockedPackage[] = [];
  const direct: string[] = [];
  for (const entry of document.package.map(table)) {
    const source = table(entry.source);
    if (LOCAL_SOURCES.some((kind) => kind in source)) {
      direct.push(
        ...namesOf(entry.dependencies),
        ...Object.values(table(entry['optional-dependencies'])).flatMap(namesOf),
        ...Object.values(table(entry['dev-dependencies'])).flatMap(namesOf),
      );
      continue;
    }
    // A git or URL source is not a release of PyPI: OSV cannot match its version.
    if (!('registry' in source)) continue;
    if (typeof entry.name === 'string' && typeof entry.version === 'string')
      packages.push({ ecosystem: 'PyPI', name: entry.name, version: entry.version });
  }
  return { packages, unpinned: 0, direct };
};

interface PipfileEntry {
  version?: string;
}

export const parsePipfileLock = (text: string, path = 'Pipfile.lock'): ParsedLockFile => {
  const lock = table(JSON.parse(text));
  if (!('default' in lock) && !('develop' in lock))
    throw new LockFileError(
      path,
      'has neither "default" nor "develop", so it is not a Pipfile.lock',
    );
  const packages = ['default', 'develop'].flatMap((section) =>
    Object.entries(table(lock[section])).flatMap(([name, entry]) => {
      const version = (entry as PipfileEntry)?.version;
      // A git, path or editable entry has no `version`.
      return typeof version === 'string' && version.startsWith('==')
        ? [{ ecosystem: 'PyPI' as const, name, version: version.slice(2) }]
        : [];
    }),
  );
  return { packages, unpinned: 0 };
};

/** The names a `Pipfile` depends on (`[packages]` and `[dev-packages]`), normalised. */
export const pipfileDirect = async (text: string): Promise<string[]> => {
  const { parse: parseToml } = await loadToml();
  const document = table(parseToml(text));
  return [
    ...Object.keys(table(document.packages)),
    ...Object.keys(table(document['dev-packages'])),
  ].map(normalisePypiName);
};

/** The names `pyproject.toml` depends on (PEP 621, PEP 735, uv's and Poetry's tables), normalised. */
export const pyprojectDirect = async (text: string): Promise<string[]> => {
  const { parse: parseToml } = await loadToml();
  const document = table(parseToml(text));
  const project = table(document.project);
  const poetry = table(table(document.tool).poetry);
  const uv = table(table(document.tool).uv);
  // A PEP 735 group may include another (`{ include-group = "test" }`): not a name.
  const requirementNames = (items: unknown) =>
    list(items).flatMap((item) =>
      typeof item === 'string' && NAME.test(item) ? [NAME.exec(item)![1]!] : [],
    );
  const optional = Object.values(table(project['optional-dependencies'])).flatMap(requirementNames);
  const dependencyGroups = Object.values(table(document['dependency-groups'])).flatMap(
    requirementNames,
  );
  const groups = Object.values(table(poetry.group)).flatMap((group) =>
    Object.keys(table(table(group).dependencies)),
  );
  return [
    ...requirementNames(project.dependencies),
    ...optional,
    ...dependencyGroups,
    ...requirementNames(uv['dev-dependencies']),
    ...Object.keys(table(poetry.dependencies)),
    ...Object.keys(table(poetry['dev-dependencies'])),
    ...groups,
  ]
    .filter((name) => name.toLowerCase() !== 'python')
    .map(normalisePypiName);
};
