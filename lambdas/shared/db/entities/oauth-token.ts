/**
 * OAuthToken (`user_oauth_tokens`, docs/data-model.md, section 3.11): a buyer's GitHub or Netlify token,
 * sealed by the token vault (lambdas/shared/adapters/token-vault.ts, purpose
 * `<provider>-oauth-token`, owner the user id) before it reaches the table. Never returned by an
 * API, never logged.
 *
 * - byUser (table): pk `user_id`, sk `provider` → T1 store/replace, T2 read, T3 status, T4 delete
 */
import { defineEntity } from '../entity';

export interface OAuthTokenItem {
  user_id: string;
  provider: 'github' | 'netlify';
  /** The sealed token (`v1.<kms|local>.…`). */
  token_ciphertext: string;
  scope?: string;
  /** GitHub login or Netlify account e-mail's name: shown in Settings. */
  account_login?: string;
  created_at: string;
  updated_at: string;
}

export const OAuthTokenEntity = defineEntity<OAuthTokenItem>()({
  entity: 'oauthToken',
  version: '1',
  indexes: {
    byUser: { pk: ['user_id'], sk: ['provider'] },
  },
});
