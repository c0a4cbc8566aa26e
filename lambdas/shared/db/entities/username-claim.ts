/**
 * UsernameClaim: one item per taken username (docs/data-model.md, section 3.2). Usernames are unique
 * because a claim is written in the same transaction as the profile (docs/data-model.md, section 4.3); the profile's `gsi1`
 * cannot guarantee it (GSIs are eventually consistent and not unique).
 *
 * - byUsername (table): pk `$marketplace#username_{username}` (keys are lower-cased, so names
 *   are unique case-insensitively)
 *
 * A released claim stays for 30 days (`expires_at`, TTL) so an abandoned name cannot be grabbed
 * to impersonate its former owner; the former owner may take it back at any time.
 */
import { defineEntity } from '../entity';

export interface UsernameClaimItem {
  /** As typed; the key is lower-cased. */
  username: string;
  user_id: string;
  created_at: string;
  released_at?: string;
  /** Epoch seconds (TTL); set only on release. */
  expires_at?: number;
}

export const UsernameClaimEntity = defineEntity<UsernameClaimItem>()({
  entity: 'usernameClaim',
  version: '1',
  indexes: {
    byUsername: { pk: ['username'], sk: [] },
  },
});
