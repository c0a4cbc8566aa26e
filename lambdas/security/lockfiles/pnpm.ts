/**
 * `pnpm-lock.yaml` (parsed by `yaml`): every resolved package is a key of `packages`. Its shape
 * changed with the lock file's version:
 * - v5: `/name/1.2.3` and `/@scope/name/1.2.3_peer@x`;
 * - v6: `/name@1.2.3` and `/@scope/name@1.2.3(peer@x)`;
 * - v9: `name@1.2.3` (the peers' variants moved to `snapshots`).
 * A version that is not a release (a `link:`, `file:` or tarball URL) is left out.
 *
 * The project's own dependencies are the lock file's too: `importers` lists each workspace's
 * (`.`, `apps/web`, `packages/ui`), and a v5 or v6 lock of a single project lists them at its top.
 */
import { loadYaml } from './parsers';
import type { LockedPackage, ParsedLockFile } from './types';

const keyOf = (raw: string, lockVersion: number): { name: string; version: string } | null => {
  const key = raw.replace(/^\//, '').replace(/\(.*$/, '');
  if (lockVersion < 6) {
    const cut = key.lastIndexOf('/');
    if (cut <= 0) return null;
    return { name: key.slice(0, cut), version: key.slice(cut + 1).replace(/_.*$/, '') };
  }
  const at = key.indexOf('@', 1);
  if (at <= 0) return null;
  return { name: key.slice(0, at), version: key.slice(at + 1) };
};

const isRelease = (version: string) => /^\d/.test(version) && !version.includes(':');

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;
type Importer = Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, unknown>>>;

const namesOf = (importer: Importer | null | undefined) =>
  DEPENDENCY_FIELDS.flatMap((field) => Object.keys(importer?.[field] ?? {}));

export const parsePnpmLock = async (text: string): Promise<ParsedLockFile> => {
  const { parse: parseYaml } = await loadYaml();
  const document = (parseYaml(text) ?? {}) as Importer & {
    lockfileVersion?: string | number;
    importers?: Record<string, Importer>;
    packages?: Record<string, unknown>;
  };
  const lockVersion = Number.parseFloat(String(document.lockfileVersion ?? '9'));
  const found = new Map<string, LockedPackage>();
  for (const raw of Object.keys(document.packages ?? {})) {
    const parsed = keyOf(raw, lockVersion);
    if (!parsed || !isRelease(parsed.version)) continue;
    found.set(`${parsed.name}@${parsed.version}`, { ecosystem: 'npm', ...parsed });
  }
  const direct = [
    ...namesOf(document),
    ...Object.values(document.importers ?? {}).flatMap(namesOf),
  ];
  return { packages: [...found.values()], unpinned: 0, direct };
};
