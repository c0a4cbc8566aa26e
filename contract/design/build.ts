/**
 * How a template's version is built, one definition for every place a build runs: the processing
 * pipeline's planning step (which reads the bundle and writes the plan into the state machine's
 * input of the Build step), the CodeBuild project's buildspec in the cloud (which receives the plan
 * as environment variables, `BUILD_ENV`), and the local runner of `npm start` (lib/local/build/),
 * which receives the same variables from the same Build state. Whoever runs the build writes a
 * {@link BuildRecordFile} (JSON) to the record key it is given; the pipeline's RecordBuild step
 * reads it and stores it for the version (docs/data-model.md, "Version builds").
 *
 * 1. The lock file picks the package manager and its frozen install command (never a plain
 *    `npm install`: what is built is what the buyer installs from the same lock file).
 * 2. The build command is the project's own `build` script run by that package manager, else the
 *    detected framework's command; no build script and no command: nothing to build (`not_built`).
 * 3. The output folder is the detected publish folder, else the framework's usual one; a build
 *    whose output folder holds an `index.html` is a static site (a live preview can be made of it).
 *
 * 4. After a static site is built, pictures of its first screen are taken (capture.ts): a capture
 *    never changes the outcome, the record says why there are none.
 *
 * A leaf of the contract: imports nothing but the capture's types (its sibling leaf).
 */
import type { BuildScreenshot } from './capture';

/** What became of a version's build. */
export const BUILD_OUTCOMES = ['built', 'failed', 'not_built'] as const;
export type BuildOutcome = (typeof BUILD_OUTCOMES)[number];

export const BUILD_PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn', 'bun', 'uv'] as const;
export type BuildPackageManager = (typeof BUILD_PACKAGE_MANAGERS)[number];

/** The runtime a package manager's project builds on. */
export type BuildRuntime = 'node' | 'python';

/**
 * Limits of one build, in the cloud (the CodeBuild project's timeout and the buildspec) and
 * locally (the runner kills the process group at the timeout). A build past a limit is `failed`
 * with the limit in its reason.
 */
export const BUILD_LIMITS = {
  /** The install (download and link the locked packages). */
  installTimeoutSeconds: 300,
  /** The build command itself. */
  buildTimeoutSeconds: 600,
  /** The whole job: CodeBuild's own timeout, install, build and upload of the output. */
  jobTimeoutMinutes: 20,
  /** The built output folder; a larger one is `failed` (no preview is made of it). */
  maxOutputBytes: 200 * 1024 * 1024,
  /** The bundle as extracted for the build (the scan's limits already hold it to less). */
  maxExtractedBytes: 500 * 1024 * 1024,
  /** Lines of the log kept on the record: the end of the install and build output. */
  logLines: 200,
  /** A longer log line is cut to this many characters (minified output on one line). */
  logLineChars: 400,
} as const;

/** Lock files, most specific first: a bundle with two is installed by the first found. */
export const LOCK_FILES: readonly { file: string; packageManager: BuildPackageManager }[] = [
  { file: 'package-lock.json', packageManager: 'npm' },
  { file: 'npm-shrinkwrap.json', packageManager: 'npm' },
  { file: 'pnpm-lock.yaml', packageManager: 'pnpm' },
  { file: 'yarn.lock', packageManager: 'yarn' },
  { file: 'bun.lock', packageManager: 'bun' },
  { file: 'bun.lockb', packageManager: 'bun' },
  { file: 'uv.lock', packageManager: 'uv' },
];

/** The frozen install of each package manager: fails rather than change the lock file. */
export const INSTALL_COMMANDS: Record<BuildPackageManager, string> = {
  npm: 'npm ci',
  pnpm: 'pnpm install --frozen-lockfile',
  yarn: 'yarn install --immutable',
  bun: 'bun install --frozen-lockfile',
  uv: 'uv sync --frozen',
};

/** Yarn 1's lock file (`# yarn lockfile v1`) knows `--frozen-lockfile`, not `--immutable`. */
export const YARN_CLASSIC_INSTALL = 'yarn install --frozen-lockfile';

/** How each package manager runs a package.json script. */
const RUN_SCRIPT: Record<BuildPackageManager, (script: string) => string> = {
  npm: (script) => `npm run ${script}`,
  pnpm: (script) => `pnpm run ${script}`,
  yarn: (script) => `yarn run ${script}`,
  bun: (script) => `bun run ${script}`,
  uv: (script) => `uv run ${script}`,
};

/**
 * Vite writes absolute asset paths (`/assets/…`) by default, which break under a preview's folder
 * (`/{template}/{version}/`): a Vite build is given a relative base. Passed as an argument to the
 * build script, which each package manager appends to the script's last command (`tsc -b && vite
 * build` runs `vite build --base=./`); npm needs `--` before it, the others pass it as it is (and
 * pnpm would hand a `--` on to vite, which would then ignore the option).
 */
export const VITE_RELATIVE_BASE = '--base=./';

const SCRIPT_ARGUMENTS: Record<BuildPackageManager, (args: string) => string> = {
  npm: (args) => ` -- ${args}`,
  pnpm: (args) => ` ${args}`,
  yarn: (args) => ` ${args}`,
  bun: (args) => ` ${args}`,
  uv: (args) => ` ${args}`,
};

/** The build command with Vite's relative base, when the framework is Vite and vite is what runs. */
const withViteBase = (
  command: string,
  framework: string | null,
  packageManager: BuildPackageManager,
  fromScript: boolean,
): string => {
  if (framework !== 'Vite' || command.includes('--base')) return command;
  if (fromScript) return `${command}${SCRIPT_ARGUMENTS[packageManager](VITE_RELATIVE_BASE)}`;
  return /^(npx\s+)?vite\s+build\b/.test(command) ? `${command} ${VITE_RELATIVE_BASE}` : command;
};

/** A framework's usual output folder, when the detection gave none (Netlify's names). */
export const FRAMEWORK_OUTPUT_DIRS: Record<string, string> = {
  Vite: 'dist',
  Astro: 'dist',
  'Create React App': 'build',
  'Vue CLI': 'dist',
  SvelteKit: 'build',
  Angular: 'dist',
  Gatsby: 'public',
  Eleventy: '_site',
  Hugo: 'public',
  'Next.js': 'out',
  Nuxt: '.output/public',
  Docusaurus: 'build',
  VitePress: 'docs/.vitepress/dist',
};

export const BUILD_REASONS = {
  noManifest: 'There is no package.json or uv.lock, so there is nothing to build.',
  noLockFile:
    'There is no lock file (package-lock.json, pnpm-lock.yaml, yarn.lock, bun.lock or uv.lock): a build must install exactly what the buyer gets.',
  noBuildScript:
    'package.json has no build script, and no framework with a build command was found.',
  pythonNotLocal: 'Not built locally: Python builds run in the cloud only.',
  packageManagerNotLocal: (packageManager: string) =>
    `Not built locally: ${packageManager} is not installed on this machine.`,
  installFailed: (exitCode: number | null) =>
    `The install failed${exitCode === null ? '' : ` (exit code ${exitCode})`}: see the end of the log.`,
  missingPackage: (name: string) =>
    `The install failed: the package ${name} is not available from the registry the build uses.`,
  registryUnreachable: 'The install could not reach the package registry the build uses.',
  integrityMismatch: (name: string) =>
    `The install failed: the registry's copy of ${name} does not match the lock file's integrity.`,
  buildFailed: (exitCode: number | null) =>
    `The build command failed${exitCode === null ? '' : ` (exit code ${exitCode})`}: see the end of the log.`,
  timedOut: (step: 'install' | 'build', seconds: number) =>
    `The ${step} took longer than ${seconds} seconds and was stopped.`,
  outputTooLarge: (bytes: number) =>
    `The build output is larger than ${Math.round(bytes / 1024 / 1024)} MB.`,
  noOutput: (dir: string) => `The build succeeded but wrote nothing to ${dir}/.`,
  unreadableBundle: 'The bundle could not be extracted for the build.',
  didNotFinish: 'The build did not finish and left no record: it ran out of time or was stopped.',
  notRun: 'The build step did not run.',
  stoppedLocally: 'Not built: the local stack stopped during the build.',
} as const;

/** The pipeline's plan of one build: what the Build state runs (or why it does not run). */
export interface BuildPlan {
  /** False: nothing is run and the version's build is `not_built` with `reason`. */
  build: boolean;
  reason?: string;
  /** Where the project is in the bundle, relative to its root ("" for the root). */
  base_dir: string;
  package_manager: BuildPackageManager | null;
  runtime: BuildRuntime | null;
  lock_file: string | null;
  install_command: string | null;
  build_command: string | null;
  /** Relative to `base_dir`. */
  output_dir: string | null;
  framework: string | null;
}

/** What the detection of the version's files gave (contract/site-settings.ts, `SiteSettings`). */
export interface DetectedSite {
  framework: string | null;
  build_command: string | null;
  publish_dir: string | null;
  base_dir: string;
}

/** What the planner reads of a bundle. */
export interface PlanInput {
  /** Every file path of the bundle, relative and `/`-separated. */
  paths: readonly string[];
  /** The project's package.json (in the base folder), parsed; absent: none or unreadable. */
  packageJson?: { scripts?: Record<string, unknown> } | null;
  /** The first line of the yarn.lock, when it is the lock file (tells Yarn 1 from Berry). */
  yarnLockHead?: string;
  site?: DetectedSite | null;
}

const IGNORED = /(^|\/)(node_modules|\.venv|venv|\.git|__MACOSX)\//;

const inFolder = (folder: string, file: string) => (folder ? `${folder}/${file}` : file);

/**
 * The folder the project is in: the detection's base folder, else the root, else a single top
 * folder that wraps the whole bundle (a zip of `my-app/`).
 */
export const projectFolderOf = (paths: readonly string[], site?: DetectedSite | null): string => {
  const clean = paths.filter((path) => !IGNORED.test(path));
  if (site?.base_dir) return site.base_dir.replace(/^\/+|\/+$/g, '');
  const has = (path: string) => clean.includes(path);
  if (has('package.json') || LOCK_FILES.some(({ file }) => has(file))) return '';
  const tops = new Set(clean.map((path) => (path.includes('/') ? path.split('/')[0] : '')));
  const [top] = [...tops];
  if (tops.size === 1 && top && (has(`${top}/package.json`) || has(`${top}/uv.lock`))) return top;
  return '';
};

/** The lock file of the project in `folder` (or at the bundle's root) and its package manager. */
export const lockFileOf = (
  paths: readonly string[],
  folder: string,
): { path: string; packageManager: BuildPackageManager } | null => {
  const set = new Set(paths);
  for (const where of [...new Set([folder, ''])]) {
    const found = LOCK_FILES.find(({ file }) => set.has(inFolder(where, file)));
    if (found) return { path: inFolder(where, found.file), packageManager: found.packageManager };
  }
  return null;
};

const nothing = (reason: string, fields: Partial<BuildPlan> & { base_dir: string }): BuildPlan => ({
  build: false,
  reason,
  package_manager: null,
  runtime: null,
  lock_file: null,
  install_command: null,
  build_command: null,
  output_dir: null,
  framework: null,
  ...fields,
});

/** The plan of a version's build from its files (see the steps at the top of this file). */
export const planBuild = ({ paths, packageJson, yarnLockHead, site }: PlanInput): BuildPlan => {
  const base = projectFolderOf(paths, site);
  const framework = site?.framework ?? null;
  const lock = lockFileOf(paths, base);
  const set = new Set(paths);
  const hasManifest = set.has(inFolder(base, 'package.json'));
  if (lock?.packageManager === 'uv') {
    return {
      build: true,
      base_dir: base,
      package_manager: 'uv',
      runtime: 'python',
      lock_file: lock.path,
      install_command: INSTALL_COMMANDS.uv,
      build_command: null,
      output_dir: null,
      framework,
    };
  }
  if (!hasManifest) return nothing(BUILD_REASONS.noManifest, { base_dir: base, framework });
  if (!lock) return nothing(BUILD_REASONS.noLockFile, { base_dir: base, framework });
  const packageManager = lock.packageManager;
  const script = packageJson?.scripts?.build;
  const detected = site?.build_command?.trim() || null;
  const fromScript = typeof script === 'string' && Boolean(script.trim());
  const command = fromScript
    ? RUN_SCRIPT[packageManager]('build')
    : detected && !/\s*run\s+build\b/.test(detected)
      ? detected
      : null;
  // The record's build_command is this whole command: what ran, the base included.
  const buildCommand = command && withViteBase(command, framework, packageManager, fromScript);
  if (!buildCommand) {
    return nothing(BUILD_REASONS.noBuildScript, {
      base_dir: base,
      package_manager: packageManager,
      runtime: 'node',
      lock_file: lock.path,
      framework,
    });
  }
  const install =
    packageManager === 'yarn' && /yarn lockfile v1/.test(yarnLockHead ?? '')
      ? YARN_CLASSIC_INSTALL
      : INSTALL_COMMANDS[packageManager];
  return {
    build: true,
    base_dir: base,
    package_manager: packageManager,
    runtime: 'node',
    lock_file: lock.path,
    install_command: install,
    build_command: buildCommand,
    output_dir:
      site?.publish_dir?.replace(/^\/+|\/+$/g, '') ||
      (framework ? (FRAMEWORK_OUTPUT_DIRS[framework] ?? null) : null) ||
      'dist',
    framework,
  };
};

/**
 * The plan as the environment of the build: CodeBuild's `EnvironmentVariablesOverride` (the
 * Build state of state-machines/mvp-processing.asl.json passes the plan's `environment`) and the
 * local runner's input. Nothing else of the marketplace's environment reaches a build. The record
 * and the static output go to the preview bucket's layout (live-previews.ts): the record to
 * `recordKey`, the output folder's files under `sitePrefix`; the build may write nowhere else.
 */
export const BUILD_ENV = {
  bundleBucket: 'BUILD_BUNDLE_BUCKET',
  bundleKey: 'BUILD_BUNDLE_KEY',
  /**
   * Where the commands run, relative to the bundle's files as a deploy sees them: when every
   * file of the archive sits in one top folder (`my-app/…`, a GitHub zipball), that folder is the
   * root (lambdas/deployments/bundle-files.ts). A runner that extracts the archive itself removes
   * that one wrapping folder the same way before it joins `baseDir` ({@link wrappingFolderOf}).
   */
  baseDir: 'BUILD_BASE_DIR',
  packageManager: 'BUILD_PACKAGE_MANAGER',
  installCommand: 'BUILD_INSTALL_COMMAND',
  buildCommand: 'BUILD_COMMAND',
  outputDir: 'BUILD_OUTPUT_DIR',
  framework: 'BUILD_FRAMEWORK',
  outputBucket: 'BUILD_OUTPUT_BUCKET',
  recordKey: 'BUILD_RECORD_KEY',
  sitePrefix: 'BUILD_SITE_PREFIX',
} as const;

/** One variable of CodeBuild's `EnvironmentVariablesOverride`. */
export interface BuildVariable {
  Name: (typeof BUILD_ENV)[keyof typeof BUILD_ENV];
  Type: 'PLAINTEXT';
  Value: string;
}

/** Where the build's record and static output go (the preview bucket's layout). */
export interface BuildOutputLocation {
  bucket: string;
  recordKey: string;
  sitePrefix: string;
}

/** The plan's variables for the build (empty strings for what the plan leaves out). */
export const buildEnvironmentOf = (
  plan: BuildPlan,
  bundle: { bucket: string; key: string },
  output: BuildOutputLocation,
): BuildVariable[] => {
  const values: Record<keyof typeof BUILD_ENV, string> = {
    bundleBucket: bundle.bucket,
    bundleKey: bundle.key,
    baseDir: plan.base_dir,
    packageManager: plan.package_manager ?? '',
    installCommand: plan.install_command ?? '',
    buildCommand: plan.build_command ?? '',
    outputDir: plan.output_dir ?? '',
    framework: plan.framework ?? '',
    outputBucket: output.bucket,
    recordKey: output.recordKey,
    sitePrefix: output.sitePrefix,
  };
  return (Object.keys(BUILD_ENV) as (keyof typeof BUILD_ENV)[]).map((key) => ({
    Name: BUILD_ENV[key],
    Type: 'PLAINTEXT',
    Value: values[key],
  }));
};

/** The plan back from the build's variables (the runner's side of {@link buildEnvironmentOf}). */
export const buildSettingsFromEnvironment = (
  variables: Readonly<Record<string, string | undefined>>,
) => {
  const read = (key: keyof typeof BUILD_ENV) => variables[BUILD_ENV[key]] ?? '';
  return {
    bundle: { bucket: read('bundleBucket'), key: read('bundleKey') },
    baseDir: read('baseDir'),
    packageManager: (read('packageManager') || null) as BuildPackageManager | null,
    installCommand: read('installCommand') || null,
    buildCommand: read('buildCommand') || null,
    outputDir: read('outputDir') || null,
    framework: read('framework') || null,
    output: {
      bucket: read('outputBucket'),
      recordKey: read('recordKey'),
      sitePrefix: read('sitePrefix'),
    } satisfies BuildOutputLocation,
  };
};

export type BuildSettings = ReturnType<typeof buildSettingsFromEnvironment>;

/**
 * The planning step's output, the state machine's `$.buildPlan`: the plan, when it was made (a
 * record finished before it is an earlier build's), and the Build state's variables.
 */
export interface PlannedBuild extends BuildPlan {
  planned_at: string;
  environment: BuildVariable[];
}

/** Where a build ran. */
export type BuildEnvironment = 'codebuild' | 'local';

/** How the local runner isolated the build command. */
export type BuildSandbox = 'codebuild' | 'bwrap' | 'unshare' | 'process';

/** The record a build writes (`record.json`) and the version keeps. */
export interface BuildRecordFile {
  outcome: BuildOutcome;
  /** Why it failed or was not built, in the seller's words. */
  reason?: string;
  /** The step that failed. */
  failed_step?: 'install' | 'build' | 'output';
  framework: string | null;
  package_manager: BuildPackageManager | null;
  /** `npm --version` and the like, as the build ran it. */
  package_manager_version: string | null;
  runtime: BuildRuntime | null;
  /** `node --version` without the v, or Python's version. */
  runtime_version: string | null;
  install_command: string | null;
  build_command: string | null;
  install_ms: number | null;
  build_ms: number | null;
  output_dir: string | null;
  /** The output folder's size and file count after a successful build. */
  output_bytes: number | null;
  output_files: number | null;
  /** Whether the output is a static site (an `index.html` at the top of the output folder). */
  static_site: boolean;
  /** The last `BUILD_LIMITS.logLines` lines of the install and build output. */
  log_tail: string[];
  environment: BuildEnvironment | null;
  sandbox: BuildSandbox | null;
  started_at: string | null;
  finished_at: string | null;
  /** The pictures of the built site's first screen (capture.ts); absent or empty: none taken. */
  screenshots?: BuildScreenshot[];
  /** Why fewer than both pictures were taken, in words (no browser, a time limit). */
  screenshot_reason?: string;
}

/** A record of a build that did not run (the plan's reason), or whose runner left none. */
export const recordWithoutBuild = (
  plan: Partial<BuildPlan> | null,
  outcome: Exclude<BuildOutcome, 'built'>,
  reason: string,
): BuildRecordFile => ({
  outcome,
  reason,
  framework: plan?.framework ?? null,
  package_manager: plan?.package_manager ?? null,
  package_manager_version: null,
  runtime: plan?.runtime ?? null,
  runtime_version: null,
  install_command: plan?.install_command ?? null,
  build_command: plan?.build_command ?? null,
  install_ms: null,
  build_ms: null,
  output_dir: plan?.output_dir ?? null,
  output_bytes: null,
  output_files: null,
  static_site: false,
  log_tail: [],
  environment: null,
  sandbox: null,
  started_at: null,
  finished_at: null,
});

/** Keeps the last `BUILD_LIMITS.logLines` lines, each cut to `BUILD_LIMITS.logLineChars`. */
export const logTailOf = (lines: readonly string[]): string[] =>
  lines
    .slice(-BUILD_LIMITS.logLines)
    .map((line) =>
      line.length > BUILD_LIMITS.logLineChars
        ? `${line.slice(0, BUILD_LIMITS.logLineChars)}…`
        : line,
    );

/**
 * The one folder that wraps every entry of an extracted archive (its top-level names), which a
 * runner treats as the bundle's root, or null when there is none. `__MACOSX` and `.git` beside
 * it do not count, as a deploy leaves them out; any other file beside it does.
 */
export const wrappingFolderOf = (
  topLevel: readonly { name: string; directory: boolean }[],
): string | null => {
  const kept = topLevel.filter((entry) => entry.name !== '__MACOSX' && entry.name !== '.git');
  const [only] = kept;
  return kept.length === 1 && only?.directory ? only.name : null;
};
