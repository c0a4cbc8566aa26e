/**
 * Version order and OSV ranges, per ecosystem:
 * - npm and crates.io: semver (the `semver` package); Go too, its `v` prefix dropped (a module's
 *   pseudo-version `0.0.0-20231218163308-9d2ee975ef9f` is a semver pre-release);
 * - PyPI: PEP 440 (a small comparison below: release segments, then pre-releases `a`/`b`/`rc`,
 *   post- and dev-releases, with an epoch; local labels `+…` are ignored, as OSV's own matcher
 *   does for ranges);
 * - RubyGems and Packagist: dotted segments (below), where a segment with letters is a
 *   pre-release (`1.16.0.rc1`, `7.4.5-beta1`) and sorts before the release it precedes.
 *
 * An OSV range is a list of events in version order: `introduced` opens an affected span,
 * `fixed` (first version not affected) or `last_affected` (last version affected) closes it.
 */
// The two functions only, not the package's index: the index loads every range and set operation
// of semver (about 28 KB minified) at each cold start of the functions that compare versions.
import compareSemver from 'semver/functions/compare';
import validSemver from 'semver/functions/valid';
import type { Ecosystem } from '../../contract/security';
import type { OsvAffected, OsvEvent } from './osv';

interface Pep440 {
  epoch: number;
  release: number[];
  /** [phase, number]: a=0, b=1, rc=2; absent sorts after every pre-release. */
  pre: [number, number] | null;
  post: number | null;
  dev: number | null;
}

const PEP440 =
  /^v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|alpha|b|beta|c|rc|pre|preview)[-_.]?(\d*))?(?:-(\d+)|[-_.]?(?:post|rev|r)[-_.]?(\d*))?(?:[-_.]?dev[-_.]?(\d*))?(?:\+[a-z0-9.]+)?$/i;

const PRE_PHASES: Record<string, number> = {
  a: 0,
  alpha: 0,
  b: 1,
  beta: 1,
  c: 2,
  rc: 2,
  pre: 2,
  preview: 2,
};

export const parsePep440 = (text: string): Pep440 | null => {
  const match = PEP440.exec(text.trim());
  if (!match) return null;
  const [, epoch, release, prePhase, preNumber, postImplicit, postNumber, devNumber] = match;
  const post = postImplicit ?? (postNumber !== undefined ? postNumber || '0' : undefined);
  return {
    epoch: Number(epoch ?? 0),
    release: release!.split('.').map(Number),
    pre: prePhase ? [PRE_PHASES[prePhase.toLowerCase()]!, Number(preNumber || 0)] : null,
    post: post !== undefined ? Number(post) : null,
    dev: devNumber !== undefined || /dev/i.test(text) ? Number(devNumber || 0) : null,
  };
};

const compareNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/** PEP 440 order; an unparsable version sorts by plain string order (never thrown). */
export const comparePep440 = (left: string, right: string): number => {
  const a = parsePep440(left);
  const b = parsePep440(right);
  if (!a || !b) return left.localeCompare(right);
  if (a.epoch !== b.epoch) return compareNumbers(a.epoch, b.epoch);
  const length = Math.max(a.release.length, b.release.length);
  for (let i = 0; i < length; i += 1) {
    const order = compareNumbers(a.release[i] ?? 0, b.release[i] ?? 0);
    if (order !== 0) return order;
  }
  // 1.0.dev1 < 1.0a1 < 1.0 < 1.0.post1: a dev release without pre or post sorts before all.
  const preKey = (v: Pep440): [number, number, number] =>
    v.pre ? [1, ...v.pre] : v.dev !== null && v.post === null ? [0, 0, 0] : [2, 0, 0];
  const [pa, pb] = [preKey(a), preKey(b)];
  for (let i = 0; i < 3; i += 1) {
    const order = compareNumbers(pa[i]!, pb[i]!);
    if (order !== 0) return order;
  }
  const order = compareNumbers(a.post ?? -1, b.post ?? -1);
  if (order !== 0) return order;
  return compareNumbers(a.dev ?? Infinity, b.dev ?? Infinity);
};

/** Composer's stability words, lowest first; RubyGems' pre-release words sort as text. */
const STABILITY: Record<string, number> = {
  dev: 0,
  a: 1,
  alpha: 1,
  b: 2,
  beta: 2,
  rc: 3,
  pl: 5,
  p: 5,
  patch: 5,
};

type Segment = number | string;
const segmentsOf = (version: string): Segment[] =>
  (
    version
      .replace(/^v/i, '')
      .toLowerCase()
      .match(/\d+|[a-z]+/g) ?? []
  ).map((part) => (/^\d/.test(part) ? Number(part) : part));

/**
 * RubyGems' and Composer's order: numeric segments by value, a missing one as 0 (`1.0` is
 * `1.0.0`); a word is a pre-release, below any number and below the release itself (`1.0.rc1` <
 * `1.0`), except Composer's patch words (`1.0-p1` > `1.0`).
 */
export const compareDotted = (left: string, right: string): number => {
  const a = segmentsOf(left);
  const b = segmentsOf(right);
  const wordRank = (word: string) => STABILITY[word] ?? 4;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return compareNumbers(x, y);
    if (x === undefined)
      return typeof y === 'number' ? compareNumbers(0, y) : wordRank(y!) >= 5 ? -1 : 1;
    if (y === undefined)
      return typeof x === 'number' ? compareNumbers(x, 0) : wordRank(x) >= 5 ? 1 : -1;
    if (typeof x === 'number') return 1;
    if (typeof y === 'number') return -1;
    const order = compareNumbers(wordRank(x), wordRank(y));
    if (order !== 0) return order;
    return x.localeCompare(y);
  }
  return 0;
};

const compareSemverLoose = (left: string, right: string) => {
  const a = validSemver(left, { loose: true });
  const b = validSemver(right, { loose: true });
  if (a && b) return compareSemver(a, b, { loose: true });
  return left.localeCompare(right);
};

/** Order of two versions of one ecosystem; `0` (OSV's "from the start") is below all. */
export const compareVersions = (ecosystem: Ecosystem, left: string, right: string): number => {
  if (left === right) return 0;
  if (left === '0') return -1;
  if (right === '0') return 1;
  switch (ecosystem) {
    case 'PyPI':
      return comparePep440(left, right);
    case 'RubyGems':
    case 'Packagist':
      return compareDotted(left, right);
    case 'Go':
      return compareSemverLoose(left.replace(/^v/, ''), right.replace(/^v/, ''));
    case 'npm':
    case 'crates.io':
      return compareSemverLoose(left, right);
  }
};

/** Whether `version` lies in one of the range's affected spans. */
export const inRange = (ecosystem: Ecosystem, version: string, events: readonly OsvEvent[]) => {
  const cmp = (a: string, b: string) => compareVersions(ecosystem, a, b);
  const sorted = [...events].sort((x, y) => {
    const vx = x.introduced ?? x.fixed ?? x.last_affected ?? x.limit ?? '0';
    const vy = y.introduced ?? y.fixed ?? y.last_affected ?? y.limit ?? '0';
    return cmp(vx, vy);
  });
  let affected = false;
  for (const event of sorted) {
    if (event.introduced !== undefined && cmp(version, event.introduced) >= 0) affected = true;
    if (event.fixed !== undefined && cmp(version, event.fixed) >= 0) affected = false;
    if (event.last_affected !== undefined && cmp(version, event.last_affected) > 0)
      affected = false;
    if (event.limit !== undefined && cmp(version, event.limit) >= 0) affected = false;
  }
  return affected;
};

const samePackage = (ecosystem: Ecosystem, name: string, affected: OsvAffected) =>
  affected.package?.ecosystem === ecosystem &&
  normalisePackageName(ecosystem, affected.package.name) === normalisePackageName(ecosystem, name);

/** PEP 503: PyPI names compare lower-cased with runs of `-`, `_`, `.` as one `-`. */
export const normalisePypiName = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

/**
 * A package's name as its registry compares it: PyPI's PEP 503 form; Packagist's `vendor/name`
 * lower-cased (Composer treats names case-insensitively); npm, crates.io (a lock file spells a
 * crate as it is published), Go module paths and gems exactly as written.
 */
export const normalisePackageName = (ecosystem: Ecosystem, name: string) =>
  ecosystem === 'PyPI'
    ? normalisePypiName(name)
    : ecosystem === 'Packagist'
      ? name.toLowerCase()
      : name;

/** Whether an advisory's `affected` list covers this package at this version. */
export const isAffected = (
  ecosystem: Ecosystem,
  name: string,
  version: string,
  affected: readonly OsvAffected[],
) =>
  affected.some(
    (entry) =>
      samePackage(ecosystem, name, entry) &&
      ((entry.versions ?? []).includes(version) ||
        (entry.ranges ?? [])
          .filter((range) => range.type === 'ECOSYSTEM' || range.type === 'SEMVER')
          .some((range) => inRange(ecosystem, version, range.events))),
  );

/** The lowest `fixed` of the package's ranges above `version`, or null (no fix published). */
export const fixedVersionFor = (
  ecosystem: Ecosystem,
  name: string,
  version: string,
  affected: readonly OsvAffected[],
): string | null => {
  const fixes = affected
    .filter((entry) => samePackage(ecosystem, name, entry))
    .flatMap((entry) => entry.ranges ?? [])
    .flatMap((range) => range.events)
    .flatMap((event) => (event.fixed !== undefined ? [event.fixed] : []))
    .filter((fixed) => compareVersions(ecosystem, fixed, version) > 0)
    .sort((a, b) => compareVersions(ecosystem, a, b));
  return fixes[0] ?? null;
};
