/**
 * User management in the admin dashboard: the user list with its filters and
 * search, the role change (Cognito group and profile kept equal) and the seller approval. Every
 * change carries its audit entry in its own transaction.
 */
import { auditPersonName, auditWrite } from '../shared/audit';
import { setPoolUserRoleGroup } from '../shared/adapters/user-pool';
import {
  ADMIN_USER_MESSAGES,
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUserPage,
  type AdminUsersQuery,
} from '../../contract/admin-users';
import type { PlanType } from '../../contract/plans';
import { ROLES, type Role } from '../../contract/profile';
import { blocksNewSubscription } from '../../contract/subscriptions';
import { getSubscriptionView } from '../ledger/service';
import {
  ConflictError,
  DependencyFailedError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import { INVALID_CURSOR_MESSAGE, openCursor, sealCursor } from '../shared/http/cursor';
import { logger } from '../shared/observability';
import { CONFLICT_DELAY_MS, RETRY, retry } from '../shared/retry';
import {
  changeProfileRole,
  getAdminListProfiles,
  queryProfilesOfRole,
  roleCursorAt,
  type AdminListProfile,
} from './admin-users-repo';
import { getProfileById, type ProfileItem } from './repo';
import { queryUserSearch } from './search-repo';
import { remainingDownloadsOf } from './entitlement-read';

export interface AdminActor {
  userId: string;
  email: string;
}

/**
 * The plan of the user's current subscription (active or trialing, or a renewal Stripe is still
 * retrying: it still blocks a second one), null without one.
 */
export const planOfUser = async (userId: string): Promise<PlanType | null> => {
  const view = await getSubscriptionView(userId);
  return view.status !== null && blocksNewSubscription(view.status) ? view.plan_type : null;
};

/** What the admin list shows of a user besides the profile: their plan and downloads left. */
export interface UserStanding {
  plan: PlanType | null;
  downloadsRemaining: number;
}

/**
 * Users of a page with their plans (one small read per user, in parallel: a page is 20) and their
 * downloads left (one batch read of their entitlements).
 */
const withPlans = async (items: readonly AdminListProfile[]): Promise<AdminUser[]> => {
  const [plans, remaining] = await Promise.all([
    Promise.all(items.map((item) => planOfUser(item.id))),
    remainingDownloadsOf(items),
  ]);
  return items.map((item, index) =>
    toAdminUser(item, { plan: plans[index]!, downloadsRemaining: remaining.get(item.id) ?? 0 }),
  );
};

/** One user's {@link UserStanding}. */
export const standingOfUser = async (user: AdminListProfile): Promise<UserStanding> => {
  const [plan, remaining] = await Promise.all([planOfUser(user.id), remainingDownloadsOf([user])]);
  return { plan, downloadsRemaining: remaining.get(user.id) ?? 0 };
};

export const toAdminUser = (item: AdminListProfile, standing: UserStanding): AdminUser => ({
  id: item.id,
  email: item.email,
  username: item.username ?? null,
  display_name: item.display_name ?? null,
  role: item.role,
  is_seller_approved: item.is_seller_approved,
  downloads_remaining: standing.downloadsRemaining,
  beta_expires_at: item.beta_expires_at ?? null,
  closed_at: item.closed_at ?? null,
  plan: standing.plan,
  created_at: item.created_at,
});

/**
 * Where each role partition goes on: the data layer's cursor, `null` from its start; a role left
 * out is finished.
 */
type Positions = Partial<Record<Role, string | null>>;

const encodePositions = (positions: Positions): string =>
  Buffer.from(JSON.stringify(positions), 'utf8').toString('base64url');

const decodePositions = (position: string, roles: readonly Role[]): Positions => {
  const refuse = () =>
    new ValidationError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(position, 'base64url').toString('utf8'));
  } catch (_error) {
    throw refuse();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse();
  const positions: Positions = {};
  for (const [role, value] of Object.entries(parsed)) {
    if (!roles.includes(role as Role) || (value !== null && typeof value !== 'string')) {
      throw refuse();
    }
    positions[role as Role] = value as string | null;
  }
  return positions;
};

interface RoleRead {
  role: Role;
  start: string | null;
  /** Profiles, newest first, in the partition's order. */
  items: AdminListProfile[];
  /** The data layer's cursor after the last profile read, `null` at the partition's end. */
  end: string | null;
  /** `created_at` of the last profile read: nothing unread in this partition is newer. */
  frontier: string | null;
}

const readRole = async (
  role: Role,
  start: string | null,
  query: AdminUsersQuery,
): Promise<RoleRead> => {
  const page = await queryProfilesOfRole({
    role,
    approval: query.seller_approval,
    limit: ADMIN_USERS_PAGE_SIZE,
    cursor: start,
  });
  return {
    role,
    start,
    items: page.items,
    end: page.cursor,
    frontier: page.items.at(-1)?.created_at ?? null,
  };
};

/**
 * A search (P8, through the UserSearch index): users whose e-mail or username starts with the
 * text, case-insensitive, in the order of the matched term (alphabetical, then user id), each
 * user once; the role and approval filters apply to the index items. A page holds up to the page
 * size; the cursor is the index's own position, sealed.
 */
const searchAdminUsers = async (
  query: AdminUsersQuery,
  search: string,
  binding: string,
): Promise<AdminUserPage> => {
  const position = await openCursor(query.cursor, binding);
  const found = await queryUserSearch({
    prefix: search,
    role: query.role === 'all' ? null : query.role,
    approval: query.seller_approval,
    limit: ADMIN_USERS_PAGE_SIZE,
    cursor: position ?? null,
  });
  const profiles = new Map(
    (await getAdminListProfiles(found.hits.map((hit) => hit.user_id))).map((item) => [
      item.id,
      item,
    ]),
  );
  return {
    // A profile TTL has just removed (its index items go with it) is left out.
    items: await withPlans(
      found.hits.flatMap((hit) => {
        const profile = profiles.get(hit.user_id);
        return profile ? [profile] : [];
      }),
    ),
    cursor: await sealCursor(found.cursor, binding),
  };
};

/**
 * `GET /api/admin/users`: users newest first, filtered by role (P6; `all` merges the four role
 * partitions, P7) and seller approval; a search by e-mail or username prefix reads the UserSearch
 * index instead (P8, `searchAdminUsers`).
 *
 * 1. Open the cursor (bound to the admin and the filters): each role partition's position.
 * 2. Read a page's worth of each partition from its position.
 * 3. Merge newest first, but only down to the oldest profile read of any partition that has more:
 *    below it that partition may hold newer unread users. Take a page.
 * 4. Each partition goes on after the last profile taken from it (or after all it read).
 */
export const listAdminUsers = async (
  adminId: string,
  query: AdminUsersQuery,
): Promise<AdminUserPage> => {
  const roles: readonly Role[] = query.role === 'all' ? ROLES : [query.role];
  const search = query.search?.toLowerCase() || null;
  const binding = `admin-users|${adminId}|${query.role}|${query.seller_approval}|${search ?? ''}`;
  if (search) return searchAdminUsers(query, search, binding);
  const position = await openCursor(query.cursor, binding);
  const positions: Positions = position
    ? decodePositions(position, roles)
    : Object.fromEntries(roles.map((role) => [role, null]));
  const reads = await Promise.all(
    roles
      .filter((role) => positions[role] !== undefined)
      .map((role) => readRole(role, positions[role] ?? null, query)),
  );
  const bound = reads
    .filter((read) => read.end !== null && read.frontier !== null)
    .map((read) => read.frontier!)
    .reduce<string | null>(
      (high, frontier) => (high === null || frontier > high ? frontier : high),
      null,
    );
  // A stable sort keeps each partition's own order among equal creation times.
  const page = reads
    .flatMap((read) => read.items)
    .filter((item) => bound === null || item.created_at >= bound)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
    .slice(0, ADMIN_USERS_PAGE_SIZE);

  const taken = new Set(page.map((item) => item.id));
  const next: Positions = {};
  for (const read of reads) {
    const mine = read.items.filter((item) => taken.has(item.id));
    if (mine.length === read.items.length) {
      if (read.end !== null) next[read.role] = read.end;
    } else {
      next[read.role] = mine.length > 0 ? roleCursorAt(mine.at(-1)!) : read.start;
    }
  }
  const more = Object.keys(next).length > 0;
  return {
    items: await withPlans(page),
    cursor: more ? await sealCursor(encodePositions(next), binding) : null,
  };
};

/** The user's stored profile, or 404 (`userNotFound`). */
export const requireUser = async (id: string): Promise<ProfileItem> => {
  const item = await getProfileById(id);
  if (!item) throw new NotFoundError(ADMIN_USER_MESSAGES.userNotFound);
  return item;
};

/** Both sides of a role change: the Cognito group; `absent` when the pool has no such user. */
export const setGroup = async (id: string, role: Role): Promise<void> => {
  if ((await setPoolUserRoleGroup(id, role, ROLES)) === 'absent') {
    throw new ConflictError(ADMIN_USER_MESSAGES.noPoolUser);
  }
};

const ROLE_CHANGE_ATTEMPTS = 3;

/**
 * `PATCH /api/admin/users/{id}/role` (P12): the Cognito group and the profile's role together.
 *
 * 1. Refuse an admin taking their own admin rights away (role admin or both keeps them).
 * 2. Put the user in the new group (and out of the other role groups): idempotent, so a retry of
 *    a half-done change converges.
 * 3. The profile's role (condition `role = :old` and the username read), the `users` counters,
 *    the search index items and the audit entry in one transaction. A profile changed meanwhile is re-read and the change retried.
 * 4. If the profile cannot be written, the group goes back to the profile's stored role, so the
 *    two are equal whatever failed; the product's error text is answered.
 */
export const changeUserRole = async (
  actor: AdminActor,
  id: string,
  role: Role,
): Promise<AdminUser> => {
  if (id === actor.userId && role !== 'admin' && role !== 'both') {
    throw new ConflictError(ADMIN_USER_MESSAGES.ownAdminRole);
  }
  const read = await requireUser(id);
  await setGroup(id, role);
  try {
    let codes: unknown;
    return await retry(
      async (attempt) => {
        // A lost race reads the profile again, after the pause that let the other write finish.
        const current = attempt === 1 ? read : await requireUser(id);
        // Already in that role: Cognito has just been made equal to it.
        if (current.role === role) return toAdminUser(current, await standingOfUser(current));
        const now = new Date().toISOString();
        const result = await changeProfileRole({
          id,
          profile: current,
          from: current.role,
          to: role,
          now,
          audit: auditWrite({
            actor,
            action: 'user.role',
            target: { type: 'user', id, name: auditPersonName(current) },
            before: { role: current.role },
            after: { role },
            now,
          }),
        });
        if (!result.canceled)
          return toAdminUser({ ...current, role }, await standingOfUser(current));
        codes = result.codes;
        return RETRY;
      },
      {
        attempts: ROLE_CHANGE_ATTEMPTS,
        baseDelayMs: CONFLICT_DELAY_MS,
        exhausted: () => new Error(`Role change not stored: ${JSON.stringify(codes)}`),
      },
    );
  } catch (error) {
    const stored = await getProfileById(id).catch(() => null);
    if (stored) {
      await setGroup(id, stored.role).catch((restoreError: unknown) => {
        logger.error('The Cognito group was not set back after a failed role change', {
          userId: id,
          error: restoreError instanceof Error ? restoreError.name : String(restoreError),
        });
      });
    }
    logger.error('Role change failed', {
      userId: id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new DependencyFailedError(ADMIN_USER_MESSAGES.roleFailed);
  }
};
