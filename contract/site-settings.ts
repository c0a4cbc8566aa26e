/**
 * How a template's version deploys: the framework and build settings detected in its files once
 * it passed the scan (lambdas/deployments/site-settings.ts), stored on the version and shown on
 * the template page and in the deploy dialog before the buyer spends a download. A template that
 * is not a website Netlify can host (a Django or FastAPI server) deploys as a repository only.
 */

export interface SiteSettings {
  /** Whether Netlify can build and host it as a site; false: the deploy stops at the repository. */
  hostable: boolean;
  /** Netlify's name of the detected framework ("Next.js", "Vite"), or "Static site"; null: none. */
  framework: string | null;
  /** Run in `base_dir`; null: nothing to build (a static site publishes its files as they are). */
  build_command: string | null;
  /** The folder Netlify publishes, relative to `base_dir` ("dist", ".next", "public"). */
  publish_dir: string | null;
  /** The folder the build runs in, relative to the repository's root ("" for the root). */
  base_dir: string;
  /** npm, pnpm, yarn or bun; null: not a JavaScript project. */
  package_manager: string | null;
  /** Why it is not hostable, in the buyer's words (set when `hostable` is false). */
  reason?: string;
}

/** The folder a root static site is published from (`STATIC_ROOT_BUILD` fills it). */
export const STATIC_ROOT_PUBLISH_DIR = '_site';

/** What a browser fetches from a static site: every other file stays in the repository only. */
const WEB_FILE_NAMES = [
  ...['html', 'htm', 'css', 'js', 'mjs', 'map', 'json', 'webmanifest', 'xml', 'txt'],
  ...['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'ico', 'bmp'],
  ...['woff', 'woff2', 'ttf', 'otf', 'eot', 'mp4', 'webm', 'mp3', 'ogg', 'wav', 'pdf'],
].map((extension) => `-iname '*.${extension}'`);

/** Files of a web extension that are a project's, not its site's. */
const PROJECT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'jsconfig.json',
  'composer.json',
  'vercel.json',
  'LICENSE.txt',
  'requirements.txt',
  '*.config.js',
  '*.config.mjs',
  '*.config.json',
].map((name) => `! -name '${name}'`);

/**
 * The build command of a static site whose `index.html` is at the repository's root: Netlify would
 * otherwise publish the root, README, package files and `.env.example` included. POSIX `find`
 * and `cp` (Netlify's build image, any Unix), no dependency: dotfiles and dot folders,
 * `node_modules` and the output folder itself are left out.
 */
export const STATIC_ROOT_BUILD = [
  `rm -rf ${STATIC_ROOT_PUBLISH_DIR} && mkdir ${STATIC_ROOT_PUBLISH_DIR} &&`,
  `find . -type f ! -path './.*' ! -path '*/.*' ! -path './node_modules/*'`,
  `! -path './${STATIC_ROOT_PUBLISH_DIR}/*'`,
  ...PROJECT_FILES,
  `\\( ${WEB_FILE_NAMES.join(' -o ')} \\)`,
  `-exec sh -c 'mkdir -p "${STATIC_ROOT_PUBLISH_DIR}/$(dirname "$1")" && cp "$1" "${STATIC_ROOT_PUBLISH_DIR}/$1"' sh {} ';'`,
].join(' ');

export const SITE_SETTINGS_MESSAGES = {
  deploysAsSite: (framework: string | null) =>
    framework ? `Deploys as a ${framework} site on Netlify` : 'Deploys as a site on Netlify',
  repositoryOnly: 'Deploys as a repository only',
  repositoryOnlyDetail:
    'This template is not a website Netlify can host: you get a private GitHub repository with its files, and no Netlify site.',
  repositoryOnlyDone:
    'Your repository is ready. This template deploys as a repository only: no Netlify site was created.',
  pythonServer: 'It is a Python server application, which Netlify does not run.',
  noWebsite: 'No website was found in its files (no framework, no index.html).',
  buildCommand: (command: string) => `Build command: ${command}`,
  publishDir: (dir: string) => `Publishes: ${dir}`,
  /** In place of STATIC_ROOT_BUILD's command line, which says nothing to a buyer. */
  staticRootCopy:
    'Publishes the pages, styles, scripts, images and fonts at its root, and none of its other files',
  /** The deploy's outcomes, beside DEPLOY_MESSAGES (contract/deploy-messages.ts). */
  buildLogTail: "The end of Netlify's build log",
  siteNotServing: (status: number) =>
    `Netlify finished the build, but the site's address answers ${status} instead of the built page, so it is not live.`,
  siteNotHtml:
    "Netlify finished the build, but the site's address does not answer with a web page, so it is not live.",
  siteUnreachable:
    "Netlify finished the build, but the site's address did not answer, so it is not live.",
  siteServesRepository: (file: string) =>
    `Netlify published the repository's own files (${file} is public) instead of the built site, so it is not live. The template's build settings need fixing.`,
} as const;

/** Where the published folder sits in the repository ("frontend/dist"). */
export const publishPathOf = (settings: Pick<SiteSettings, 'base_dir' | 'publish_dir'>): string =>
  [settings.base_dir, settings.publish_dir ?? '']
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/') || '.';
