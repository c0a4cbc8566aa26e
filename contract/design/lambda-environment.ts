/**
 * The environment every Lambda of ours reads (lambdas/shared/config.ts), as one zod schema: the
 * names, what each means and which values it takes. The CDK (lib/constructs/function-environment.ts,
 * api.ts, processing.ts) and the local stack (lib/local/cloud/lambda-env.ts) build their variables as
 * `LambdaEnvironment`, so a renamed or misspelt variable fails the typecheck, not a cold start.
 *
 * Endpoints of local emulators are not configuration of ours: AWS SDK v3 reads
 * `AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3` and friends by itself. Secrets have their own
 * design (secrets.ts). Imports nothing of ours.
 */
import * as z from 'zod';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

export const lambdaEnvironmentSchema = z.object({
  TABLE_NAME: z.string().min(1),
  MVP_FILES_BUCKET: z.string().min(1),
  PREVIEW_IMAGES_BUCKET: z.string().min(1),
  /**
   * The live previews' bucket (contract/design/live-previews.ts): where a version build writes its
   * record and static output. Set on the functions of the pipeline's build steps (PlanBuild names
   * it to the build, RecordBuild reads the record from it).
   */
  LIVE_PREVIEWS_BUCKET: z.string().min(1).optional(),
  /**
   * The per-seller caps of contract/design/live-previews.ts (`COST_CAP_VARIABLES`), set on the
   * build steps that enforce them; unset: the defaults there.
   */
  BUILD_MINUTES_PER_SELLER: z.coerce.number().nonnegative().optional(),
  PREVIEW_MEGABYTES_PER_SELLER: z.coerce.number().nonnegative().optional(),
  /**
   * The live previews' own origin (`https://{preview domain}`, no trailing slash; locally the
   * local preview server's `http://localhost:<port>`): signed preview addresses are made on it.
   * Set on the function that signs them (the security Lambda's preview routes).
   */
  PREVIEW_ORIGIN: z.url().optional(),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** s3rver serves buckets by path only; real S3 prefers virtual-hosted style. */
  S3_FORCE_PATH_STYLE: flag,
  /** `local` on a laptop, `cloud` when deployed: shown in the footer badge, never branched on. */
  DEPLOYMENT_MODE: z.enum(['local', 'cloud']).default('cloud'),
  /**
   * Beta access: `POST /api/auth/beta` creates a short-lived account for anyone who asks (rate
   * limited, seller and buyer rights only), so it is off unless switched on.
   */
  BETA_ACCESS_ENABLED: flag,
  /**
   * Admin routes refuse an admin whose Cognito user has no authenticator app (TOTP) enabled. On
   * unless switched off: only the local stack switches it off, so its demo admin signs in with a
   * password only (docs/operations.md, "Admin MFA").
   */
  MFA_REQUIRED_FOR_ADMINS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * The ARN of the processing state machine, set only on functions allowed to start it
   * (stateMachineDesign names this variable; lambdas/shared/adapters/workflow-step-functions.ts).
   */
  PROCESSING_STATE_MACHINE_ARN: z.string().min(1).optional(),
  /**
   * The ARN of the monthly-payouts state machine, set only on the function that starts it (the
   * schedule's task).
   */
  PAYOUTS_STATE_MACHINE_ARN: z.string().min(1).optional(),
  /**
   * The ARN of the newsletter-send state machine, set only on the function that starts it (the
   * newsletter domain's `POST /api/admin/newsletter-issues/{id}/send`).
   */
  NEWSLETTER_STATE_MACHINE_ARN: z.string().min(1).optional(),
  /**
   * The site's public address (`https://…`, no trailing slash): the base of the links in e-mails
   * (unsubscribe, confirm). Locally `http://localhost:<port>`.
   */
  SITE_URL: z.url().default('http://localhost:3000'),
  /**
   * The sender of every e-mail: an address of an SES verified identity in the cloud (the CDK's
   * `mailFrom` context); locally anything (aws-ses-v2-local accepts every sender).
   */
  MAIL_FROM: z.email().default('newsletter@marketplace.local'),
  /**
   * The SES account's maximum send rate (messages per second; SES's default is 14 out of the
   * sandbox, 1 inside it). The newsletter sender paces itself to it across its parallel batches.
   */
  MAIL_SEND_RATE: z.coerce.number().positive().max(1000).default(14),
  /** An SES configuration set for every message (bounce/complaint events); unset: none. */
  MAIL_CONFIGURATION_SET: z.string().min(1).optional(),
  /**
   * Where stripe-node sends its requests: unset in the cloud (api.stripe.com); locally the
   * Stripe-compatible server of lib/local/servers/stripe (`http://localhost:<port>`). Only the endpoint
   * changes: the code path is the same.
   */
  STRIPE_API_URL: z.url().optional(),
  /** Stripe price ids of the paid plans; a plan without one is not sold. */
  STRIPE_PRICE_BASIC: z.string().min(1).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  STRIPE_PRICE_PREMIUM: z.string().min(1).optional(),
  /** The Stripe account's country and currency for Connect accounts and transfers. */
  STRIPE_CURRENCY: z.literal('gbp').default('gbp'),
  /** `moderate` keeps clean bundles in pending_review for an admin instead of publishing them. */
  PUBLISH_MODE: z.enum(['auto', 'moderate']).default('auto'),
  /** An IPFS Pinning Service API endpoint (e.g. `https://api.pinata.cloud/psa`); unset: CID only. */
  PINNING_SERVICE_URL: z.url().optional(),
  PINNING_SERVICE_TOKEN: z.string().min(1).optional(),
  /**
   * The KMS key that wraps the data keys of third-party tokens at rest
   * (lambdas/shared/adapters/token-vault.ts), set in the cloud on functions that seal or open them.
   */
  TOKEN_KMS_KEY_ARN: z.string().min(1).optional(),
  /**
   * Locally, instead of KMS: a 32-byte key (base64url) kept in `.local/state.json`. Never set in
   * the cloud.
   */
  TOKEN_LOCAL_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'TOKEN_LOCAL_KEY must be 32 bytes, base64url.')
    .optional(),
  /**
   * Where Octokit sends its REST requests (its `baseUrl`): unset in the cloud (api.github.com);
   * locally the GitHub-compatible server of lib/local/servers/github (`http://localhost:<port>`).
   */
  GITHUB_API_URL: z.url().optional(),
  /**
   * Where GitHub's pages live (the App installation page): unset in the cloud (github.com);
   * locally the same server as GITHUB_API_URL.
   */
  GITHUB_WEB_URL: z.url().optional(),
  /**
   * The least time between two content-creating requests of one buyer's GitHub client: unset,
   * 1000 ms (GitHub's advice for many writes). Only tests set it lower, to meet a small local limit
   * quickly.
   */
  GITHUB_WRITE_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * The first wait of Octokit's retries of a GitHub 5xx or lost answer (then 4×, 9×: its
   * retry plugin's `retryAfterBaseValue`); tests against a GitHub made to fail set a few ms.
   */
  GITHUB_RETRY_BASE_MS: z.coerce.number().int().min(0).max(30_000).default(1_000),
  /** The marketplace's GitHub App: its numeric id (app JWTs) and its slug (installation URL). */
  GITHUB_APP_ID: z.coerce.number().int().positive().optional(),
  GITHUB_APP_SLUG: z.string().min(1).optional(),
  /**
   * The App's OAuth client id: the installation callback's `code` is exchanged with it (and the
   * secret githubAppClientSecret) for the installing user's token, which proves the installation
   * is theirs (GET /user/installations).
   */
  GITHUB_APP_CLIENT_ID: z.string().min(1).optional(),
  /** The marketplace's GitHub OAuth app (buyers connect GitHub to deploy): its client id. */
  GITHUB_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  /**
   * Netlify's API origin for `@netlify/api` (scheme and host): unset in the cloud
   * (https://api.netlify.com); locally the Netlify-compatible server of lib/local/servers/netlify.
   */
  NETLIFY_API_URL: z.url().optional(),
  /**
   * The OSV vulnerability database's API origin (the dependency audit, docs/operations.md,
   * "Security reports"): https://api.osv.dev in the cloud; locally the OSV-compatible server of
   * lib/local/servers/osv.
   */
  OSV_API_URL: z.url().default('https://api.osv.dev'),
  /**
   * How long the audit waits between its tries of an unanswered OSV request (ms, doubled each
   * try); only tests set it lower.
   */
  OSV_RETRY_BASE_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /** How long one OSV request may take before it counts as unanswered (ms). */
  OSV_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * One time budget (ms) for every read of the browse catalog (version check, snapshot, changes),
   * in place of the cloud's own (1 s, 3 s, 3 s: lambdas/catalog/catalog-timing.ts). Unset in the
   * cloud. The local stack sets it higher: there the emulators share a laptop's two cores with
   * the browser, the builds and the tests, and a read that waits 3 s for a busy DynamoDB Local is
   * slow, not an outage.
   */
  CATALOG_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  /** Where Netlify's OAuth pages live: unset in the cloud (https://app.netlify.com). */
  NETLIFY_WEB_URL: z.url().optional(),
  /** The marketplace's Netlify OAuth application (buyer deploys): its client id. */
  NETLIFY_CLIENT_ID: z.string().min(1).optional(),
  /** Seconds between two polls of a Netlify deploy in buyer-deploy (default 10; local: 1). */
  DEPLOY_POLL_SECONDS: z.coerce.number().int().positive().max(60).default(10),
  /**
   * The ARN of the buyer-deploy state machine, set only on the deployments function (it starts
   * the repository step and, after the Netlify callback, the site step) and the downloads function
   * (a download of a version with known advisories starts phase `advisories`).
   */
  BUYER_DEPLOY_STATE_MACHINE_ARN: z.string().min(1).optional(),
  /**
   * The ARN of the github-sync state machine, set only on functions allowed to start it (the
   * github domain: the push webhook and the Sync button).
   */
  GITHUB_SYNC_STATE_MACHINE_ARN: z.string().min(1).optional(),
  /** The service name in every log line and metric (Powertools). */
  POWERTOOLS_SERVICE_NAME: z.string().min(1).optional(),
});

/** The variables as set (strings), before parsing: what the CDK and the local stack build. */
export type LambdaEnvironment = z.input<typeof lambdaEnvironmentSchema>;

/** The variables as the functions read them (parsed, with defaults). */
export type LambdaConfig = z.output<typeof lambdaEnvironmentSchema>;

/** One variable's name. */
export type LambdaVariable = keyof LambdaEnvironment;

/**
 * The variables to set on a function: `environment` checked against the schema's names and
 * values by the compiler, unset ones left out.
 */
export const lambdaVariables = (environment: LambdaEnvironment): Record<string, string> =>
  Object.fromEntries(
    Object.entries(environment).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
