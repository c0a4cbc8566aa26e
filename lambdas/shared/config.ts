/**
 * Configuration of the Lambda functions, read from the environment once at cold start and checked
 * with zod: a missing variable fails loudly on the first request instead of half-working.
 *
 * Endpoints of local emulators are not configuration of ours: AWS SDK v3 reads
 * `AWS_ENDPOINT_URL_DYNAMODB`, `AWS_ENDPOINT_URL_S3` and friends by itself, so the same code talks to
 * DynamoDB Local and s3rver on a laptop and to the real services in the cloud.
 */
import * as z from 'zod';

const envSchema = z.object({
  TABLE_NAME: z.string().min(1),
  MVP_FILES_BUCKET: z.string().min(1),
  PREVIEW_IMAGES_BUCKET: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** s3rver serves buckets by path only; real S3 prefers virtual-hosted style. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** `local` on a laptop, `cloud` when deployed: shown in the footer badge, never branched on. */
  DEPLOYMENT_MODE: z.enum(['local', 'cloud']).default('cloud'),
  /**
   * Beta access: `POST /api/auth/beta` creates a short-lived account for anyone who asks (rate
   * limited, seller and buyer rights only), so it is off unless switched on.
   */
  BETA_ACCESS_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Set only on functions allowed to start processing (lambdas/shared/adapters/workflow.ts). */
  PROCESSING_STATE_MACHINE_ARN: z.string().min(1).optional(),
  /** `moderate` keeps clean bundles in pending_review for an admin instead of publishing them. */
  PUBLISH_MODE: z.enum(['auto', 'moderate']).default('auto'),
  /** An IPFS Pinning Service API endpoint (e.g. `https://api.pinata.cloud/psa`); unset: CID only. */
  PINNING_SERVICE_URL: z.url().optional(),
  PINNING_SERVICE_TOKEN: z.string().min(1).optional(),
});

export type AppConfig = z.output<typeof envSchema>;

let cached: AppConfig | undefined;

/** The checked configuration; throws with the names of missing or malformed variables. */
export const config = (): AppConfig => {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid Lambda configuration: ${problems}`);
  }
  cached = parsed.data;
  return cached;
};
