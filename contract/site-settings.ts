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
