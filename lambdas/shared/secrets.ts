/**
 * Secret values (see contract/design/secrets.ts): from the variable itself when set (local), else from
 * Secrets Manager by the ARN variable (cloud), through Powertools Parameters. A value is kept for
 * at most five minutes per container, so a rotated secret is in use everywhere within five
 * minutes of the rotation without a redeploy (docs/operations.md, "Secrets"). The provider is
 * loaded on first use, so a function that never needs a secret never pays for it, and a failed
 * read is not kept: the next use asks again.
 */
import type { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import {
  SECRET_VARIABLES,
  secretArnVariable,
  type SecretName,
} from '../../contract/design/secret-variables';

/** How long a value read from Secrets Manager is used before it is read again. */
export const SECRET_MAX_AGE_SECONDS = 300;

export interface SecretReaderOptions {
  maxAgeSeconds: number;
  /** The provider to read through (tests pass one with a stubbed client). */
  provider?: SecretsProvider;
}

/** A reader of secrets that keeps each value for `maxAgeSeconds`. */
export const createSecretReader = ({ maxAgeSeconds, provider }: SecretReaderOptions) => {
  let loaded: Promise<SecretsProvider> | undefined = provider && Promise.resolve(provider);
  const providerOf = (): Promise<SecretsProvider> => {
    loaded ??= import('@aws-lambda-powertools/parameters/secrets').then(
      ({ SecretsProvider: Provider }) => new Provider(),
    );
    return loaded;
  };
  return async (name: SecretName): Promise<string> => {
    const envVar = SECRET_VARIABLES[name];
    const direct = process.env[envVar];
    if (direct) return direct;
    const arn = process.env[secretArnVariable(name)];
    if (!arn) {
      throw new Error(
        `Secret ${name} is not configured: set ${envVar} or ${secretArnVariable(name)}.`,
      );
    }
    const value = await (await providerOf()).get(arn, { maxAge: maxAgeSeconds });
    if (typeof value !== 'string' || !value) {
      throw new Error(`Secret ${name} has no string value.`);
    }
    return value;
  };
};

/** The value of a secret, at most five minutes old. */
export const readSecret = createSecretReader({ maxAgeSeconds: SECRET_MAX_AGE_SECONDS });
