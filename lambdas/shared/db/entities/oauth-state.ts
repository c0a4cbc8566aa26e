/**
 * OAuthState (docs/data-model.md, section 3.11): the `state` of one OAuth round trip to GitHub or Netlify,
 * so the callback can be tied to the user who started it. Single use: consuming it is
 * a conditional delete. Expires with TTL (`expires_at`) shortly after it stops being accepted.
 *
 * - byId (table): pk `id` → issue, consume
 */
import { defineEntity } from '../entity';

export interface OAuthStateItem {
  /** 32 random bytes, base64url; the value sent to the provider also carries an HMAC of it. */
  id: string;
  user_id: string;
  /** Which round trip this is, e.g. `github-user`, `github-app`, `netlify`. */
  provider: string;
  /** A path of ours to return to afterwards, if any (never a full URL). */
  return_to?: string;
  created_at: string;
  /** Epoch seconds: refused from then on, and removed by TTL. */
  expires_at: number;
}

export const OAuthStateEntity = defineEntity<OAuthStateItem>()({
  entity: 'oauthState',
  version: '1',
  indexes: {
    byId: { pk: ['id'], sk: [] },
  },
});
