/**
 * BetaAccount (docs/data-model.md, section 3.18): one tracking item per live beta-access account, written
 * in the same transaction as its profile and removed by the hourly cleanup once the Cognito user
 * is gone, the profile closed and its templates archived. It carries no TTL on purpose: it is the
 * cleanup's to-do list, and an item that vanished before the cleanup ran would leave a Cognito
 * user nobody deletes.
 *
 * - byExpiry (table): pk (none), sk `beta_expires_at`,`user_id` → "every account past its expiry"
 *   is one Query with an upper bound on the sort key. Few items (the creation rate is capped per
 *   hour), so one partition is plenty.
 */
import { defineEntity } from '../entity';

export interface BetaAccountItem {
  /** The Cognito `sub`, also the profile id. */
  user_id: string;
  /** The Cognito user name (the e-mail), for AdminDeleteUser. */
  email: string;
  /** ISO time, the same as the profile's. */
  beta_expires_at: string;
  created_at: string;
}

export const BetaAccountEntity = defineEntity<BetaAccountItem>()({
  entity: 'betaAccount',
  version: '1',
  indexes: {
    byExpiry: { pk: [], sk: ['beta_expires_at', 'user_id'] },
  },
});
