/**
 * A package-lock.json for a local demo or test template whose dependencies this project already
 * has: the template's part of this project's own lock file (each dependency resolved from where
 * its dependent sits, as Node resolves it, with the same version, address and integrity), so it is
 * exactly what `npm install` against the public registry would have written for those versions,
 * every platform's optional package included, and the local registry (seeded from the same
 * installed packages, registry-seed.ts) holds every package of it this machine installs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  inBundle?: boolean;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

export interface TemplateManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The path a dependency `name` of the package at `from` resolves to in `packages`, if any. */
const resolveFrom = (
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | undefined => {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate] && !packages[candidate]!.link) return candidate;
    if (!base) return undefined;
    const at = base.lastIndexOf('/node_modules/');
    base = at === -1 ? '' : base.slice(0, at);
  }
};

/** The installed name of a lock entry at `path` (an alias's entry names the real package). */
const nameAt = (path: string, entry: LockEntry) =>
  typeof entry.name === 'string' ? entry.name : path.slice(path.lastIndexOf('node_modules/') + 13);

/**
 * Where a template's own dependency `name` with `range` is in the project's lock: the entry of
 * that package (wherever it is installed, under an alias too) whose version the range names
 * (`^6.0.3` → 6.0.3), else the top-level one, else the last found.
 */
const rootEntryOf = (packages: Record<string, LockEntry>, name: string, range: string) => {
  const wanted = range.replace(/^[\^~=]/, '');
  const candidates = Object.entries(packages).filter(
    ([path, entry]) =>
      path.includes('node_modules/') && !entry.link && nameAt(path, entry) === name,
  );
  const exact = candidates.find(([, entry]) => entry.version === wanted);
  const top = candidates.find(([path]) => path === `node_modules/${name}`);
  return (exact ?? top ?? candidates.at(-1))?.[0];
};

/**
 * The lock file (lockfileVersion 3) of a template with `manifest`'s dependencies, taken from this
 * project's package-lock.json: each of its own dependencies at the top of its node_modules, and
 * theirs where they are in the project (nested ones nested under their new place). Throws when a
 * dependency is not in it.
 */
export const templateLockFile = (manifest: TemplateManifest): string => {
  const lock = JSON.parse(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const source = lock.packages;
  const out = new Map<string, LockEntry>();
  /** Target paths reached from the template's runtime dependencies (the rest are dev only). */
  const runtime = new Set<string>();
  /** `from` is the dependent's path in the project's lock, `fromTarget` in the template's. */
  const visit = (
    from: string,
    fromTarget: string,
    name: string,
    isRuntime: boolean,
    optional: boolean,
  ) => {
    const path = resolveFrom(source, from, name);
    if (!path) {
      if (optional) return;
      throw new Error(`${name} (needed by ${from || manifest.name}) is not in package-lock.json.`);
    }
    const target =
      from && path.startsWith(`${from}/`) ? `${fromTarget}${path.slice(from.length)}` : path;
    place(path, target, isRuntime);
  };
  const place = (path: string, target: string, isRuntime: boolean) => {
    if (out.has(target) && (!isRuntime || runtime.has(target))) return;
    if (isRuntime) runtime.add(target);
    const entry = source[path]!;
    out.set(target, entry);
    for (const dependency of Object.keys(entry.dependencies ?? {})) {
      visit(path, target, dependency, isRuntime, false);
    }
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) {
      visit(path, target, dependency, isRuntime, true);
    }
    for (const dependency of Object.keys(entry.peerDependencies ?? {})) {
      // npm installs peers too, unless they are optional ones.
      if (entry.peerDependenciesMeta?.[dependency]?.optional) continue;
      visit(path, target, dependency, isRuntime, true);
    }
  };
  const own = (dependencies: Record<string, string> | undefined, isRuntime: boolean) => {
    for (const [name, range] of Object.entries(dependencies ?? {})) {
      const path = rootEntryOf(source, name, range);
      if (!path) throw new Error(`${name} is not in package-lock.json.`);
      place(path, `node_modules/${name}`, isRuntime);
    }
  };
  own(manifest.dependencies, true);
  own(manifest.devDependencies, false);
  const packages: Record<string, LockEntry> = {
    '': {
      name: manifest.name,
      version: manifest.version,
      ...(manifest.dependencies ? { dependencies: manifest.dependencies } : {}),
      ...(manifest.devDependencies ? { devDependencies: manifest.devDependencies } : {}),
    },
  };
  for (const target of [...out.keys()].sort()) {
    const { dev, devOptional, peer, name, ...entry } = out.get(target)!;
    void dev;
    void devOptional;
    void peer;
    void name;
    packages[target] = { ...entry, ...(runtime.has(target) ? {} : { dev: true }) };
  }
  return `${JSON.stringify(
    {
      name: manifest.name,
      version: manifest.version,
      lockfileVersion: 3,
      requires: true,
      packages,
    },
    null,
    2,
  )}\n`;
};
