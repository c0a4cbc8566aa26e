/**
 * The buyer deployment texts (buyer spec §8 Deploy, §2 callbacks), verbatim. They belong in the
 * deployments contract (lambdas/shared/contracts/deployments.ts) once it exists; the integrator
 * moves them there.
 */
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
  repoNameHint: 'Only lowercase letters, numbers, hyphens, and underscores allowed.',
  githubConnectUnexpected: 'An unexpected error occurred while connecting to GitHub.',
  netlifyAutomatic:
    'Netlify connects automatically during deployment: you authorise it when you deploy a template.',
} as const;
