/**
 * A bundle's dependencies from its lock files, wherever they sit (the root, a wrapping top folder,
 * the packages of a monorepo): each lock file is read with the manifest beside it, which says
 * which packages the project names itself (direct) and which are only pulled in (transitive).
 * Installed folders a bundle may carry (`node_modules`, virtualenvs, `vendor`) are not the
 * project's. A lock file that cannot be read is named with why, and the others are still read.
 */
import type { Ecosystem } from '../../../contract/security';
import { normalisePackageName } from '../versions';
import type { PinnedPackage } from '../repo';
import { parseBunLock, parseBunLockb } from './bun';
import { parseCargoLock } from './cargo';
import { composerDirect, parseComposerLock } from './composer';
import { goModDirect, parseGoMod, parseGoSum } from './go';
import { npmManifestDirect, parseNpmLock } from './npm';
import { parsePnpmLock } from './pnpm';
import {
  isRequirementsPath,
  parsePipfileLock,
  parsePoetryLock,
  parseRequirements,
  parseUvLock,
  pipfileDirect,
  pyprojectDirect,
} from './python';
import { parseGemfileLock } from './ruby';
import { LockFileError, type ParsedLockFile } from './types';
import { parseYarnLock } from './yarn';

interface LockFormat {
  ecosystem: Ecosystem;
  /** The format's syntax, named in the reason when a file is not valid in it. */
  syntax: string;
  parse: (text: string, path: string) => ParsedLockFile | Promise<ParsedLockFile>;
}

const LOCK_FORMATS: Record<string, LockFormat> = {
  'package-lock.json': { ecosystem: 'npm', syntax: 'JSON', parse: parseNpmLock },
  'npm-shrinkwrap.json': { ecosystem: 'npm', syntax: 'JSON', parse: parseNpmLock },
  'yarn.lock': { ecosystem: 'npm', syntax: 'yarn.lock syntax', parse: parseYarnLock },
  'pnpm-lock.yaml': { ecosystem: 'npm', syntax: 'YAML', parse: parsePnpmLock },
  'bun.lock': { ecosystem: 'npm', syntax: 'JSON', parse: parseBunLock },
  'bun.lockb': { ecosystem: 'npm', syntax: 'text', parse: parseBunLockb },
  'poetry.lock': { ecosystem: 'PyPI', syntax: 'TOML', parse: parsePoetryLock },
  'uv.lock': { ecosystem: 'PyPI', syntax: 'TOML', parse: parseUvLock },
  'Pipfile.lock': { ecosystem: 'PyPI', syntax: 'JSON', parse: parsePipfileLock },
  'Cargo.lock': { ecosystem: 'crates.io', syntax: 'TOML', parse: parseCargoLock },
  'go.sum': { ecosystem: 'Go', syntax: 'go.sum syntax', parse: parseGoSum },
  'Gemfile.lock': { ecosystem: 'RubyGems', syntax: 'Gemfile.lock syntax', parse: parseGemfileLock },
  'composer.lock': { ecosystem: 'Packagist', syntax: 'JSON', parse: parseComposerLock },
};

const REQUIREMENTS: LockFormat = {
  ecosystem: 'PyPI',
  syntax: 'requirements syntax',
  parse: parseRequirements,
};
const GO_MOD: LockFormat = { ecosystem: 'Go', syntax: 'go.mod syntax', parse: parseGoMod };

/** The files that name a project's dependencies without pinning them all. */
const MANIFESTS = new Set([
  'package.json',
  'pyproject.toml',
  'Pipfile',
  'Cargo.toml',
  'go.mod',
  'Gemfile',
  'composer.json',
]);

const IGNORED_FOLDERS = /(^|\/)(node_modules|\.venv|venv|site-packages|\.git|__MACOSX|vendor)\//;

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const fileOf = (path: string) => path.split('/').pop()!;
const beside = (path: string, name: string) =>
  folderOf(path) ? `${folderOf(path)}/${name}` : name;

/** Why a file over the audit's size limit (bundle-files.ts) is not read, as the report says it. */
export const TOO_LARGE = 'is larger than 20 MB, more than the audit reads';

/** Whether the audit reads this path of a bundle (a lock file, a manifest, a requirements file). */
export const isAuditedPath = (path: string) =>
  !IGNORED_FOLDERS.test(path) &&
  (Object.hasOwn(LOCK_FORMATS, fileOf(path)) ||
    MANIFESTS.has(fileOf(path)) ||
    isRequirementsPath(path));

/** How a path of the bundle is read as a lock file, or undefined when it is not one. */
const formatOf = (path: string, files: ReadonlyMap<string, string>): LockFormat | undefined => {
  const file = fileOf(path);
  if (Object.hasOwn(LOCK_FORMATS, file)) return LOCK_FORMATS[file];
  if (isRequirementsPath(path)) return REQUIREMENTS;
  // A module's go.mod pins its whole module graph; go.sum, when there is one, is read instead.
  if (file === 'go.mod' && !files.has(beside(path, 'go.sum'))) return GO_MOD;
  return undefined;
};

export interface BundleDependencies {
  /** Lock files read, in path order. */
  lockFiles: string[];
  /** One entry per (ecosystem, name, version). */
  packages: PinnedPackage[];
  /** Whether a manifest, a lock file or a requirements file was found (read or not). */
  hasManifest: boolean;
  unpinned: number;
  /** Lock files that could not be read, with why. */
  unreadable: { path: string; reason: string }[];
}

const keyOf = (ecosystem: Ecosystem, name: string) =>
  `${ecosystem}:${normalisePackageName(ecosystem, name)}`;

/** The direct names the manifests of a folder give, as `ecosystem:name` keys. */
const directNamesOf = async (
  files: ReadonlyMap<string, string>,
  folder: string,
): Promise<Set<string>> => {
  const names = new Set<string>();
  const readers: [string, Ecosystem, (text: string) => string[] | Promise<string[]>][] = [
    ['package.json', 'npm', npmManifestDirect],
    ['pyproject.toml', 'PyPI', pyprojectDirect],
    ['Pipfile', 'PyPI', pipfileDirect],
    ['go.mod', 'Go', goModDirect],
    ['composer.json', 'Packagist', composerDirect],
  ];
  for (const [file, ecosystem, read] of readers) {
    const text = files.get(folder ? `${folder}/${file}` : file);
    if (text === undefined) continue;
    try {
      for (const name of await read(text)) names.add(keyOf(ecosystem, name));
    } catch {
      // A manifest that cannot be read names nothing; the lock file beside it is still read.
    }
  }
  return names;
};

/** Why a lock file could not be read, in words a seller can act on. */
const reasonOf = (error: unknown, text: string, format: LockFormat): string => {
  if (error instanceof LockFileError) return error.reason;
  if (/^(<{7}|>{7}|={7})( |$)/m.test(text)) return 'has unresolved merge conflicts';
  // The parser's own first line says where (a line and column, what it expected), kept short.
  const line = error instanceof Error ? error.message.split('\n')[0]!.trim() : '';
  const detail = line.length > 160 ? `${line.slice(0, 157)}...` : line;
  return `is not valid ${format.syntax}${detail ? ` (${detail})` : ''}`;
};

/**
 * Direct dependencies counted by name (two versions of one package the project names are one
 * direct dependency); transitive ones by pinned version.
 */
export const countDependencies = (
  packages: readonly PinnedPackage[],
): { direct: number; transitive: number } => ({
  direct: new Set(packages.filter((p) => p.direct).map((p) => keyOf(p.ecosystem, p.name))).size,
  transitive: packages.filter((p) => !p.direct).length,
});

/** The dependencies of the audited files of a bundle (`files`: path → text). */
export const bundleDependencies = async (
  files: ReadonlyMap<string, string>,
): Promise<BundleDependencies> => {
  const paths = [...files.keys()].filter(isAuditedPath).sort();
  const found = new Map<string, PinnedPackage>();
  const result: BundleDependencies = {
    lockFiles: [],
    packages: [],
    hasManifest: paths.length > 0,
    unpinned: 0,
    unreadable: [],
  };
  for (const path of paths) {
    const format = formatOf(path, files);
    if (!format) continue;
    const text = files.get(path)!;
    let parsed: ParsedLockFile;
    try {
      parsed = await format.parse(text, path);
    } catch (error) {
      result.unreadable.push({ path, reason: reasonOf(error, text, format) });
      continue;
    }
    result.unpinned += parsed.unpinned;
    // A requirements file that pins nothing is a list of wishes, not a lock file.
    if (format === REQUIREMENTS && parsed.packages.length === 0) continue;
    result.lockFiles.push(path);
    const direct = await directNamesOf(files, folderOf(path));
    for (const name of parsed.direct ?? []) direct.add(keyOf(format.ecosystem, name));
    for (const pkg of parsed.packages) {
      const id = `${pkg.ecosystem}:${pkg.name}@${pkg.version}`;
      const isDirect = direct.has(keyOf(pkg.ecosystem, pkg.name));
      const known = found.get(id);
      found.set(id, { ...pkg, direct: isDirect || (known?.direct ?? false) });
    }
  }
  result.packages = [...found.values()].sort((a, b) =>
    `${a.ecosystem}:${a.name}@${a.version}`.localeCompare(`${b.ecosystem}:${b.name}@${b.version}`),
  );
  return result;
};
