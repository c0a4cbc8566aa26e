/**
 * `Cargo.lock` (TOML, parsed by `smol-toml`): one `[[package]]` table per resolved crate. A crate
 * from crates.io has a `source` of its index (`registry+https://github.com/rust-lang/crates.io-index`,
 * or the sparse `sparse+https://index.crates.io/`); the workspace's own crates have no `source`,
 * and their `dependencies` (`"serde"`, `"serde 1.0.197"`, `"rand 0.8.5 (registry+…)"`) are the
 * project's direct ones. A crate from git or another registry is not a crates.io release.
 */
import { loadToml } from './parsers';
import { LockFileError, type LockedPackage, type ParsedLockFile } from './types';

const CRATES_IO =
  /^(registry\+https:\/\/github\.com\/rust-lang\/crates\.io-index|sparse\+https:\/\/index\.crates\.io\/?)$/;

interface CargoPackage {
  name?: unknown;
  version?: unknown;
  source?: unknown;
  dependencies?: unknown;
}

export const parseCargoLock = async (
  text: string,
  path = 'Cargo.lock',
): Promise<ParsedLockFile> => {
  const { parse: parseToml } = await loadToml();
  const document = parseToml(text) as { package?: CargoPackage[] };
  if (!Array.isArray(document.package))
    throw new LockFileError(path, 'has no [[package]] tables, so it is not a Cargo.lock');
  const packages: LockedPackage[] = [];
  const direct: string[] = [];
  for (const entry of document.package) {
    if (typeof entry.name !== 'string' || typeof entry.version !== 'string') continue;
    if (entry.source === undefined) {
      for (const dependency of Array.isArray(entry.dependencies) ? entry.dependencies : [])
        if (typeof dependency === 'string') direct.push(dependency.split(' ')[0]!);
    } else if (typeof entry.source === 'string' && CRATES_IO.test(entry.source)) {
      packages.push({ ecosystem: 'crates.io', name: entry.name, version: entry.version });
    }
  }
  return { packages, unpinned: 0, direct };
};
