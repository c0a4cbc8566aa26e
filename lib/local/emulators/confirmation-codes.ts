/**
 * Reads the confirmation code cognito-local issued to an email address (sign-up, forgot password).
 * It keeps each pool in `.cognito/db/<poolId>.json` under its working folder, with the pending code
 * on the user record; locally that file stands in for the user's mailbox.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface StoredUser {
  Attributes?: { Name: string; Value: string }[];
  ConfirmationCode?: string;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The code pending for `email`, or `undefined` when the user has none (yet). */
export const findConfirmationCode = async (
  cognitoDataDir: string,
  userPoolId: string,
  email: string,
): Promise<string | undefined> => {
  let stored: { Users?: Record<string, StoredUser> };
  try {
    stored = JSON.parse(
      await readFile(join(cognitoDataDir, '.cognito', 'db', `${userPoolId}.json`), 'utf8'),
    );
  } catch (_error) {
    // Missing or half-written file: no code yet; the caller polls.
    return undefined;
  }
  const wanted = email.toLowerCase();
  const user = Object.values(stored.Users ?? {}).find((candidate) =>
    candidate.Attributes?.some(
      (attribute) => attribute.Name === 'email' && attribute.Value.toLowerCase() === wanted,
    ),
  );
  return user?.ConfirmationCode;
};

/** Polls {@link findConfirmationCode} until a code appears; rejects after `timeoutMs`. */
export const waitForConfirmationCode = async (
  cognitoDataDir: string,
  userPoolId: string,
  email: string,
  timeoutMs = 10_000,
): Promise<string> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = await findConfirmationCode(cognitoDataDir, userPoolId, email);
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`No confirmation code for ${email} arrived within ${timeoutMs / 1000} s.`);
};
