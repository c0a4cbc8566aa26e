/**
 * The environment the Lambda handlers read (lambdas/shared/config.ts) plus the AWS SDK's own
 * variables that point it at the emulators. In the cloud the CDK sets the first group and the SDK
 * needs none of the second; locally both come from here, so handler code never branches on mode.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  lambdaVariables,
  type LambdaEnvironment,
} from '../../../contract/design/lambda-environment';
import {
  generatedJsonKeyOf,
  secretDesign,
  type SecretName,
} from '../../../contract/design/secrets';
import type { BucketNames, UserPoolIds } from '../emulators/resources';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../emulators/resources';

export interface LambdaEnvironmentInput extends UserPoolIds {
  tableName: string;
  buckets: BucketNames;
  /** `ses`: aws-ses-v2-local (lib/local/emulators), where the mailer sends. */
  endpoints: { dynamodb: string; s3: string; cognito: string; ses?: string };
  /** The base of the links in e-mails (`http://localhost:<port>`). */
  siteUrl?: string;
  /** The local preview server's origin (preview-edge.ts), where signed preview addresses point. */
  previewOrigin?: string;
  betaAccess: boolean;
  /**
   * Secret values by name (contract/design/secrets.ts). Fresh random ones when absent; the
   * local stack passes the ones it keeps in `.local/state.json`, so cursors survive a restart.
   */
  secrets?: Partial<Record<SecretName, string>>;
  /**
   * Where stripe-node talks to (the local Stripe server; absent: api.stripe.com) and the price
   * ids of the paid plans.
   */
  stripe?: { apiUrl?: string; prices?: { basic?: string; pro?: string; premium?: string } };
  /** The GitHub-compatible server (lib/local/servers/github) and the local GitHub App; absent: github.com. */
  github?: {
    apiUrl: string;
    webUrl?: string;
    appId: number;
    appSlug: string;
    clientId: string;
    /** The OAuth app buyers connect with. */
    oauthClientId?: string;
  };
  /** The Netlify-compatible server (lib/local/servers/netlify) and the OAuth client; absent: netlify.com. */
  netlify?: { apiUrl: string; clientId: string; pollSeconds?: number };
  /**
   * The OSV-compatible server (lib/local/servers/osv) and how long the audit waits between its
   * tries (tests: a few ms); absent: api.osv.dev.
   */
  osv?: { apiUrl: string; retryBaseMs?: number; requestTimeoutMs?: number };
  /** TOKEN_LOCAL_KEY (lambdas/shared/adapters/token-vault.ts); a fresh one when absent. */
  tokenLocalKey?: string;
}

/** A fresh key for the local token vault (32 random bytes, base64url). */
export const generateTokenLocalKey = (): string => randomBytes(32).toString('base64url');

/**
 * Local secrets wear Stripe's prefixes, so a local key is recognisably one (`sk_test_local_…` is
 * never a real key: the local stack tells real keys from its own by that prefix).
 */
export const LOCAL_SECRET_PREFIXES: Partial<Record<SecretName, string>> = {
  stripeSecretKey: 'sk_test_local_',
  stripeWebhookSecret: 'whsec_',
};

/** The key pair id of the local preview signing key (CloudFront's would be its public key's id). */
export const LOCAL_PREVIEW_KEY_PAIR_ID = 'LOCALPREVIEWKEY';

/**
 * A fresh local value of one secret. The preview signing key is an RSA key pair, as the cloud's
 * secret holds it (`{"keyPairId", "privateKey"}`): the functions sign with the private half, the
 * local preview server (preview-edge.ts) checks with the public half derived from it.
 */
export const generateLocalSecret = (name: SecretName): string => {
  if (name === 'previewSigningKey') {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return JSON.stringify({
      keyPairId: LOCAL_PREVIEW_KEY_PAIR_ID,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    });
  }
  const value = `${LOCAL_SECRET_PREFIXES[name] ?? ''}${randomBytes(32).toString('base64url')}`;
  const jsonKey = generatedJsonKeyOf(name);
  // As Secrets Manager generates it for the CDK's secret: `{"<key>": "<random>"}`.
  return jsonKey ? JSON.stringify({ [jsonKey]: value }) : value;
};

/**
 * Fresh values for the named secrets, every one by default (the local stack keeps them in
 * `.local/state.json`).
 */
export const generateLocalSecrets = (
  names: readonly SecretName[] = Object.keys(secretDesign) as SecretName[],
): Record<SecretName, string> =>
  Object.fromEntries(names.map((name) => [name, generateLocalSecret(name)])) as Record<
    SecretName,
    string
  >;

/** The names of the secrets missing from `given`. */
const missingSecrets = (given: Partial<Record<SecretName, string>> = {}): SecretName[] =>
  (Object.keys(secretDesign) as SecretName[]).filter((name) => !given[name]);

/**
 * The stored secrets, completed: one added to the design since `.local/state.json` was written,
 * or kept from before it had its prefix, gets a fresh value (to be stored in turn).
 */
export const completeLocalSecrets = (
  stored: Partial<Record<SecretName, string>> = {},
): Record<SecretName, string> => {
  const kept = Object.entries(stored).filter(
    ([name, value]) =>
      name in secretDesign && value.startsWith(LOCAL_SECRET_PREFIXES[name as SecretName] ?? ''),
  );
  const keptSecrets = Object.fromEntries(kept) as Partial<Record<SecretName, string>>;
  return { ...generateLocalSecrets(missingSecrets(keptSecrets)), ...keptSecrets };
};

/** The catalog's read budget on a laptop (lambda-environment.ts, CATALOG_READ_TIMEOUT_MS). */
export const LOCAL_CATALOG_READ_TIMEOUT_MS = 15_000;

export const lambdaEnvironment = (input: LambdaEnvironmentInput): Record<string, string> => ({
  ...lambdaVariables({
    TABLE_NAME: input.tableName,
    MVP_FILES_BUCKET: input.buckets.mvpFiles,
    PREVIEW_IMAGES_BUCKET: input.buckets.previewImages,
    LIVE_PREVIEWS_BUCKET: input.buckets.livePreviews,
    USER_POOL_ID: input.userPoolId,
    USER_POOL_CLIENT_ID: input.userPoolClientId,
    S3_FORCE_PATH_STYLE: 'true',
    DEPLOYMENT_MODE: 'local',
    BETA_ACCESS_ENABLED: input.betaAccess ? 'true' : 'false',
    // The start banner says so; the cloud requires an authenticator app of every admin.
    MFA_REQUIRED_FOR_ADMINS: 'false',
    STRIPE_API_URL: input.stripe?.apiUrl,
    STRIPE_PRICE_BASIC: input.stripe?.prices?.basic,
    STRIPE_PRICE_PRO: input.stripe?.prices?.pro,
    STRIPE_PRICE_PREMIUM: input.stripe?.prices?.premium,
    TOKEN_LOCAL_KEY: input.tokenLocalKey ?? generateTokenLocalKey(),
    GITHUB_API_URL: input.github?.apiUrl,
    GITHUB_WEB_URL: input.github?.webUrl ?? input.github?.apiUrl,
    GITHUB_APP_ID: input.github ? String(input.github.appId) : undefined,
    GITHUB_APP_SLUG: input.github?.appSlug,
    GITHUB_APP_CLIENT_ID: input.github?.clientId,
    GITHUB_OAUTH_CLIENT_ID: input.github?.oauthClientId,
    NETLIFY_API_URL: input.netlify?.apiUrl,
    NETLIFY_WEB_URL: input.netlify?.apiUrl,
    NETLIFY_CLIENT_ID: input.netlify?.clientId,
    DEPLOY_POLL_SECONDS: input.netlify ? String(input.netlify.pollSeconds ?? 1) : undefined,
    OSV_API_URL: input.osv?.apiUrl,
    OSV_RETRY_BASE_MS:
      input.osv?.retryBaseMs !== undefined ? String(input.osv.retryBaseMs) : undefined,
    OSV_REQUEST_TIMEOUT_MS:
      input.osv?.requestTimeoutMs !== undefined ? String(input.osv.requestTimeoutMs) : undefined,
    // The emulators share the laptop's cores with the browser, builds and tests: a catalog read
    // that waits longer than the cloud's budget there is slow, not an outage.
    CATALOG_READ_TIMEOUT_MS: String(LOCAL_CATALOG_READ_TIMEOUT_MS),
    SITE_URL: input.siteUrl,
    PREVIEW_ORIGIN: input.previewOrigin,
    MAIL_FROM: 'newsletter@marketplace.local',
  } satisfies LambdaEnvironment),
  // A secret added after `.local/state.json` was written gets a fresh value per start.
  ...Object.fromEntries(
    Object.entries({
      ...generateLocalSecrets(missingSecrets(input.secrets)),
      ...input.secrets,
    }).map(([name, value]) => [secretDesign[name as SecretName].envVar, value]),
  ),
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: input.endpoints.dynamodb,
  AWS_ENDPOINT_URL_S3: input.endpoints.s3,
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: input.endpoints.cognito,
  ...(input.endpoints.ses ? { AWS_ENDPOINT_URL_SESV2: input.endpoints.ses } : {}),
});

/**
 * Sets the variables on this process. Must run before any `lambdas/` module that reads
 * configuration is imported: entities and SDK clients read it once, at import.
 */
export const applyLambdaEnvironment = (env: Record<string, string>): void => {
  // A profile or session token from the host would override the static keys in the SDK chain.
  delete process.env.AWS_PROFILE;
  delete process.env.AWS_SESSION_TOKEN;
  Object.assign(process.env, env);
};
