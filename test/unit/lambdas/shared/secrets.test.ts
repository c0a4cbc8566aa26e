/**
 * Secrets in the cloud are read through Powertools Parameters and kept for a maximum age only, so
 * a rotated value is picked up without a redeploy; the local variable still wins when set. The
 * Secrets Manager client is a real one whose `send` answers from a value the test rotates.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secretArnVariable, secretDesign } from '../../../../contract/design/secrets';
import { createSecretReader, SECRET_MAX_AGE_SECONDS } from '../../../../lambdas/shared/secrets';

const ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:rate-limit-key';
const { envVar } = secretDesign.rateLimitKey;

let current = 'first-key';
const client = new SecretsManagerClient({ region: 'us-east-1' });
const send = vi.spyOn(client, 'send').mockImplementation(async (command: unknown) => {
  expect(command).toBeInstanceOf(GetSecretValueCommand);
  expect((command as GetSecretValueCommand).input.SecretId).toBe(ARN);
  return { SecretString: current };
});

const reader = (maxAgeSeconds: number) =>
  createSecretReader({
    maxAgeSeconds,
    provider: new SecretsProvider({ awsSdkV3Client: client }),
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  send.mockClear();
  current = 'first-key';
  vi.stubEnv(envVar, '');
  vi.stubEnv(secretArnVariable('rateLimitKey'), ARN);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('readSecret in the cloud', () => {
  it('keeps a value for the maximum age, then reads the rotated one', async () => {
    const read = reader(2);
    expect(await read('rateLimitKey')).toBe('first-key');
    current = 'rotated-key';
    vi.advanceTimersByTime(1_000);
    expect(await read('rateLimitKey')).toBe('first-key');
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_500);
    expect(await read('rateLimitKey')).toBe('rotated-key');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed read', async () => {
    const read = reader(60);
    send.mockRejectedValueOnce(new Error('throttled'));
    await expect(read('rateLimitKey')).rejects.toThrow();
    expect(await read('rateLimitKey')).toBe('first-key');
  });

  it('uses five minutes in the functions', () => {
    expect(SECRET_MAX_AGE_SECONDS).toBe(300);
  });
});

describe('readSecret locally', () => {
  it('takes the variable itself, read again on every use, without Secrets Manager', async () => {
    const read = reader(300);
    vi.stubEnv(envVar, 'local-key');
    expect(await read('rateLimitKey')).toBe('local-key');
    vi.stubEnv(envVar, 'changed-local-key');
    expect(await read('rateLimitKey')).toBe('changed-local-key');
    expect(send).not.toHaveBeenCalled();
  });

  it('says which variable to set when neither is', async () => {
    vi.stubEnv(secretArnVariable('rateLimitKey'), '');
    await expect(reader(300)('rateLimitKey')).rejects.toThrow(envVar);
  });
});
