/**
 * Profile reads of the admin area's lists: the sellers named in the moderation queue
 * (with their e-mail, which admins may see) and the overview's newest users (P9). Reads only; the
 * profiles domain stays the one writer of profiles. The queries are admin-lookups-repo.ts.
 */
import type { Role } from '../../contract/profile';
import { ROLES } from '../../contract/profile';
import { listNewestUsersOfRole, listOpenUserIdsOfRole, type NewUser } from './admin-lookups-repo';

export { getUserContacts, type NewUser, type UserContact } from './admin-lookups-repo';

/**
 * P9: the `limit` newest users: one Query per role partition (`limit` each), merged; at most
 * 4 × `limit` items read, whatever the number of users.
 */
export const listNewestUsers = async (limit: number): Promise<NewUser[]> => {
  const perRole = await Promise.all(ROLES.map((role: Role) => listNewestUsersOfRole(role, limit)));
  return perRole
    .flat()
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .slice(0, limit);
};

/**
 * Who receives the admins' notifications (a new contact message): every user with admin rights
 * (roles admin and both), except closed and beta-access accounts, which have none. Two queries of
 * the role partitions, ids only.
 */
export const listAdminIds = async (): Promise<string[]> => {
  const perRole = await Promise.all(
    (['admin', 'both'] as const).map((role) => listOpenUserIdsOfRole(role)),
  );
  return perRole.flat();
};
