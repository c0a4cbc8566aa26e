/**
 * Secret values (see design/secrets.ts): from the variable itself when set (local), else from
 * Secrets Manager by the ARN variable (cloud). Read once per container, on first use, so a
 * function that never needs a secret never pays for the call, and a failed read is retried on the
 * next use instead of being cached.
 */
import { secretArnVariable, secretDesign, type SecretName } from '../../contract/design/secrets';

const cache = new Map<SecretName, Promise<string>>();

const load = async (name: SecretName): Promise<string> => {
  const { envVar } = secretDesign[name];
  const direct = process.env[envVar];
  if (direct) return direct;
  const arn = process.env[secretArnVariable(name)];
  if (!arn) {
    throw new Error(
      `Secret ${name} is not configured: set ${envVar} or ${secretArnVariable(name)}.`,
    );
  }
  const sdk = await import('@aws-sdk/client-secrets-manager');
  const result = await new sdk.SecretsManagerClient({}).send(
    new sdk.GetSecretValueCommand({ SecretId: arn }),
  );
  if (!result.SecretString) throw new Error(`Secret ${name} has no string value.`);
  return result.SecretString;
};

/** The value of a secret. */
export const readSecret = (name: SecretName): Promise<string> => {
  let value = cache.get(name);
  if (!value) {
    value = load(name);
    cache.set(name, value);
    value.catch(() => cache.delete(name));
  }
  return value;
};
