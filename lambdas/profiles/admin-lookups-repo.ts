/**
 * Profile reads of the admin area's lists: the data access of admin-lookups.ts (P9 and the
 * contacts' BatchGetItem). Reads only.
 */
import type { Role } from '../../contract/profile';
import { ProfileEntity, type ProfileItem } from '../shared/db/entities/profile';

/** What an admin list shows of a user. */
export type UserContact = Pick<ProfileItem, 'id' | 'email' | 'username' | 'display_name'>;

export type NewUser = UserContact & Pick<ProfileItem, 'role' | 'is_seller_approved' | 'created_at'>;

/** The contacts of many users by id (BatchGetItem, retried for unprocessed keys). */
export const getUserContacts = async (
  ids: readonly string[],
): Promise<Map<string, UserContact>> => {
  const items = await ProfileEntity.batchGetAll(
    [...new Set(ids)].map((id) => ({ id })),
    { attributes: ['id', 'email', 'username', 'display_name'] },
  );
  return new Map(items.map((item) => [item.id, item]));
};

/** P9, one role: the `limit` newest users of a role partition (gsi2, newest first). */
export const listNewestUsersOfRole = async (role: Role, limit: number): Promise<NewUser[]> => {
  const { data } = await ProfileEntity.query.byRole({ role }).go({
    order: 'desc',
    limit,
    attributes: [
      'id',
      'email',
      'username',
      'display_name',
      'role',
      'is_seller_approved',
      'created_at',
    ],
  });
  return data;
};

/** The ids of a role partition's users (gsi2, all pages), except closed and beta-access accounts. */
export const listOpenUserIdsOfRole = async (role: Role): Promise<string[]> => {
  const { data } = await ProfileEntity.query
    .byRole({ role })
    .where(
      ({ closed_at, beta_expires_at }, { notExists }) =>
        `${notExists(closed_at)} AND ${notExists(beta_expires_at)}`,
    )
    .go({ pages: 'all', attributes: ['id'] });
  return data.map((item) => item.id);
};
