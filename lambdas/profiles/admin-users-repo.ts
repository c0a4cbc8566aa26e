/**
 * Admin user management's data access (docs/data-model.md, section 3.1 P6–P8, P12, P13): the role
 * partitions of gsi2 read newest first, and the two admin writes, each one transaction with its
 * audit entry.
 */
import { CounterEntity } from '../shared/db/entities/counter';
import {
  LegacyProfileEntity,
  ProfileEntity,
  type LegacyProfileItem,
  type ProfileItem,
} from '../shared/db/entities/profile';
import { encodeCursor } from '../shared/db/model';
import {
  transactWrite,
  type TransactionItems,
  type TransactionResult,
  type TransactionWrite,
} from '../shared/db/transaction';
import type { Role } from '../../contract/profile';
import { userSearchWrites, usernameIsStill, type SearchableProfile } from './search-repo';
import type { SellerApprovalFilter } from '../../contract/admin-users';

/**
 * The fields the admin list shows (and its cursors need: id, role, created_at). A profile written
 * before the Entitlement item may still carry `downloads_remaining`: read with the rest, it is
 * the user's while they have no entitlement item (docs/data-model.md, section 3.28).
 */
export const ADMIN_LIST_ATTRIBUTES = [
  'id',
  'email',
  'username',
  'display_name',
  'role',
  'is_seller_approved',
  'downloads_remaining',
  'beta_expires_at',
  'closed_at',
  'created_at',
] as const satisfies readonly (keyof LegacyProfileItem)[];

export type AdminListProfile = Pick<LegacyProfileItem, (typeof ADMIN_LIST_ATTRIBUTES)[number]>;

/**
 * P6 (with P8's approval filter as a FilterExpression): up to `limit` profiles of one role, newest
 * first, from the data layer's `cursor` on. The answer's cursor is `null` after the last one.
 */
export const queryProfilesOfRole = async (input: {
  role: Role;
  approval: SellerApprovalFilter;
  limit: number;
  cursor: string | null;
}): Promise<{ items: AdminListProfile[]; cursor: string | null }> => {
  const query = LegacyProfileEntity.query.byRole({ role: input.role });
  if (input.approval !== 'all') {
    const approved = input.approval === 'approved';
    query.where(({ is_seller_approved }, { eq }) => eq(is_seller_approved, approved));
  }
  const { data, cursor } = await query.go({
    order: 'desc',
    limit: input.limit,
    cursor: input.cursor,
    attributes: ADMIN_LIST_ATTRIBUTES,
  });
  return { items: data, cursor };
};

/**
 * The data layer's cursor standing on `profile` in its role partition (gsi2), so a list merged
 * from several partitions goes on right after the last profile it showed of each.
 */
export const roleCursorAt = (profile: Pick<ProfileItem, 'id' | 'role' | 'created_at'>): string => {
  const byRole = ProfileEntity.definition.indexes.byRole;
  return encodeCursor({
    ...ProfileEntity.keyOf(profile),
    gsi2pk: ProfileEntity.partitionKey(byRole, profile),
    gsi2sk: ProfileEntity.sortKey(byRole, profile),
  })!;
};

/**
 * P12's transaction: the profile's role (condition `role = :old` and the username read, so a
 * concurrent change is refused), the `users` counters of both roles, the user's search index
 * items with the new role, and the audit entry.
 */
export const changeProfileRole = (input: {
  id: string;
  /** The profile as read. */
  profile: SearchableProfile;
  from: Role;
  to: Role;
  now: string;
  audit: TransactionWrite;
}): Promise<TransactionResult> =>
  transactWrite({
    profile: ProfileEntity.patch({ id: input.id })
      .set({ role: input.to, updated_at: input.now })
      .where(
        (attribute, op) =>
          `${op.eq(attribute.role, input.from)} AND ${usernameIsStill(input.profile.username, attribute, op)}`,
      ),
    search: userSearchWrites({ ...input.profile, role: input.to }),
    usersFrom: CounterEntity.update({ name: 'users', bucket: input.from, shard: 0 })
      .add({ value: -1 })
      .set({ updated_at: input.now }),
    usersTo: CounterEntity.update({ name: 'users', bucket: input.to, shard: 0 })
      .add({ value: 1 })
      .set({ updated_at: input.now }),
    audit: input.audit,
  });

/**
 * P13 (with A4): the profile's approval (condition: still a seller role with the approval and the
 * username read, so a concurrent change is refused), the user's search index items, the caller's
 * items of the same decision (the seller application's, A4, when there is one) and the audit entry,
 * in one transaction.
 */
export const setSellerApproval = (input: {
  id: string;
  /** The profile as read. */
  profile: SearchableProfile;
  role: Role;
  from: boolean;
  to: boolean;
  now: string;
  with: TransactionItems;
  audit: TransactionWrite;
}): Promise<TransactionResult> =>
  transactWrite({
    profile: ProfileEntity.patch({ id: input.id })
      .set({ is_seller_approved: input.to, updated_at: input.now })
      .where(
        (attribute, op) =>
          `${op.eq(attribute.role, input.role)} AND ${op.eq(attribute.is_seller_approved, input.from)} AND ${usernameIsStill(input.profile.username, attribute, op)}`,
      ),
    search: userSearchWrites({ ...input.profile, is_seller_approved: input.to }),
    ...input.with,
    audit: input.audit,
  });

/** P17 for the admin list: the list fields of these profiles (BatchGetItem, retried), any order. */
export const getAdminListProfiles = (ids: readonly string[]): Promise<AdminListProfile[]> =>
  LegacyProfileEntity.batchGetAll(
    [...new Set(ids)].map((id) => ({ id })),
    { attributes: ADMIN_LIST_ATTRIBUTES },
  );

/**
 * P14: a user becomes an approved seller: the profile's role and approval (condition: the role,
 * approval and username read, and no display name when one is given, so a concurrent change is
 * refused, never overwritten), the search index items, the `users` counters when the role moves,
 * and the caller's items of the same decision (the application, the audit entry, the
 * notification), in one transaction.
 */
export const grantSellerProfile = (input: {
  id: string;
  /** The profile as read. */
  profile: SearchableProfile;
  from: Role;
  to: Role;
  /** Becomes the display name; only given when the profile has none. */
  displayName?: string;
  now: string;
  with: TransactionItems;
}): Promise<TransactionResult> =>
  transactWrite({
    profile: ProfileEntity.patch({ id: input.id })
      .set({
        role: input.to,
        is_seller_approved: true,
        updated_at: input.now,
        ...(input.displayName !== undefined && { display_name: input.displayName }),
      })
      .where((attribute, op) =>
        [
          op.eq(attribute.role, input.from),
          op.eq(attribute.is_seller_approved, input.profile.is_seller_approved),
          usernameIsStill(input.profile.username, attribute, op),
          ...(input.displayName !== undefined ? [op.notExists(attribute.display_name)] : []),
        ].join(' AND '),
      ),
    search: userSearchWrites({ ...input.profile, role: input.to, is_seller_approved: true }),
    usersFrom:
      input.from !== input.to &&
      CounterEntity.update({ name: 'users', bucket: input.from, shard: 0 })
        .add({ value: -1 })
        .set({ updated_at: input.now }),
    usersTo:
      input.from !== input.to &&
      CounterEntity.update({ name: 'users', bucket: input.to, shard: 0 })
        .add({ value: 1 })
        .set({ updated_at: input.now }),
    ...input.with,
  });
