/**
 * The secrets the functions read at run time. Each has one environment variable name: locally
 * (`npm start`, tests) that variable holds the value itself (the local stack generates it, or
 * `.env` provides it); in the cloud the CDK creates a Secrets Manager secret, grants read on it
 * to the functions that need it, and sets `<name>_SECRET_ARN` instead, so the value is never in a
 * template, a function's configuration or a log (lambdas/shared/secrets.ts reads either).
 */
import { SECRET_VARIABLES, secretArnVariable, type SecretName } from './secret-variables';

export { secretArnVariable, type SecretName };

export const secretDesign = {
  cursorSigningKey: {
    envVar: SECRET_VARIABLES.cursorSigningKey,
    description: 'HMAC key that signs pagination cursors, binding each to its owner and query',
    notRotatedBecause:
      'A generated signing key with no external holder; rotating it would only end the open pagination links of the moment, so it is rotated by redeploying when needed, not on a schedule.',
  },
  rateLimitKey: {
    envVar: SECRET_VARIABLES.rateLimitKey,
    description:
      'HMAC key that turns client addresses into rate-limit keys, so no raw IP address is stored',
    notRotatedBecause:
      'A generated key with no external holder; rotating it would only restart the rate-limit windows of the hour, so it is rotated by redeploying when needed, not on a schedule.',
  },
  oauthStateKey: {
    envVar: SECRET_VARIABLES.oauthStateKey,
    description:
      'HMAC key that signs the state of OAuth round trips to GitHub and Netlify, binding it to the user and provider',
    notRotatedBecause:
      'A generated signing key with no external holder; rotating it would only fail the OAuth round trips in flight at that moment (states live 10 minutes), so it is rotated by redeploying when needed.',
  },
  newsletterSigningKey: {
    envVar: SECRET_VARIABLES.newsletterSigningKey,
    description:
      'HMAC key that signs the links in e-mails (newsletter and notification one-click unsubscribe, double opt-in confirmation)',
    notRotatedBecause:
      'A generated signing key with no external holder; rotating it would void the unsubscribe and confirmation links of every e-mail already sent, so it is rotated by redeploying only when it leaked.',
  },
  stripeSecretKey: {
    envVar: SECRET_VARIABLES.stripeSecretKey,
    description: 'Stripe secret API key (sk_live_… / sk_test_…) used by stripe-node',
    notRotatedBecause:
      "Issued by Stripe: it is rolled in Stripe's dashboard and the new value put into this secret (docs/operations.md), which a Secrets Manager rotation Lambda cannot do.",
  },
  stripeWebhookSecret: {
    envVar: SECRET_VARIABLES.stripeWebhookSecret,
    description: 'Signing secret (whsec_…) of the Stripe webhook endpoint /api/webhooks/stripe',
    notRotatedBecause:
      "Issued by Stripe per webhook endpoint: it is rolled in Stripe's dashboard (which signs with both secrets for a grace period) and the new value put into this secret.",
  },
  githubAppClientSecret: {
    envVar: SECRET_VARIABLES.githubAppClientSecret,
    description:
      "OAuth client secret of the marketplace's GitHub App: exchanges the installation callback's code for the installing user's token",
    notRotatedBecause:
      "Issued by GitHub per App: a new client secret is generated in the App's settings, put into this secret, and the old one deleted there, which a Secrets Manager rotation Lambda cannot do.",
  },
  githubAppPrivateKey: {
    envVar: SECRET_VARIABLES.githubAppPrivateKey,
    description:
      "PEM private key of the marketplace's GitHub App: signs app JWTs, which buy installation tokens (sellers' repositories)",
    notRotatedBecause:
      "Issued by GitHub per App: a new key is generated in the App's settings, put into this secret, and the old one deleted there (docs/operations.md), which a Secrets Manager rotation Lambda cannot do.",
  },
  githubOAuthClientSecret: {
    envVar: SECRET_VARIABLES.githubOAuthClientSecret,
    description:
      "OAuth client secret of the marketplace's GitHub OAuth app: exchanges a buyer's authorization code for their token (buyer deploys)",
    notRotatedBecause:
      "Issued by GitHub per OAuth app: a new client secret is generated in the app's settings, put into this secret, and the old one deleted there, which a Secrets Manager rotation Lambda cannot do.",
  },
  originVerifyKey: {
    envVar: SECRET_VARIABLES.originVerifyKey,
    description:
      'Value of the secret header CloudFront adds to API requests, so the API refuses callers that skip CloudFront; JSON {"current", "previous"} (design/origin-verify.ts)',
    generatedJsonKey: 'current',
    notRotatedBecause:
      'Rotated by hand with a deploy (docs/operations.md, "Origin header"): CloudFront\'s origin headers are static in the distribution\'s configuration, so a rotation Lambda that changed only the secret would have the API refuse every request CloudFront forwards until the next deploy.',
  },
  netlifyClientSecret: {
    envVar: SECRET_VARIABLES.netlifyClientSecret,
    description:
      "OAuth client secret of the marketplace's Netlify OAuth application: exchanges a buyer's authorization code for their token (buyer deploys)",
    notRotatedBecause:
      "Issued by Netlify per OAuth application: it is regenerated in Netlify's user settings and the new value put into this secret, which a Secrets Manager rotation Lambda cannot do.",
  },
  // Created, described and granted beside the key group that trusts its public half
  // (lib/constructs/version-builds.ts), not by the Secrets construct: its value is a key pair,
  // `{"keyPairId", "privateKey"}`.
  previewSigningKey: { envVar: SECRET_VARIABLES.previewSigningKey, createdWith: 'versionBuilds' },
} as const satisfies Record<
  SecretName,
  | { envVar: string; description: string; notRotatedBecause: string; generatedJsonKey?: string }
  | { envVar: string; createdWith: string }
>;

/** The secrets the Secrets construct creates (not those created beside what they belong to). */
export type StackSecretName = {
  [Name in SecretName]: (typeof secretDesign)[Name] extends { createdWith: string } ? never : Name;
}[SecretName];

/** Whether the Secrets construct creates this secret. */
export const isStackSecret = (name: SecretName): name is StackSecretName =>
  !('createdWith' in secretDesign[name]);

/**
 * The JSON key a secret's generated value sits under (`{"<key>": "<random>"}`), for the secrets
 * whose value is JSON; undefined for a plain string.
 */
export const generatedJsonKeyOf = (name: SecretName): string | undefined => {
  const design = secretDesign[name];
  return 'generatedJsonKey' in design ? design.generatedJsonKey : undefined;
};
