/**
 * The variable of each secret the functions read: the value itself locally, `<variable>_SECRET_ARN`
 * in the cloud (secrets.ts describes each secret for the CDK; lambdas/shared/secrets.ts reads
 * them). Apart from the descriptions, which only the CDK reads, so a function bundles the names
 * alone. Imports nothing.
 */
export const SECRET_VARIABLES = {
  cursorSigningKey: 'CURSOR_SIGNING_KEY',
  rateLimitKey: 'RATE_LIMIT_KEY',
  oauthStateKey: 'OAUTH_STATE_KEY',
  newsletterSigningKey: 'NEWSLETTER_SIGNING_KEY',
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  githubAppClientSecret: 'GITHUB_APP_CLIENT_SECRET',
  githubAppPrivateKey: 'GITHUB_APP_PRIVATE_KEY',
  githubOAuthClientSecret: 'GITHUB_OAUTH_CLIENT_SECRET',
  originVerifyKey: 'ORIGIN_VERIFY_KEY',
  netlifyClientSecret: 'NETLIFY_CLIENT_SECRET',
  previewSigningKey: 'PREVIEW_SIGNING_KEY',
} as const;

export type SecretName = keyof typeof SECRET_VARIABLES;

/** The variable that carries a secret's ARN in the cloud. */
export const secretArnVariable = (name: SecretName): string =>
  `${SECRET_VARIABLES[name]}_SECRET_ARN`;
