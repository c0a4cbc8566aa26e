/**
 * How a template deploys on Netlify, detected from its files with Netlify's own detection
 * (`@netlify/build-info`, the library behind Netlify's UI and CLI), run over a file system of our
 * own that reads the bundle's files (only the few small text files the detection asks for).
 *
 * 1. `netlify.toml` at the root: its `[build]` base, command and publish win, as on Netlify.
 * 2. The root, then (when the root has no package.json: a monorepo such as `frontend/` beside
 *    `backend/`) each folder with a package.json, nearest first: the first where Netlify detects a
 *    framework gives the framework, its build command, publish folder and package manager.
 * 3. No framework: an `index.html` in `public/` (or `site/`, `www/`, `docs/`) is a static site
 *    published as is; one at the root is published through `STATIC_ROOT_BUILD`, which copies only
 *    the site's own files (pages, styles, scripts, images, fonts) into a folder of their own, so the
 *    repository's other files (README, package files, dotfiles) are never public.
 * 4. Otherwise it is not a website Netlify can host (a Python server): a repository only.
 */
import { FileSystem, Project, getBuildSettings, type DirType } from '@netlify/build-info';
import {
  SITE_SETTINGS_MESSAGES,
  STATIC_ROOT_BUILD,
  STATIC_ROOT_PUBLISH_DIR,
  type SiteSettings,
} from '../../contract/site-settings';
import { parse as parseToml } from 'smol-toml';

/** A template's files: every path (relative, `/`-separated) and a reader of one as text. */
export interface TemplateFiles {
  paths: readonly string[];
  read(path: string): Promise<string>;
}

/** Folders a web front end of a monorepo is usually in, tried before the others. */
const FRONTEND_FOLDERS = ['frontend', 'web', 'client', 'app', 'site', 'www', 'apps/web'];

const PYTHON_MARKERS = ['manage.py', 'requirements.txt', 'pyproject.toml', 'uv.lock', 'Pipfile'];

const trimSlashes = (path: string) => path.replace(/^\.?\/+|\/+$/g, '');

/** `[build]` base, command and publish of a netlify.toml; an unreadable one counts as none. */
const readBuildConfig = (text: string): { base?: string; command?: string; publish?: string } => {
  try {
    const build = (parseToml(text) as { build?: Record<string, unknown> }).build ?? {};
    const string = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return {
      base: string(build.base),
      command: string(build.command),
      publish: string(build.publish),
    };
  } catch {
    return {};
  }
};

/** The template's files as the file system Netlify's detection reads (absolute paths from `/`). */
class TemplateFileSystem extends FileSystem {
  private readonly files: Set<string>;
  private readonly dirs = new Map<string, Map<string, DirType>>();
  private readonly cache = new Map<string, Promise<string>>();

  constructor(private readonly template: TemplateFiles) {
    super();
    this.cwd = '/';
    this.files = new Set(template.paths.map(trimSlashes));
    for (const path of this.files) {
      const parts = path.split('/');
      for (let depth = 0; depth < parts.length; depth += 1) {
        const dir = parts.slice(0, depth).join('/');
        const entries = this.dirs.get(dir) ?? new Map<string, DirType>();
        entries.set(parts[depth]!, depth === parts.length - 1 ? 'file' : 'directory');
        this.dirs.set(dir, entries);
      }
    }
  }

  private key(path: string) {
    return trimSlashes(this.resolve(path));
  }

  getEnvironment() {
    return 'browser' as never;
  }

  isAbsolute(path: string) {
    return path.startsWith('/');
  }

  resolve(...paths: string[]) {
    const path = this.join(...paths);
    return this.isAbsolute(path) ? path : this.join(this.cwd, path);
  }

  async fileExists(path: string) {
    const key = this.key(path);
    return this.files.has(key) || this.dirs.has(key);
  }

  readDir(path: string): Promise<string[]>;
  readDir(path: string, withFileTypes: true): Promise<Record<string, DirType>>;
  async readDir(path: string, withFileTypes?: true) {
    const entries = this.dirs.get(this.key(path));
    if (!entries) throw new Error(`ENOENT: no such directory, ${path}`);
    return withFileTypes ? Object.fromEntries(entries) : [...entries.keys()];
  }

  async readFile(path: string) {
    const key = this.key(path);
    if (!this.files.has(key)) throw new Error(`ENOENT: no such file, ${path}`);
    let text = this.cache.get(key);
    if (!text) {
      text = this.template.read(key);
      this.cache.set(key, text);
    }
    return text;
  }
}

/** Folders holding a package.json (the root first, then likely front ends, then by depth). */
const packageFolders = (paths: readonly string[]): string[] => {
  const folders = paths
    .map(trimSlashes)
    .filter((path) => path === 'package.json' || path.endsWith('/package.json'))
    .map((path) => path.slice(0, -'package.json'.length).replace(/\/$/, ''))
    .filter(
      (folder) => !folder.split('/').includes('node_modules') && folder.split('/').length <= 3,
    );
  const rank = (folder: string) =>
    folder === ''
      ? -1
      : FRONTEND_FOLDERS.includes(folder)
        ? FRONTEND_FOLDERS.indexOf(folder)
        : FRONTEND_FOLDERS.length + folder.split('/').length;
  return [...new Set(folders)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
};

/** Netlify's build settings of the project in `base` (the first framework it detects), if any. */
const detectIn = async (files: TemplateFiles, base: string) => {
  const fs = new TemplateFileSystem(files);
  const project = new Project(fs, `/${base}`, '/')
    .setEnvironment({})
    // Detection errors are Netlify's telemetry, which must not leave our functions.
    .setReportFn(() => undefined);
  await project.detectFrameworks();
  // Frameworks outside a workspace are keyed by '' whatever the base: ask for those.
  const settings = await getBuildSettings(project, '');
  const found = settings.find((setting) => setting.framework?.id);
  if (!found) return null;
  // Where the build runs: a workspace package's folder, or the root when its build system runs
  // from there (Turborepo, Nx). In a workspace Netlify gives the output folder from the root.
  const runsIn = trimSlashes(found.baseDirectory ?? found.packagePath ?? '');
  const dist = trimSlashes(found.dist ?? '');
  const publish = runsIn && dist.startsWith(`${runsIn}/`) ? dist.slice(runsIn.length + 1) : dist;
  return {
    framework: found.framework.name,
    build_command: found.buildCommand?.trim() || null,
    publish_dir: publish || null,
    base_dir: trimSlashes([base, runsIn].filter(Boolean).join('/')),
    package_manager: project.packageManager?.name ?? null,
  };
};

const staticSite = (paths: Set<string>, base: string): SiteSettings | null => {
  const prefix = base ? `${base}/` : '';
  for (const folder of ['', 'public', 'site', 'www', 'docs']) {
    const inside = folder ? `${folder}/` : '';
    if (paths.has(`${prefix}${inside}index.html`)) {
      return {
        hostable: true,
        framework: 'Static site',
        // At the root, the site's files are copied out of the repository's (never the root).
        build_command: folder ? null : STATIC_ROOT_BUILD,
        publish_dir: folder || STATIC_ROOT_PUBLISH_DIR,
        base_dir: base,
        package_manager: null,
      };
    }
  }
  return null;
};

/**
 * Detects how a template deploys on Netlify from its files. Never throws for a template's
 * content: a file the detection cannot parse counts as absent.
 */
export const detectSiteSettings = async (files: TemplateFiles): Promise<SiteSettings> => {
  const paths = new Set(files.paths.map(trimSlashes));
  const toml = paths.has('netlify.toml')
    ? readBuildConfig(await files.read('netlify.toml').catch(() => ''))
    : undefined;
  const tomlBase = trimSlashes(toml?.base ?? '');

  const bases = tomlBase ? [tomlBase] : packageFolders([...paths]);
  if (!tomlBase && !paths.has('package.json')) bases.unshift('');
  for (const base of [...new Set(bases)]) {
    const detected = await detectIn(files, base).catch(() => null);
    if (!detected) continue;
    return {
      hostable: true,
      ...detected,
      // Set in netlify.toml, even empty (nothing to build), it wins over the detected command.
      build_command:
        toml?.command !== undefined ? toml.command.trim() || null : detected.build_command,
      publish_dir: toml?.publish ? trimSlashes(toml.publish) : detected.publish_dir,
    };
  }
  if (toml?.publish || toml?.command) {
    return {
      hostable: true,
      framework: null,
      build_command: toml.command?.trim() || null,
      publish_dir: toml.publish ? trimSlashes(toml.publish) : null,
      base_dir: tomlBase,
      package_manager: null,
    };
  }
  const fixed = staticSite(paths, tomlBase);
  if (fixed) return fixed;
  const python = [...paths].some((path) => PYTHON_MARKERS.includes(path.split('/').at(-1)!));
  return {
    hostable: false,
    framework: python ? 'Python' : null,
    build_command: null,
    publish_dir: null,
    base_dir: '',
    package_manager: null,
    reason: python ? SITE_SETTINGS_MESSAGES.pythonServer : SITE_SETTINGS_MESSAGES.noWebsite,
  };
};
