/**
 * Configuration of the Lambda functions, read from the environment once at cold start and checked
 * with the schema of contract/design/lambda-environment.ts: a missing variable fails loudly
 * on the first request instead of half-working.
 */
import {
  lambdaEnvironmentSchema,
  type LambdaConfig,
} from '../../contract/design/lambda-environment';

export type AppConfig = LambdaConfig;

let cached: AppConfig | undefined;

/** The checked configuration; throws with the names of missing or malformed variables. */
export const config = (): AppConfig => {
  if (cached) return cached;
  const parsed = lambdaEnvironmentSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid Lambda configuration: ${problems}`);
  }
  cached = parsed.data;
  return cached;
};
