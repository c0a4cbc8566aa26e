/**
 * `bun.lock`, Bun's text lock file (Bun 1.2 on): JSON with trailing commas. `packages` maps each
 * install path (`react`, `send/ms` for a nested copy) to an array whose first item is the resolved
 * `name@version`; a workspace, link, file or git dependency resolves to `name@workspace:…`,
 * `name@link:…`, `name@github:…` and the like, which are not releases. `workspaces` holds each
 * workspace's own dependency lists: the project's direct dependencies.
 *
 * The older `bun.lockb` is binary and not read: the report names it with how to get a text one.
 */
import { parseJsonc } from './jsonc';
import { LockFileError, type LockedPackage, type ParsedLockFile } from './types';

interface BunLock {
  workspaces?: Record<string, Record<string, unknown>>;
  packages?: Record<string, unknown>;
}

const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
];

/** `@scope/name@1.2.3` → name and version; null for anything but a release. */
const resolvedOf = (descriptor: unknown): LockedPackage | null => {
  if (typeof descriptor !== 'string') return null;
  const at = descriptor.lastIndexOf('@');
  if (at <= 0) return null;
  const version = descriptor.slice(at + 1);
  if (!/^\d/.test(version) || version.includes(':')) return null;
  return { ecosystem: 'npm', name: descriptor.slice(0, at), version };
};

export const parseBunLock = (text: string, path = 'bun.lock'): ParsedLockFile => {
  const lock = parseJsonc(text) as BunLock;
  if (!lock || typeof lock !== 'object' || !lock.packages)
    throw new LockFileError(path, 'has no "packages" list, so it is not a bun.lock Bun wrote');
  const found = new Map<string, LockedPackage>();
  for (const entry of Object.values(lock.packages)) {
    const pkg = Array.isArray(entry) ? resolvedOf(entry[0]) : null;
    if (pkg) found.set(`${pkg.name}@${pkg.version}`, pkg);
  }
  const direct = Object.values(lock.workspaces ?? {}).flatMap((workspace) =>
    DEPENDENCY_FIELDS.flatMap((field) => {
      const list = workspace?.[field];
      return list && typeof list === 'object' ? Object.keys(list) : [];
    }),
  );
  return { packages: [...found.values()], unpinned: 0, direct };
};

export const parseBunLockb = (_text: string, path = 'bun.lockb'): ParsedLockFile => {
  throw new LockFileError(
    path,
    "is Bun's older binary lock file, which cannot be read; running `bun install --save-text-lockfile` writes a bun.lock that can",
  );
};
