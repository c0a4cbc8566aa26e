/**
 * The third-party parsers of the lock-file formats, each loaded with the first file of its format:
 * `yaml` (pnpm-lock.yaml, Yarn Berry), `@yarnpkg/lockfile` (Yarn 1) and `smol-toml` (poetry.lock,
 * uv.lock, Cargo.lock, pyproject.toml, Pipfile) are about 250 KB minified together, and most
 * bundles carry one format or none, so a cold start of the audit imports none of them (their
 * allowance:
 * lib/constructs/marketplace-function.ts). `yaml` and `@yarnpkg/lockfile` are CommonJS: in the
 * split bundle their exports are the chunk's default export, and `@yarnpkg/lockfile` has a
 * `default` export of its own (the Lockfile class), so the module used is the one that has `parse`.
 */
type Yaml = typeof import('yaml');
type YarnLockfile = typeof import('@yarnpkg/lockfile');
type Toml = typeof import('smol-toml');

const withParse = <T extends { parse: unknown }>(module: T): T =>
  typeof module.parse === 'function' ? module : (module as unknown as { default: T }).default;

let yaml: Promise<Yaml> | undefined;
let yarnLockfile: Promise<YarnLockfile> | undefined;
let toml: Promise<Toml> | undefined;

export const loadYaml = (): Promise<Yaml> => (yaml ??= import('yaml').then(withParse));
export const loadYarnLockfile = (): Promise<YarnLockfile> =>
  (yarnLockfile ??= import('@yarnpkg/lockfile').then(withParse));
export const loadToml = (): Promise<Toml> => (toml ??= import('smol-toml').then(withParse));
