/**
 * A bundle's dependencies from its lock files, wherever they sit (the root, a wrapping top folder,
 * the packages of a monorepo): each lock file is read with the manifest beside it, which says
 * which packages the project names itself (direct) and which are only pulled in (transitive).
 * Installed folders a bundle may carry (`node_modules`, virtualenvs) are not the project's.
 */
import { normalisePypiName } from '../versions';
import type { PinnedPackage } from '../repo';
import { npmManifestDirect, parseNpmLock } from './npm';
import { parsePnpmLock } from './pnpm';
import { parsePoetryLock, parseRequirements, pyprojectDirect } from './python';
import { LockFileError, type ParsedLockFile } from './types';
import { parseYarnLock } from './yarn';

const LOCK_PARSERS: Record<
  string,
  (text: string, path: string) => ParsedLockFile | Promise<ParsedLockFile>
> = {
  'package-lock.json': parseNpmLock,
  'npm-shrinkwrap.json': parseNpmLock,
  'yarn.lock': parseYarnLock,
  'pnpm-lock.yaml': parsePnpmLock,
  'requirements.txt': parseRequirements,
  'poetry.lock': parsePoetryLock,
};

const MANIFESTS = new Set(['package.json', 'pyproject.toml']);

/** The file names the audit reads out of a bundle. */
export const AUDITED_FILE_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(LOCK_PARSERS),
  ...MANIFESTS,
]);

const IGNORED_FOLDERS = /(^|\/)(node_modules|\.venv|venv|site-packages|\.git|__MACOSX)\//;

/** Whether the audit reads this path of a bundle. */
export const isAuditedPath = (path: string) =>
  AUDITED_FILE_NAMES.has(path.split('/').pop()!) && !IGNORED_FOLDERS.test(path);

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const fileOf = (path: string) => path.split('/').pop()!;

export interface BundleDependencies {
  /** Lock files read, in path order. */
  lockFiles: string[];
  /** One entry per (ecosystem, name, version). */
  packages: PinnedPackage[];
  /** Whether a manifest (package.json, pyproject.toml) or a requirements file was found. */
  hasManifest: boolean;
  unpinned: number;
  /** Lock files that could not be read, with why. */
  unreadable: string[];
}

const directNamesOf = async (
  files: ReadonlyMap<string, string>,
  folder: string,
): Promise<Set<string>> => {
  const at = (name: string) => files.get(folder ? `${folder}/${name}` : name);
  const names = new Set<string>();
  const packageJson = at('package.json');
  const pyproject = at('pyproject.toml');
  try {
    if (packageJson) for (const name of npmManifestDirect(packageJson)) names.add(`npm:${name}`);
  } catch {
    // A manifest that is not JSON names nothing; the lock file is still read.
  }
  try {
    if (pyproject) for (const name of await pyprojectDirect(pyproject)) names.add(`PyPI:${name}`);
  } catch {
    // As above.
  }
  return names;
};

const keyOf = (ecosystem: string, name: string) =>
  `${ecosystem}:${ecosystem === 'PyPI' ? normalisePypiName(name) : name}`;

/** The dependencies of the audited files of a bundle (`files`: path → text). */
export const bundleDependencies = async (
  files: ReadonlyMap<string, string>,
): Promise<BundleDependencies> => {
  const paths = [...files.keys()].filter(isAuditedPath).sort();
  const found = new Map<string, PinnedPackage>();
  const result: BundleDependencies = {
    lockFiles: [],
    packages: [],
    hasManifest: paths.some(
      (path) => MANIFESTS.has(fileOf(path)) || fileOf(path) === 'requirements.txt',
    ),
    unpinned: 0,
    unreadable: [],
  };
  for (const path of paths) {
    const parse = LOCK_PARSERS[fileOf(path)];
    if (!parse) continue;
    let parsed: ParsedLockFile;
    try {
      parsed = await parse(files.get(path)!, path);
    } catch (error) {
      const reason = error instanceof LockFileError ? error.message : `${path}: not readable`;
      result.unreadable.push(reason);
      continue;
    }
    result.unpinned += parsed.unpinned;
    if (parsed.packages.length === 0) continue;
    result.lockFiles.push(path);
    const direct = await directNamesOf(files, folderOf(path));
    for (const name of parsed.direct ?? []) direct.add(keyOf('PyPI', name));
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
