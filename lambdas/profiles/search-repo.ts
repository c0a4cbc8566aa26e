/**
 * The admin user search's index (docs/data-model.md, section 3.1.2, P8): UserSearch items, one per user
 * and term (lower-cased e-mail, lower-cased username), kept in the same transaction as the profile
 * writes that change a term, the role or the seller approval, and read by prefix.
 */
import type { SellerApprovalFilter } from '../../contract/admin-users';
import type { Role } from '../../contract/profile';
import {
  UserSearchEntity,
  type UserSearchItem,
  type UserSearchKind,
} from '../shared/db/entities/user-search';
import { ProfileEntity, type ProfileItem } from '../shared/db/entities/profile';
import type { AttributeRef, ConditionOperators } from '../shared/db/expression';
import { transactWrite, type TransactionWrite } from '../shared/db/transaction';
import { RETRY, retry } from '../shared/retry';

/** What the index needs of a profile. */
export type SearchableProfile = Pick<
  ProfileItem,
  'id' | 'email' | 'username' | 'role' | 'is_seller_approved' | 'created_at' | 'expires_at'
>;

const itemOf = (profile: SearchableProfile, kind: UserSearchKind, term: string): UserSearchItem => {
  const email = profile.email.toLowerCase();
  const username = profile.username?.toLowerCase();
  return {
    search_shard: term.charAt(0),
    term,
    user_id: profile.id,
    kind,
    email,
    ...(username ? { username } : {}),
    role: profile.role,
    is_seller_approved: profile.is_seller_approved,
    created_at: profile.created_at,
    ...(profile.expires_at !== undefined ? { expires_at: profile.expires_at } : {}),
  };
};

/** The index items of a profile as it is (or is about to be) stored. */
export const userSearchItems = (profile: SearchableProfile): UserSearchItem[] => {
  const items = [itemOf(profile, 'email', profile.email.toLowerCase())];
  const username = profile.username?.toLowerCase();
  if (username) items.push(itemOf(profile, 'username', username));
  return items;
};

/**
 * Transaction items that make the index equal to `profile`: a put (replace) per term, so they
 * also repair items a backfill has not reached yet. Put them in the profile write's transaction,
 * whose condition on the profile (the values read) keeps two concurrent writes from leaving stale
 * items behind.
 */
export const userSearchWrites = (profile: SearchableProfile): TransactionWrite[] =>
  userSearchItems(profile).map((item) => UserSearchEntity.put(item));

/**
 * A profile write's condition that the username is still the one read, so index items written
 * from that read cannot bring back a name changed meanwhile (the writer re-reads and retries).
 */
export const usernameIsStill = (
  read: string | undefined,
  attribute: { readonly username: AttributeRef },
  op: ConditionOperators,
): string =>
  read === undefined ? op.notExists(attribute.username) : op.eq(attribute.username, read);

/** Transaction item removing the index item of a username the user no longer holds. */
export const userSearchUsernameRemoval = (userId: string, username: string): TransactionWrite => {
  const term = username.toLowerCase();
  return UserSearchEntity.delete({ search_shard: term.charAt(0), term, user_id: userId });
};

/** Transaction item removing the index item of an e-mail address the user no longer has. */
export const userSearchEmailRemoval = (userId: string, email: string): TransactionWrite => {
  const term = email.toLowerCase();
  return UserSearchEntity.delete({ search_shard: term.charAt(0), term, user_id: userId });
};

export interface UserSearchHit {
  user_id: string;
  term: string;
}

/**
 * P8: up to `limit` users whose e-mail or username starts with `prefix` (lower-cased, 1+
 * characters), in term order, from the data layer's `cursor` on; role and approval are filters.
 *
 * A user whose e-mail and username both start with the prefix has two items in the range: the
 * username item is filtered out (its `email` starts with the prefix too), so every user is
 * returned once, by the e-mail item, and no page-to-page memory is needed.
 */
export const queryUserSearch = async (input: {
  prefix: string;
  role: Role | null;
  approval: SellerApprovalFilter;
  limit: number;
  cursor: string | null;
}): Promise<{ hits: UserSearchHit[]; cursor: string | null }> => {
  const { prefix, role, approval } = input;
  const { data, cursor } = await UserSearchEntity.query
    .byTerm({ search_shard: prefix.charAt(0) })
    .begins({ term: prefix })
    .where((attribute, op) =>
      [
        `NOT (${op.eq(attribute.kind, 'username')} AND ${op.begins(attribute.email, prefix)})`,
        ...(role ? [op.eq(attribute.role, role)] : []),
        ...(approval === 'all'
          ? []
          : [op.eq(attribute.is_seller_approved, approval === 'approved')]),
      ].join(' AND '),
    )
    .go({ limit: input.limit, cursor: input.cursor, attributes: ['user_id', 'term'] });
  return { hits: data, cursor };
};

export type { UserSearchItem };

const BACKFILL_PAGE = 100;
const BACKFILL_PARALLEL = 8;
const BACKFILL_ATTEMPTS = 3;

/** One profile's index items, written only if the profile is still as read (`updated_at`). */
const backfillOne = async (read: ProfileItem): Promise<boolean> => {
  let codes: unknown;
  return retry<boolean>(
    async (attempt) => {
      // A lost race reads the profile again; one gone since is not indexed.
      const seen =
        attempt === 1
          ? read
          : (await ProfileEntity.get({ id: read.id }).go({ consistent: true })).data;
      if (!seen) return false;
      const result = await transactWrite({
        // A no-op write whose condition is the guard: every profile write sets `updated_at`.
        // Setting the username again writes both keys of the username index: a profile whose
        // username was changed before the data layer wrote them together has no gsi1sk, so its
        // public page answered "Seller not found" until this ran.
        profile: ProfileEntity.patch({ id: seen.id })
          .set({
            updated_at: seen.updated_at,
            ...(seen.username === undefined ? {} : { username: seen.username }),
          })
          .where(({ updated_at }, { eq }) => eq(updated_at, seen.updated_at)),
        search: userSearchWrites(seen),
      });
      if (!result.canceled) return true;
      codes = result.codes;
      return RETRY;
    },
    {
      attempts: BACKFILL_ATTEMPTS,
      baseDelayMs: 0,
      exhausted: () =>
        new Error(`Search items of ${read.id} not written: ${JSON.stringify(codes)}`),
    },
  );
};

/**
 * The backfill (docs/operations.md, "User search index"): the search index items of every
 * profile, and both keys of its username index, role partition by role partition (P6 pages). Each profile's items go in a transaction
 * conditioned on the profile's `updated_at` as read, so a profile changed meanwhile is re-read,
 * never indexed from a stale read. Idempotent: run it as often as needed.
 */
export const backfillUserSearch = async (roles: readonly Role[]): Promise<number> => {
  let written = 0;
  for (const role of roles) {
    let cursor: string | null = null;
    do {
      const page: { data: ProfileItem[]; cursor: string | null } = await ProfileEntity.query
        .byRole({ role })
        .go({ limit: BACKFILL_PAGE, cursor });
      for (let start = 0; start < page.data.length; start += BACKFILL_PARALLEL) {
        const done = await Promise.all(
          page.data.slice(start, start + BACKFILL_PARALLEL).map(backfillOne),
        );
        written += done.filter(Boolean).length;
      }
      cursor = page.cursor;
    } while (cursor !== null);
  }
  return written;
};
