/**
 * `yarn.lock`: Yarn 1's own format (parsed by `@yarnpkg/lockfile`, Yarn's parser) and Yarn 2+'s
 * (Berry: YAML with a `__metadata` entry, parsed by `yaml`). Each entry is keyed by the
 * descriptors that resolved to it (`lodash@^4.17.0, lodash@^4.17.21`); the package's name is the
 * descriptor before its last `@` (a scoped name starts with one). Workspace and link entries of
 * Berry are the project's own code, and a workspace's own dependency lists name the project's
 * direct dependencies.
 */
import { loadYaml, loadYarnLockfile } from './parsers';
import { LockFileError, type LockedPackage, type ParsedLockFile } from './types';

/** `@scope/name@npm:^1.0.0` → `@scope/name`. */
export const descriptorName = (descriptor: string): string | null => {
  const trimmed = descriptor.trim().replace(/^"|"$/g, '');
  const at = trimmed.indexOf('@', 1);
  return at > 0 ? trimmed.slice(0, at) : null;
};

const dedupe = (packages: LockedPackage[]) => [
  ...new Map(packages.map((p) => [`${p.name}@${p.version}`, p])).values(),
];

const parseClassic = async (text: string, path: string): Promise<LockedPackage[]> => {
  const { parse: parseYarnClassic } = await loadYarnLockfile();
  const parsed = parseYarnClassic(text, path);
  if (parsed.type !== 'success') throw new LockFileError(path, 'has unresolved merge conflicts');
  return dedupe(
    Object.entries(parsed.object).flatMap(([key, entry]) => {
      const name = descriptorName(key.split(',')[0]!);
      return name && entry.version
        ? [{ ecosystem: 'npm' as const, name, version: entry.version }]
        : [];
    }),
  );
};

interface BerryEntry {
  version?: string;
  resolution?: string;
  linkType?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const parseBerry = async (text: string): Promise<ParsedLockFile> => {
  const { parse: parseYaml } = await loadYaml();
  const document = parseYaml(text) as Record<string, BerryEntry>;
  const direct = Object.values(document).flatMap((entry) =>
    entry?.resolution?.includes('@workspace:')
      ? [entry.dependencies, entry.devDependencies, entry.optionalDependencies].flatMap((list) =>
          Object.keys(list ?? {}),
        )
      : [],
  );
  const packages = dedupe(
    Object.entries(document).flatMap(([key, entry]) => {
      if (key === '__metadata' || !entry?.version) return [];
      const resolution = entry.resolution ?? key.split(',')[0]!;
      if (!/@npm:/.test(resolution) || entry.linkType === 'soft') return [];
      const name = descriptorName(resolution);
      return name ? [{ ecosystem: 'npm' as const, name, version: entry.version }] : [];
    }),
  );
  return { packages, unpinned: 0, direct };
};

export const parseYarnLock = async (text: string, path = 'yarn.lock'): Promise<ParsedLockFile> =>
  /^__metadata:/m.test(text)
    ? parseBerry(text)
    : { packages: await parseClassic(text, path), unpinned: 0 };
