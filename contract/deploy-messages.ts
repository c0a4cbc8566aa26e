/**
 * Deploy's texts, apart from deployments.ts (which re-exports them): a module without schemas, so
 * that the template page's Deploy button loads no zod (docs/architecture.md, Mobile performance).
 */

/** Deploy's texts: the product's fixed ones first (keep them verbatim), then our own. */
export const DEPLOY_MESSAGES = {
  loginRequired: 'Please login to deploy this MVP.',
  missingInformation: 'Missing required information for deployment',
  deploymentFailedPrefix: 'Deployment failed: ',
  githubMissingParameters: 'Missing required parameters from GitHub callback.',
  githubFailed: 'Failed to complete GitHub authentication.',
  repoMissingInformation: 'Missing required information to create repository.',
  deploymentNotFound: 'Failed to find deployment record. Please try again.',
  repoFailed: 'Failed to create GitHub repository',
  netlifyInitiateFailed: 'Failed to initiate Netlify authentication',
  netlifyNoUrl: 'No Netlify authentication URL provided.',
  netlifyMissingParameters: 'Missing required parameters from Netlify callback.',
  netlifyFailed: 'Failed to complete Netlify authentication.',
  /** The repository name field's hint. */
  repoNameHint: 'Only lowercase letters, numbers, hyphens, and underscores allowed.',
  githubConnectUnexpected: 'An unexpected error occurred while connecting to GitHub.',
  /** Settings → Connections: the Netlify connection is made during deployment. */
  netlifyAutomatic:
    'Netlify connects automatically during deployment: you authorise it when you deploy a template.',
  githubConnected: 'GitHub connected.',
  githubDisconnected: 'GitHub disconnected.',
  githubNotConnected: 'Connect your GitHub account first.',
  netlifyConnected: 'Netlify connected. Your site is being created.',
  repoStarted: 'Creating your repository…',
  repoNameTaken: 'A repository with this name already exists in your GitHub account.',
  githubTokenRevoked: 'GitHub no longer accepts the saved authorisation. Connect GitHub again.',
  netlifyTokenRevoked: 'Netlify no longer accepts the saved authorisation. Please try again.',
  notReadyForNetlify: 'The repository is not ready yet. Wait until it has been created.',
  siteFailed: 'Netlify could not build the site',
  siteTimedOut: 'Netlify did not finish building the site in time.',
  bundleUnreadable: 'The template files could not be read.',
  noUpgrade: 'This deployment already has the latest version.',
  upgradeNotReady: 'Only a finished deployment with a repository can be upgraded.',
  upgradeOpened: 'Upgrade pull request opened.',
  upgradeOpening: 'Opening the upgrade pull request…',
  upgradeFailed: 'GitHub did not open the pull request. Please try again.',
} as const;

/**
 * Continuing a deployment that stopped (the dashboard's and the deployment page's Continue): each
 * failure says which service failed and what the buyer can do, with the repository's name.
 */
export const DEPLOY_CONTINUE_MESSAGES = {
  githubUnavailable: (repo: string) =>
    `GitHub did not answer while we set up your repository ${repo}. Nothing was lost; press Continue to try again.`,
  netlifyUnavailable: (repo: string) =>
    `Netlify did not answer. Your repository ${repo} is safe; press Continue to try again.`,
  stepStopped: (repo: string) =>
    `The deployment stopped before it finished. Your repository ${repo} is safe; press Continue to try again.`,
  repositoryStopped: (repo: string) =>
    `Creating your repository ${repo} stopped before it finished. Press Continue to try again.`,
  nameTaken: (repo: string) =>
    `A repository named ${repo} already exists in your GitHub account and was not made by this deployment. Choose another name and press Continue.`,
  nameUsedByOtherTemplate: (repo: string, template: string) =>
    `Your repository ${repo} already holds your deployment of ${template}. Choose another name.`,
  continuing: 'Continuing your deployment…',
  authorizeNetlify: 'Your repository is ready. Authorise Netlify to publish the site.',
  nothingToContinue: 'This deployment is finished: there is nothing to continue.',
  renameTooLate:
    'The repository of this deployment exists already: it keeps its name. Press Continue without a new name.',
  alreadyDeployed: (repo: string) => `You already deployed this template to ${repo}.`,
  continueFailed: 'Continue did not start. Please try again in a moment.',
  siteLive: 'Its site is live.',
} as const;
