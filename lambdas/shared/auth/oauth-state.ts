/**
 * The `state` of an OAuth round trip, shared by the GitHub and deployment connections: a signed,
 * single-use, expiring value bound to the user, never just the user id.
 *
 * `issueOAuthState` stores a random id with the user, the provider and an expiry, and gives back
 * `<id>.<mac>`, the MAC an HMAC over id, user, provider and expiry under `oauthStateKey`.
 * `consumeOAuthState` accepts it once: the MAC must verify for the calling user and provider
 * (a state of another user, another provider, altered or made up is refused without a database
 * write), and the stored item is deleted with a condition on the same user, provider and expiry,
 * so of two concurrent callbacks with one state exactly one succeeds. When the provider then does
 * not answer, the caller gives the state back (`giveBack`), so the same callback can be retried.
 * The stored item's reads and writes are oauth-state-repo.ts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../errors';
import { readSecret } from '../secrets';
import {
  getOAuthState,
  putOAuthState,
  restoreOAuthState,
  takeOAuthState,
} from './oauth-state-repo';

/** How long a user has to finish the round trip at the provider. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

export const OAUTH_STATE_INVALID_MESSAGE =
  'This authorization link has expired or was already used. Please start again.';

export type OAuthProvider = 'github-user' | 'github-app' | 'netlify';

const MAC_BYTES = 16;

const macOf = async (fields: {
  id: string;
  userId: string;
  provider: OAuthProvider;
  expiresAt: number;
}): Promise<Buffer> =>
  createHmac('sha256', await readSecret('oauthStateKey'))
    .update(`oauth-state\n${fields.id}\n${fields.userId}\n${fields.provider}\n${fields.expiresAt}`)
    .digest()
    .subarray(0, MAC_BYTES);

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** A fresh state for `userId`'s round trip to `provider`: `<id>.<expires>.<mac>`. */
export const issueOAuthState = async (input: {
  userId: string;
  provider: OAuthProvider;
  returnTo?: string;
  now?: Date;
}): Promise<string> => {
  const now = input.now ?? new Date();
  const id = randomBytes(32).toString('base64url');
  const expiresAt = nowSeconds(now) + OAUTH_STATE_TTL_SECONDS;
  await putOAuthState({
    id,
    user_id: input.userId,
    provider: input.provider,
    ...(input.returnTo !== undefined && { return_to: input.returnTo }),
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  const mac = await macOf({ id, userId: input.userId, provider: input.provider, expiresAt });
  return `${id}.${expiresAt}.${mac.toString('base64url')}`;
};

/**
 * Accepts `state` once for `userId` and `provider`, and returns where to go back to (if the round
 * trip said). Anything else is a 400 with OAUTH_STATE_INVALID_MESSAGE: the caller learns nothing
 * about whose state it was.
 */
export const consumeOAuthState = async (input: {
  state: string;
  userId: string;
  provider: OAuthProvider;
  now?: Date;
}): Promise<{ returnTo: string | null; giveBack: () => Promise<void> }> => {
  const refuse = () =>
    new ValidationError(OAUTH_STATE_INVALID_MESSAGE, { state: OAUTH_STATE_INVALID_MESSAGE });
  const parts = input.state.split('.');
  if (parts.length !== 3) throw refuse();
  const [id, expires, mac] = parts as [string, string, string];
  const expiresAt = Number(expires);
  if (!/^[\w-]{43}$/.test(id) || !Number.isSafeInteger(expiresAt)) throw refuse();
  const given = Buffer.from(mac, 'base64url');
  const expected = await macOf({ id, userId: input.userId, provider: input.provider, expiresAt });
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
  const now = nowSeconds(input.now ?? new Date());
  if (expiresAt <= now) throw refuse();

  const stored = await getOAuthState(id);
  if (!stored) throw refuse();
  const owner = { user_id: input.userId, provider: input.provider, expires_at: expiresAt };
  if (!(await takeOAuthState(id, owner))) throw refuse();
  return {
    returnTo: stored.return_to ?? null,
    // The provider did not answer the code's exchange: the same state works again until it
    // expires, so the user's retry of the callback passes once the provider is back.
    giveBack: () => restoreOAuthState(stored),
  };
};
