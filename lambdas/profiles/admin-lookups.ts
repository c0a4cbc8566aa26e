/**
 * Profile reads of the admin area's lists: the sellers named in the moderation queue
 * (with their e-mail, which admins may see) and the overview's newest users (P9). Reads only; the
 * profiles domain stays the one writer of profiles.
 */
import type { Role } from '../../contract/profile';
import { ROLES } from '../../contract/profile';
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

/**
 * P9: the `limit` newest users: one Query per role partition (gsi2, newest first, `limit` each),
 * merged; at most 4 × `limit` items read, whatever the number of users.
 */
export const listNewestUsers = async (limit: number): Promise<NewUser[]> => {
  const perRole = await Promise.all(
    ROLES.map(async (role: Role) => {
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
    }),
  );
  return perRole
    .flat()
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .slice(0, limit);
};

/**
 * Who receives the admins' notifications (a new contact message): every user with admin rights
 * (roles admin and both), except closed and beta-access accounts, which have none. Two queries of
 * the role partitions (gsi2), ids only.
 */
export const listAdminIds = async (): Promise<string[]> => {
  const perRole = await Promise.all(
    (['admin', 'both'] as const).map(async (role) => {
      const { data } = await ProfileEntity.query
        .byRole({ role })
        .where(
          ({ closed_at, beta_expires_at }, { notExists }) =>
            `${notExists(closed_at)} AND ${notExists(beta_expires_at)}`,
        )
        .go({ pages: 'all', attributes: ['id'] });
      return data.map((item) => item.id);
    }),
  );
  return perRole.flat();
};
