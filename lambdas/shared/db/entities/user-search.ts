/**
 * UserSearch: the admin user search's index (docs/data-model.md, section 3.1.2). One item per
 * user and searchable term: the lower-cased e-mail, and the lower-cased username when there is one.
 * Written in the same transaction as every profile write that changes the e-mail, the username,
 * the role or the seller approval, so the index never disagrees with the profile.
 *
 * - byTerm (table): pk `$marketplace#search_shard_<first character of the term>`,
 *   sk `$usersearch_1#term_<term>#user_id_<id>` → `begins_with` of a prefix of 1+ characters,
 *   read from the one shard its first character picks (no single hot partition).
 *
 * Each item carries the role and the seller approval (the list's filters, as a FilterExpression)
 * and the other term of its user (to show each user once; see `profiles/search-repo.ts`). A beta
 * account's items carry its profile's `expires_at`, so TTL removes them with it.
 */
import type { ROLES } from '../../../../contract/profile';
import { defineEntity } from '../entity';

export const USER_SEARCH_KINDS = ['email', 'username'] as const;
export type UserSearchKind = (typeof USER_SEARCH_KINDS)[number];

export interface UserSearchItem {
  /** The first character of `term`. */
  search_shard: string;
  /** Lower-cased e-mail or username. */
  term: string;
  user_id: string;
  kind: UserSearchKind;
  /** The user's lower-cased e-mail and username, whichever item this is. */
  email: string;
  username?: string;
  role: (typeof ROLES)[number];
  is_seller_approved: boolean;
  /** The profile's `created_at`. */
  created_at: string;
  /** Epoch seconds (TTL): the profile's own, for beta accounts. */
  expires_at?: number;
}

export const UserSearchEntity = defineEntity<UserSearchItem>()({
  entity: 'userSearch',
  version: '1',
  indexes: {
    byTerm: { pk: ['search_shard'], sk: ['term', 'user_id'] },
  },
});
