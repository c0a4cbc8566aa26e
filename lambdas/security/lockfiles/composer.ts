/**
 * PHP's Composer: `composer.lock` (JSON) lists every installed package in `packages` and
 * `packages-dev`, each with its `name` (`vendor/package`) and `version` (`v6.4.3` or `7.4.5`: the
 * `v` is a tag's, not part of the release; `dev-main` or `2.x-dev` is a branch, not a release).
 * `composer.json`'s `require` and `require-dev` are the direct ones, the platform's own entries
 * (`php`, `ext-*`, `lib-*`, `composer-*`) excepted.
 */
import { LockFileError, type LockedPackage, type ParsedLockFile } from './types';

interface ComposerPackage {
  name?: unknown;
  version?: unknown;
}

export const parseComposerLock = (text: string, path = 'composer.lock'): ParsedLockFile => {
  const lock = JSON.parse(text) as Record<string, unknown>;
  if (!lock || !Array.isArray(lock.packages))
    throw new LockFileError(path, 'has no "packages" list, so it is not a composer.lock');
  const entries = [
    ...(lock.packages as ComposerPackage[]),
    ...(Array.isArray(lock['packages-dev']) ? (lock['packages-dev'] as ComposerPackage[]) : []),
  ];
  const packages = entries.flatMap((entry): LockedPackage[] => {
    if (typeof entry.name !== 'string' || typeof entry.version !== 'string') return [];
    const version = entry.version.replace(/^v/i, '');
    if (!/^\d/.test(version) || version.endsWith('-dev')) return [];
    return [{ ecosystem: 'Packagist', name: entry.name.toLowerCase(), version }];
  });
  return { packages, unpinned: 0 };
};

const PLATFORM =
  /^(php(-64bit|-ipv6|-zts|-debug)?|hhvm|ext-.+|lib-.+|composer(-plugin|-runtime)?-api|composer)$/i;

/** The packages a composer.json requires itself, lower-cased. */
export const composerDirect = (text: string): string[] => {
  const manifest = JSON.parse(text) as Record<string, unknown>;
  return ['require', 'require-dev']
    .flatMap((field) => {
      const value = manifest[field];
      return value && typeof value === 'object' ? Object.keys(value) : [];
    })
    .filter((name) => !PLATFORM.test(name))
    .map((name) => name.toLowerCase());
};
