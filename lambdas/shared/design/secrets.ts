/**
 * The secrets the functions read at run time. Each has one environment variable name: locally
 * (`npm start`, tests) that variable holds the value itself (the local stack generates it, or
 * `.env` provides it); in the cloud the CDK creates a Secrets Manager secret, grants read on it
 * to the functions that need it, and sets `<name>_SECRET_ARN` instead, so the value is never in a
 * template, a function's configuration or a log (lambdas/shared/secrets.ts reads either).
 */
export const secretDesign = {
  cursorSigningKey: {
    envVar: 'CURSOR_SIGNING_KEY',
    description: 'HMAC key that signs pagination cursors, binding each to its owner and query',
    notRotatedBecause:
      'A generated signing key with no external holder; rotating it would only end the open pagination links of the moment, so it is rotated by redeploying when needed, not on a schedule.',
  },
  rateLimitKey: {
    envVar: 'RATE_LIMIT_KEY',
    description:
      'HMAC key that turns client addresses into rate-limit keys, so no raw IP address is stored',
    notRotatedBecause:
      'A generated key with no external holder; rotating it would only restart the rate-limit windows of the hour, so it is rotated by redeploying when needed, not on a schedule.',
  },
} as const;

export type SecretName = keyof typeof secretDesign;

/** The variable that carries a secret's ARN in the cloud. */
export const secretArnVariable = (name: SecretName): string =>
  `${secretDesign[name].envVar}_SECRET_ARN`;
