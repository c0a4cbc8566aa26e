/**
 * Python's pins: `requirements.txt` (a line format, read here: `name==1.2.3` with optional extras,
 * environment markers and `--hash` options; other lines that name a package are counted as not
 * pinned; `-r`, `-e`, `-c` and other options are skipped) and `poetry.lock` (TOML, parsed by
 * `smol-toml`: one `[[package]]` table per resolved package). Direct names come from
 * `pyproject.toml` (PEP 621 `[project]` and Poetry's dependency tables), and every pinned
 * requirements line is direct: the file lists what the project asked for.
 */
import { normalisePypiName } from '../versions';
import { loadToml } from './parsers';
import type { LockedPackage, ParsedLockFile } from './types';

/** A PEP 508 requirement's name (`Django[argon2]>=4; python_version>"3.8"` → `Django`). */
const NAME = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/;
const PINNED =
  /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*===?\s*([A-Za-z0-9!+._-]+)\s*$/;

export const parseRequirements = (text: string): ParsedLockFile => {
  const packages: LockedPackage[] = [];
  let unpinned = 0;
  // A backslash at the end of a line continues it (`--hash` options on the next lines).
  for (const raw of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    const line = raw
      .replace(/(^|\s)#.*$/, '')
      .split(';')[0]!
      .replace(/\s--\S+(=\S+)?/g, '')
      .trim();
    if (!line || line.startsWith('-')) continue;
    const pinned = PINNED.exec(line);
    if (pinned) packages.push({ ecosystem: 'PyPI', name: pinned[1]!, version: pinned[2]! });
    else if (NAME.test(line) && !line.includes('://')) unpinned += 1;
  }
  return { packages, unpinned, direct: packages.map((p) => p.name) };
};

export const parsePoetryLock = async (text: string): Promise<ParsedLockFile> => {
  const { parse: parseToml } = await loadToml();
  const document = parseToml(text) as { package?: { name?: string; version?: string }[] };
  const packages = (document.package ?? []).flatMap((entry) =>
    entry.name && entry.version
      ? [{ ecosystem: 'PyPI' as const, name: entry.name, version: entry.version }]
      : [],
  );
  return { packages, unpinned: 0 };
};

type Table = Record<string, unknown>;
const table = (value: unknown): Table =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Table) : {};

/** The names `pyproject.toml` depends on (PEP 621 and Poetry's tables), normalised. */
export const pyprojectDirect = async (text: string): Promise<string[]> => {
  const { parse: parseToml } = await loadToml();
  const document = table(parseToml(text));
  const project = table(document.project);
  const poetry = table(table(document.tool).poetry);
  const requirementNames = (list: unknown) =>
    (Array.isArray(list) ? list : []).flatMap((item) =>
      typeof item === 'string' && NAME.test(item) ? [NAME.exec(item)![1]!] : [],
    );
  const optional = Object.values(table(project['optional-dependencies'])).flatMap(requirementNames);
  const groups = Object.values(table(poetry.group)).flatMap((group) =>
    Object.keys(table(table(group).dependencies)),
  );
  return [
    ...requirementNames(project.dependencies),
    ...optional,
    ...Object.keys(table(poetry.dependencies)),
    ...Object.keys(table(poetry['dev-dependencies'])),
    ...groups,
  ]
    .filter((name) => name.toLowerCase() !== 'python')
    .map(normalisePypiName);
};
