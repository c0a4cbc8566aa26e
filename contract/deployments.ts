/**
 * Buyer deployments (Deploy, the callback pages, the states and the upgrade pull request; see
 * docs/product.md, Deploy to GitHub and Netlify): request schemas, answers, states, timings and
 * the product's texts.
 */
import * as z from 'zod';
import { DEPLOY_MESSAGES } from './deploy-messages';
import type { DeploymentStatus } from './deployment-status';

export { DEPLOY_CONTINUE_MESSAGES, DEPLOY_MESSAGES } from './deploy-messages';
export {
  DEPLOYMENT_POLL_INTERVAL_MS,
  DEPLOYMENT_POLL_LIMIT_MS,
  DEPLOYMENT_STALLED_AFTER_MS,
  DEPLOYMENT_STATUSES,
  NETLIFY_REDIRECT_DELAY_MS,
  isDeploymentFailed,
  isDeploymentFinished,
  type DeploymentStatus,
} from './deployment-status';

/**
 * The repository name: lowercased; every character other than a letter, digit, hyphen or
 * underscore becomes a hyphen; non-empty. GitHub allows at most 100 characters.
 */
export const normaliseRepoName = (input: string): string =>
  input.toLowerCase().replace(/[^a-z0-9_-]/g, '-');

export const repoNameSchema = z
  .string({ error: DEPLOY_MESSAGES.repoMissingInformation })
  .transform(normaliseRepoName)
  .pipe(
    z
      .string()
      .min(1, DEPLOY_MESSAGES.repoMissingInformation)
      .max(100, 'A repository name has at most 100 characters.')
      .refine((name) => name !== '.' && name !== '..', DEPLOY_MESSAGES.repoNameHint),
  );

const templateIdSchema = z
  .string({ error: DEPLOY_MESSAGES.missingInformation })
  .trim()
  .min(1, DEPLOY_MESSAGES.missingInformation)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, DEPLOY_MESSAGES.missingInformation);

export const githubAuthorizeSchema = z.object({ mvp_id: templateIdSchema.optional() });
export type GithubAuthorizeBody = z.input<typeof githubAuthorizeSchema>;

const callbackSchema = (missing: string) =>
  z.object({
    code: z.string({ error: missing }).min(1, missing).max(500),
    state: z.string({ error: missing }).min(1, missing).max(500),
  });
export const githubCallbackSchema = callbackSchema(DEPLOY_MESSAGES.githubMissingParameters);
export const netlifyCallbackSchema = callbackSchema(DEPLOY_MESSAGES.netlifyMissingParameters);
export type OAuthCallbackBody = z.input<typeof githubCallbackSchema>;

export const createDeploymentSchema = z.object({
  mvp_id: templateIdSchema,
  repo_name: repoNameSchema,
});
export type CreateDeploymentBody = z.input<typeof createDeploymentSchema>;

export const deploymentPathSchema = z.object({
  id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, DEPLOY_MESSAGES.deploymentNotFound),
});

/**
 * Continue: optionally a new repository name, accepted only while the repository does not exist
 * yet (the name was taken by an unrelated repository).
 */
export const continueDeploymentSchema = z
  .strictObject(
    { repo_name: repoNameSchema.optional() },
    { error: 'Continue takes only a new repository name.' },
  )
  .default({});
export type ContinueDeploymentBody = z.input<typeof continueDeploymentSchema>;

/**
 * Continue's answer: the step running again (`running`; poll the deployment), or Netlify's
 * authorisation to go to (`authorize_netlify`, with its URL).
 */
export interface ContinuedDeployment {
  deployment_id: string;
  status: DeploymentStatus;
  next: 'running' | 'authorize_netlify';
  authorize_url: string | null;
  message: string;
}

export interface AuthorizeUrl {
  url: string;
}

/** handle-buyer-github-callback. */
export interface GithubCallbackResult {
  success: true;
  github_username: string;
  mvp_id: string | null;
  message: string;
}

/** handle-netlify-callback; the site URL is known once the site exists. */
export interface NetlifyCallbackResult {
  success: true;
  message: string;
  netlify_site_url: string | null;
  deployment_id: string;
}

export interface CreatedDeployment {
  deployment_id: string;
  status: DeploymentStatus;
  message: string;
}

/** Settings → Connections: never a token. */
export interface ConnectionStatus {
  provider: 'github' | 'netlify';
  connected: boolean;
  account_login: string | null;
}
export interface Connections {
  github: ConnectionStatus;
  netlify: ConnectionStatus;
}

/** A deployment as its owner sees it (with its template's title, slug and images). */
export interface Deployment {
  id: string;
  mvp_id: string;
  repo_name: string;
  status: DeploymentStatus;
  error_message: string | null;
  /**
   * The deployment stopped before its site was live (a failed step, the tab closed before
   * Netlify's authorisation, a step that stopped answering): Continue resumes it from its last
   * finished step, with the same repository.
   */
  can_continue: boolean;
  /** Completed with its repository only: the template is no website Netlify hosts. */
  repository_only: boolean;
  /** The last lines of Netlify's build log when the build failed (no credentials), else null. */
  build_log_tail: string | null;
  /** The framework the site was built as ("Next.js", "Vite", "Static site"), when known. */
  site_framework: string | null;
  github_repo_url: string | null;
  netlify_site_url: string | null;
  /** The template version committed to the repository (or its last upgrade). */
  version: string | null;
  /** The template's latest approved version. */
  latest_version: string | null;
  upgrade_available: boolean;
  /**
   * How many known advisories of the deployed version the latest one fixes (0 when none, or no
   * upgrade): more than 0 makes the offer a security upgrade pull request.
   */
  upgrade_security_fixes: number;
  /** The upgrade pull request for the latest version: being opened, opened, or failed. */
  upgrade_status: 'opening' | 'opened' | 'failed' | null;
  upgrade_error: string | null;
  pull_request_url: string | null;
  /** Shown on `/stories` (with the name and pitch given), or null while hidden. */
  story: { title: string; description: string | null; shown_at: string } | null;
  /**
   * The story's name and pitch as the buyer gave them (the repository's name by default), kept
   * while it is hidden: the dashboard's fields edit them.
   */
  story_text: { title: string; description: string | null };
  created_at: string;
  updated_at: string;
  mvp: { title: string; slug: string; preview_images: string[] };
}

export interface DeploymentList {
  items: Deployment[];
}

/** The answer of "Open upgrade pull request": opened already, or being opened (poll the list). */
export interface UpgradePullRequest {
  status: 'opening' | 'opened';
  pull_request_url: string | null;
  number: number | null;
  version: string;
  message: string;
}

/** Where the OAuth providers send the browser back. */
export const BUYER_GITHUB_CALLBACK_PATH = '/buyer-github-callback';
export const BUYER_NETLIFY_CALLBACK_PATH = '/buyer-netlify-callback';
