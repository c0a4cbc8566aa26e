/**
 * The local npm registry's packages, made from what this project already has installed: every
 * package of its package-lock.json that is in node_modules, published into verdaccio's storage
 * folder directly (a packument and a tarball per version, in verdaccio's own layout), so a
 * template's `npm ci` finds them without the internet.
 *
 * The tarball is the very one npm downloaded, when npm's cache still holds it (looked up by the
 * lock's integrity, and linked, not copied): a template's lock file then matches it byte for byte,
 * whatever registry it was made against. A package the cache no longer has is packed again from
 * its installed folder; its integrity is then ours, and a lock file made against the public
 * registry will not match it (npm says EINTEGRITY, and the build record shows it).
 *
 * Seeding is cached: the storage folder remembers the lock file it was made from and is reused
 * while that is unchanged. A new seed is made beside it and swapped in whole.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';

/** Changes when the layout written here changes, so older seeds are made again. */
const SEED_FORMAT = 1;
const MARKER = '.seeded-from.json';
/** The tarball address in the stored packuments; verdaccio rewrites it to its own per request. */
const TARBALL_BASE = 'http://localhost:4873';

interface LockEntry {
  name?: string;
  version?: string;
  integrity?: string;
  link?: boolean;
  /** Shipped inside its parent's tarball (bundleDependencies), not published on its own. */
  inBundle?: boolean;
}

export interface SeedSummary {
  /** Whether the storage was made now (false: reused). */
  seeded: boolean;
  packages: number;
  versions: number;
  /** Tarballs taken from npm's cache (byte-identical to the public registry's). */
  fromCache: number;
  /** Tarballs packed again from node_modules. */
  repacked: number;
  ms: number;
}

/** npm's cache folder (`npm_config_cache`, else `~/.npm`). */
const npmCacheDir = () =>
  process.env.npm_config_cache ?? process.env.NPM_CONFIG_CACHE ?? join(homedir(), '.npm');

/** Where npm's content-addressed cache keeps the bytes of `integrity`'s sha512, if it does. */
const cachedTarball = (integrity: string): string | null => {
  const sha512 = integrity
    .split(/\s+/)
    .map((part) => /^sha512-(.+)$/.exec(part)?.[1])
    .find(Boolean);
  if (!sha512) return null;
  const hex = Buffer.from(sha512, 'base64').toString('hex');
  const path = join(
    npmCacheDir(),
    '_cacache',
    'content-v2',
    'sha512',
    hex.slice(0, 2),
    hex.slice(2, 4),
    hex.slice(4),
  );
  return existsSync(path) ? path : null;
};

/** Every file under `dir` (no nested node_modules, no links), sorted for a stable tarball. */
const filesUnder = (dir: string): string[] => {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.isFile()) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
};

/** A package's installed folder as npm would pack it: `package/…`, fixed times and modes. */
const repack = async (dir: string): Promise<Buffer> => {
  const tar = pack();
  const chunks: Buffer[] = [];
  tar.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
  const done = new Promise<void>((resolve, reject) => {
    tar.on('end', () => resolve());
    tar.on('error', reject);
  });
  for (const file of filesUnder(dir)) {
    const mode = statSync(file).mode & 0o111 ? 0o755 : 0o644;
    tar.entry(
      {
        name: `package/${relative(dir, file).split('\\').join('/')}`,
        mode,
        mtime: new Date(499162500000),
      },
      readFileSync(file),
    );
  }
  tar.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks), { level: 9 });
};

const integrityOf = (bytes: Buffer) =>
  `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
const shasumOf = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

/** Orders versions as semver does for release versions (pre-releases before their release). */
const compareVersions = (a: string, b: string) => {
  const parse = (version: string) => {
    const [core = '', pre] = version.split('-', 2);
    return { parts: core.split('.').map(Number), pre };
  };
  const left = parse(a);
  const right = parse(b);
  for (let index = 0; index < 3; index += 1) {
    const difference = (left.parts[index] ?? 0) - (right.parts[index] ?? 0);
    if (difference) return difference;
  }
  if (left.pre === right.pre) return 0;
  if (!left.pre) return 1;
  if (!right.pre) return -1;
  return left.pre < right.pre ? -1 : 1;
};

/** The manifest of an installed package as a packument's version (npm's private fields removed). */
const manifestOf = (dir: string): Record<string, unknown> => {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(Object.entries(manifest).filter(([key]) => !key.startsWith('_')));
};

const tarballFileOf = (name: string, version: string) =>
  `${name.includes('/') ? name.split('/')[1] : name}-${version}.tgz`;

interface Seeded {
  manifest: Record<string, unknown>;
  file: string;
  integrity: string;
  shasum: string;
}

/** Writes one package's folder of verdaccio's storage: its tarballs, then its packument. */
const writePackage = (storage: string, name: string, versions: Map<string, Seeded>) => {
  const sorted = [...versions.keys()].sort(compareVersions);
  const now = new Date().toISOString();
  const packument = {
    name,
    versions: Object.fromEntries(
      sorted.map((version) => {
        const seeded = versions.get(version)!;
        return [
          version,
          {
            ...seeded.manifest,
            name,
            version,
            _id: `${name}@${version}`,
            dist: {
              tarball: `${TARBALL_BASE}/${name}/-/${seeded.file}`,
              integrity: seeded.integrity,
              shasum: seeded.shasum,
            },
          },
        ];
      }),
    ),
    'dist-tags': { latest: sorted.at(-1) },
    time: { modified: now, created: now, ...Object.fromEntries(sorted.map((v) => [v, now])) },
    _uplinks: {},
    _distfiles: {},
    _attachments: Object.fromEntries(
      sorted.map((version) => {
        const seeded = versions.get(version)!;
        return [seeded.file, { shasum: seeded.shasum, version }];
      }),
    ),
    _rev: `1-${randomBytes(8).toString('hex')}`,
    readme: '',
  };
  writeFileSync(join(storage, name, 'package.json'), JSON.stringify(packument));
};

/**
 * One installed package version of the lock, put in the storage being made: its tarball (npm's
 * cached one, else packed again) and its manifest for the packument. Nothing for a link, a
 * package bundled inside another, one not installed here, or a version already put.
 */
const seedVersion = async (
  projectRoot: string,
  building: string,
  path: string,
  entry: LockEntry,
  byName: Map<string, Map<string, Seeded>>,
): Promise<'cache' | 'repacked' | null> => {
  if (!path.startsWith('node_modules/') || entry.link || entry.inBundle || !entry.version) {
    return null;
  }
  const dir = join(projectRoot, path);
  if (!existsSync(join(dir, 'package.json'))) return null;
  const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const versions = byName.get(name) ?? new Map<string, Seeded>();
  if (versions.has(entry.version)) return null;
  const file = tarballFileOf(name, entry.version);
  const target = join(building, name, file);
  mkdirSync(dirname(target), { recursive: true });
  const cached = entry.integrity ? cachedTarball(entry.integrity) : null;
  let bytes: Buffer;
  if (cached) {
    try {
      linkSync(cached, target);
    } catch {
      copyFileSync(cached, target);
    }
    bytes = readFileSync(target);
  } else {
    bytes = await repack(dir);
    writeFileSync(target, bytes);
  }
  versions.set(entry.version, {
    manifest: manifestOf(dir),
    file,
    integrity: cached ? entry.integrity! : integrityOf(bytes),
    shasum: shasumOf(bytes),
  });
  byName.set(name, versions);
  return cached ? 'cache' : 'repacked';
};

/**
 * Makes (or reuses) verdaccio's storage folder from `projectRoot`'s package-lock.json and
 * node_modules. Safe to call from two processes at once: each makes its seed in a folder of its
 * own and the first to finish swaps it in.
 */
export const seedRegistryStorage = async (
  projectRoot: string,
  storage: string,
): Promise<SeedSummary> => {
  const started = Date.now();
  const lockText = readFileSync(join(projectRoot, 'package-lock.json'), 'utf8');
  const stamp = createHash('sha256').update(`${SEED_FORMAT}\n${lockText}`).digest('hex');
  const markerPath = join(storage, MARKER);
  if (existsSync(markerPath)) {
    const marker = JSON.parse(readFileSync(markerPath, 'utf8')) as SeedSummary & { stamp: string };
    if (marker.stamp === stamp) {
      const { packages, versions, fromCache, repacked } = marker;
      return { seeded: false, packages, versions, fromCache, repacked, ms: Date.now() - started };
    }
  }
  const lock = JSON.parse(lockText) as { packages: Record<string, LockEntry> };
  const building = `${storage}.seeding-${process.pid}-${randomBytes(4).toString('hex')}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  let fromCache = 0;
  let repacked = 0;
  try {
    const byName = new Map<string, Map<string, Seeded>>();
    for (const [path, entry] of Object.entries(lock.packages)) {
      const seeded = await seedVersion(projectRoot, building, path, entry, byName);
      if (seeded === 'cache') fromCache += 1;
      if (seeded === 'repacked') repacked += 1;
    }
    for (const [name, versions] of byName) writePackage(building, name, versions);
    writeFileSync(
      join(building, '.verdaccio-db.json'),
      JSON.stringify({ list: [...byName.keys()].sort(), secret: randomBytes(16).toString('hex') }),
    );
    const summary: SeedSummary = {
      seeded: true,
      packages: byName.size,
      versions: fromCache + repacked,
      fromCache,
      repacked,
      ms: Date.now() - started,
    };
    writeFileSync(join(building, MARKER), JSON.stringify({ ...summary, stamp }));
    // Swap the new seed in: the old one (if any) is moved aside first, then removed.
    const old = `${storage}.old-${process.pid}`;
    if (existsSync(storage)) renameSync(storage, old);
    try {
      renameSync(building, storage);
    } catch (error) {
      // Another process swapped its seed in first: keep that one.
      if (!existsSync(storage)) throw error;
    }
    rmSync(old, { recursive: true, force: true });
    return summary;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
};
