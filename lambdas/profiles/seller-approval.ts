/**
 * A seller's approval as an admin decides it (P13, P14 with A4): approving or revoking from the
 * Users tab, and the grant that makes a user an approved seller (role group, profile, counters and
 * the caller's items of the same decision in one transaction).
 */
import { auditPersonName, auditWrite } from '../shared/audit';
import { ADMIN_USER_MESSAGES, type AdminUser } from '../../contract/admin-users';
import { isSellerRole, type Role } from '../../contract/profile';
import { ConflictError } from '../shared/errors';
import type { TransactionItems, TransactionResult } from '../shared/db/transaction';
import { logger } from '../shared/observability';
import { grantSellerProfile, setSellerApproval } from './admin-users-repo';
import { requireUser, setGroup, standingOfUser, toAdminUser, type AdminActor } from './admin-users';

/**
 * `POST /api/admin/users/{id}/seller-approval` (P13 with A4): approves or revokes a seller (roles
 * seller and both only); the caller's items of the same decision (the seller application's, when
 * there is one: `decisionItems`, given the change's time) go in the same transaction, with the
 * audit entry. Setting the approval it already has changes nothing.
 */
export const setUserSellerApproval = async (
  actor: AdminActor,
  id: string,
  approved: boolean,
  decisionItems: (now: string) => TransactionItems,
): Promise<AdminUser> => {
  const user = await requireUser(id);
  if (!isSellerRole(user.role)) throw new ConflictError(ADMIN_USER_MESSAGES.notSeller);
  const standing = await standingOfUser(user);
  if (user.is_seller_approved === approved) return toAdminUser(user, standing);
  if (approved && user.closed_at) throw new ConflictError(ADMIN_USER_MESSAGES.closedAccount);
  const now = new Date().toISOString();
  const result = await setSellerApproval({
    id,
    profile: user,
    role: user.role,
    from: user.is_seller_approved,
    to: approved,
    now,
    with: decisionItems(now),
    audit: auditWrite({
      actor,
      action: approved ? 'user.seller_approve' : 'user.seller_revoke',
      target: { type: 'user', id, name: auditPersonName(user) },
      before: { is_seller_approved: user.is_seller_approved },
      after: { is_seller_approved: approved },
      now,
    }),
  });
  if (result.canceled) {
    logger.warn('Seller approval not stored', { userId: id, codes: result.codes });
    throw new ConflictError(ADMIN_USER_MESSAGES.approvalFailed);
  }
  return toAdminUser({ ...user, is_seller_approved: approved }, standing);
};

/**
 * The role an approved seller gets: seller rights added to the ones they had. Role `both` carries
 * admin rights here (`hasAdminRights`, contracts/profile.ts), so a buyer becomes `seller` (a
 * seller may still buy, download and deploy) and only an admin becomes `both`.
 */
export const roleWithSellerRights = (role: Role): Role =>
  role === 'admin' || role === 'both' ? 'both' : 'seller';

/** What a seller grant changes, for the caller's audit entry and notification. */
export interface SellerGrant {
  fromRole: Role;
  toRole: Role;
  /** Set when the grant gave the profile its display name. */
  displayName: string | null;
}

/**
 * Makes a user an approved seller (P13a), for the seller application's decision, which owns the
 * rest of the transaction (`with`).
 *
 * 1. Read the profile (a closed account is refused); the new role is `roleWithSellerRights` of
 *    the stored one.
 * 2. When the role moves, put the user in the new Cognito group first (idempotent, as a role
 *    change does), so the group never lags a stored role.
 * 3. One transaction: the profile (role, approval, the display name when it has none), its search
 *    items and counters, and the caller's items.
 * 4. If the transaction is cancelled, the group goes back to the stored role and the result is
 *    handed back, so the caller can tell which of its items refused.
 */
export const grantSellerApproval = async (input: {
  id: string;
  /** The applicant's name, used when the profile has no display name yet. */
  fullName?: string;
  with: (grant: SellerGrant) => TransactionItems;
}): Promise<{ user: AdminUser; grant: SellerGrant; result: TransactionResult }> => {
  const user = await requireUser(input.id);
  // A closed account can no longer sell: nothing is granted (the Users tab offers no approval).
  if (user.closed_at) throw new ConflictError(ADMIN_USER_MESSAGES.closedAccount);
  const toRole = roleWithSellerRights(user.role);
  const displayName = !user.display_name && input.fullName ? input.fullName : null;
  const grant: SellerGrant = { fromRole: user.role, toRole, displayName };
  if (toRole !== user.role) await setGroup(input.id, toRole);
  const now = new Date().toISOString();
  let result: TransactionResult;
  try {
    result = await grantSellerProfile({
      id: input.id,
      profile: user,
      from: user.role,
      to: toRole,
      ...(displayName !== null && { displayName }),
      now,
      with: input.with(grant),
    });
  } catch (error) {
    await restoreGroup(input.id, toRole, user.role);
    throw error;
  }
  if (result.canceled) await restoreGroup(input.id, toRole, user.role);
  return {
    user: toAdminUser(
      {
        ...user,
        role: toRole,
        is_seller_approved: true,
        ...(displayName !== null && { display_name: displayName }),
      },
      await standingOfUser(user),
    ),
    grant,
    result,
  };
};

/** Puts the Cognito group back after a grant that was not stored; logged, never thrown. */
const restoreGroup = async (id: string, moved: Role, stored: Role): Promise<void> => {
  if (moved === stored) return;
  await setGroup(id, stored).catch((error: unknown) => {
    logger.error('The Cognito group was not set back after a failed seller grant', {
      userId: id,
      error: error instanceof Error ? error.name : String(error),
    });
  });
};
