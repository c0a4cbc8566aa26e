/**
 * The seller's GitHub integration (My MVPs' GitHub link dialog and `/github-app-callback`): request
 * schemas and answers, and the product's texts.
 */
import * as z from 'zod';
import type { GithubSyncFailure } from './github-sync-failure';

export const GITHUB_MESSAGES = {
  /** The App installation callback's texts. */
  installMissingParameters: 'Missing required parameters for GitHub App installation.',
  installFailed: 'Failed to complete GitHub App installation.',
  installUnexpected: 'An unexpected error occurred during installation.',
  installed: 'GitHub App installed successfully! Redirecting to My MVPs...',
  installFirst: 'Please install the GitHub App first.',
  /** The link dialog's validation. */
  ownerAndNameRequired: 'Please enter both repository owner and name',
  secretRequired: 'Please generate or provide a webhook secret.',
  repositoryFound: 'Repository found!',
  repositoryNotFound:
    'Repository not found, or the GitHub App has no access to it. Check the name and the App installation.',
  /** Our own text: GitHub lets any token read a public repository, which is not a link. */
  outsideInstallation:
    'This repository is not part of your GitHub App installation. Install the App on the account that owns it (or give the App access to it), then link it.',
  /** Repository link failures. */
  validateFailed: 'Failed to validate repository',
  linkFailed: 'Failed to link repository',
  unlinkFailed: 'Failed to unlink repository',
  linked: 'Repository linked. Pushes to the default branch now create new versions.',
  unlinked: 'Repository unlinked.',
  alreadyLinked: 'This repository is already linked to another MVP.',
  notLinked: 'MVP not found or not linked to a GitHub repository',
  syncStarted: 'Sync started. The new version will appear once processed.',
  alreadySynced: 'Already up to date: the latest commit is already synced.',
  /** My MVPs' sync and retry failures. */
  syncFailed: 'Failed to sync from GitHub. Please try again.',
  archiveFailed: 'Failed to download repository archive from GitHub',
} as const;

/** The endpoint path shown in the link dialog. */
export const GITHUB_WEBHOOK_PATH = '/api/webhooks/github';

/** GitHub's rules: owner 1-39 of [A-Za-z0-9-]; repository 1-100 of [A-Za-z0-9._-]. */
const ownerSchema = z
  .string()
  .trim()
  .min(1, GITHUB_MESSAGES.ownerAndNameRequired)
  .max(39)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/, 'Please enter a valid repository owner.');
const nameSchema = z
  .string()
  .trim()
  .min(1, GITHUB_MESSAGES.ownerAndNameRequired)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, 'Please enter a valid repository name.')
  .refine((name) => name !== '.' && name !== '..', 'Please enter a valid repository name.');

export const githubRepositorySchema = z.object({ owner: ownerSchema, name: nameSchema });
export type GithubRepositoryBody = z.input<typeof githubRepositorySchema>;

export const githubLinkSchema = githubRepositorySchema.extend({
  /** Provided by the seller, or absent: the server generates one. Never returned. */
  webhook_secret: z
    .string()
    .trim()
    .min(16, 'A webhook secret needs at least 16 characters.')
    .max(200)
    .optional(),
});
export type GithubLinkBody = z.input<typeof githubLinkSchema>;

export const githubInstallationSchema = z.object({
  installation_id: z.coerce
    .number({ error: GITHUB_MESSAGES.installMissingParameters })
    .int()
    .positive(GITHUB_MESSAGES.installMissingParameters),
  state: z.string().min(1, GITHUB_MESSAGES.installMissingParameters).max(500),
  setup_action: z.enum(['install', 'update']).optional(),
  /** Proves the installation is the installing user's (exchanged for their token). */
  code: z.string().min(1, GITHUB_MESSAGES.installMissingParameters).max(200),
});
export type GithubInstallationBody = z.input<typeof githubInstallationSchema>;

export interface GithubInstallUrl {
  url: string;
}

export interface GithubMessage {
  message: string;
}

export interface GithubRepositoryCheck {
  message: string;
  full_name: string;
  default_branch: string;
}

export interface GithubLinkResult {
  message: string;
  github: {
    owner: string;
    name: string;
    last_synced_sha: string | null;
    sync_failure: GithubSyncFailure | null;
  } | null;
}

export interface GithubSyncResult {
  message: string;
  started: boolean;
}

/** The link dialog's form: owner, name and a secret, generated or provided. */
export const githubLinkFormSchema = githubRepositorySchema.extend({
  webhook_secret: z
    .string()
    .trim()
    .min(1, GITHUB_MESSAGES.secretRequired)
    .min(16, 'A webhook secret needs at least 16 characters.')
    .max(200),
});
