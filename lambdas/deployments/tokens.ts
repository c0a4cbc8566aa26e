/**
 * A buyer's sealed GitHub and Netlify tokens (docs/data-model.md, section 3.11 OAuthToken): sealed by the
 * token vault (purpose `<provider>-oauth-token`, owner the user id) the moment they are received,
 * opened only by the code that calls the provider with them. Kept apart from the OAuth flows
 * (connections.ts) so a task that only opens a token bundles neither client it does not call.
 */
import { tokenVault, VaultOpenError } from '../shared/adapters/token-vault';
import { logger } from '../shared/observability';
import { getToken, putToken, type OAuthTokenItem } from './repo';

export type Provider = OAuthTokenItem['provider'];

const vaultContext = (provider: Provider, userId: string) => ({
  purpose: `${provider}-oauth-token`,
  owner: userId,
});

/** Seals and stores a token (replacing the previous one of that provider). */
export const storeToken = async (
  userId: string,
  provider: Provider,
  token: string,
  extra: { scope?: string; accountLogin?: string },
): Promise<void> => {
  const now = new Date().toISOString();
  await putToken({
    user_id: userId,
    provider,
    token_ciphertext: await tokenVault().seal(token, vaultContext(provider, userId)),
    ...(extra.scope !== undefined && { scope: extra.scope }),
    ...(extra.accountLogin !== undefined && { account_login: extra.accountLogin }),
    created_at: now,
    updated_at: now,
  });
};

/** The user's token for `provider`, opened; `null` when not connected or no longer openable. */
export const openToken = async (userId: string, provider: Provider): Promise<string | null> => {
  const stored = await getToken(userId, provider);
  if (!stored) return null;
  try {
    return await tokenVault().open(stored.token_ciphertext, vaultContext(provider, userId));
  } catch (error) {
    if (!(error instanceof VaultOpenError)) throw error;
    logger.error('A stored token could not be opened', { provider, reason: error.message });
    return null;
  }
};
