/**
 * npm's lock files, `package-lock.json` and `npm-shrinkwrap.json` (the same format): v2 and v3
 * list every installed package in `packages`, keyed by its path (`node_modules/a`,
 * `node_modules/a/node_modules/b`); v1 (npm 6) nests them in a `dependencies` tree. The root
 * (`""`), workspace folders and links are the project's own code, not dependencies; the root's
 * and each workspace's own dependency lists (v2, v3) name the project's direct dependencies.
 */
import type { LockedPackage, ParsedLockFile } from './types';

interface V2Entry {
  name?: string;
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

interface V1Entry {
  version?: string;
  dependencies?: Record<string, V1Entry>;
}

const nameFromPath = (path: string) => {
  const at = path.lastIndexOf('node_modules/');
  return at === -1 ? null : path.slice(at + 'node_modules/'.length);
};

const fromPackages = (packages: Record<string, V2Entry>): LockedPackage[] =>
  Object.entries(packages).flatMap(([path, entry]) => {
    const name = entry.name ?? nameFromPath(path);
    if (!path || entry.link || !name || !entry.version || !path.includes('node_modules/'))
      return [];
    return [{ ecosystem: 'npm' as const, name, version: entry.version }];
  });

const fromTree = (dependencies: Record<string, V1Entry>): LockedPackage[] =>
  Object.entries(dependencies).flatMap(([name, entry]) => [
    // A v1 `version` of a git or file dependency is a URL, not a release: OSV cannot match it.
    ...(entry.version && !entry.version.includes(':')
      ? [{ ecosystem: 'npm' as const, name, version: entry.version }]
      : []),
    ...fromTree(entry.dependencies ?? {}),
  ]);

export const parseNpmLock = (text: string): ParsedLockFile => {
  const lock = JSON.parse(text) as {
    packages?: Record<string, V2Entry>;
    dependencies?: Record<string, V1Entry>;
  };
  const packages = lock.packages ? fromPackages(lock.packages) : fromTree(lock.dependencies ?? {});
  // The root (`""`) and workspace folders: every entry whose path is not an installed package.
  const direct = Object.entries(lock.packages ?? {})
    .filter(([path]) => !path.includes('node_modules/'))
    .flatMap(([, entry]) =>
      [entry.dependencies, entry.devDependencies, entry.optionalDependencies].flatMap((list) =>
        Object.keys(list ?? {}),
      ),
    );
  return { packages, unpinned: 0, direct };
};

/** The names a `package.json` depends on itself (dependencies and devDependencies). */
export const npmManifestDirect = (text: string): string[] => {
  const manifest = JSON.parse(text) as Record<string, unknown>;
  return ['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((field) => {
    const value = manifest[field];
    return value && typeof value === 'object' ? Object.keys(value) : [];
  });
};
