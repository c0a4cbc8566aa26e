/** How user management reads: filter labels, and what can be done to whom. */
import type { AdminUserRoleFilter, SellerApprovalFilter } from '@contract/admin-users';
import { isSellerRole, type Role } from '@contract/profile';

export const ROLE_FILTER_LABELS: Record<AdminUserRoleFilter, string> = {
  all: 'All',
  buyer: 'Buyers',
  seller: 'Sellers',
  admin: 'Admins',
  both: 'Both',
};

export const APPROVAL_FILTER_LABELS: Record<SellerApprovalFilter, string> = {
  all: 'Any approval',
  approved: 'Approved sellers',
  not_approved: 'Not approved',
};

/** How a role reads in the tab (the select, the badges, the outcome line). */
export const ROLE_LABELS: Record<Role, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  both: 'Buyer and seller',
  admin: 'Admin',
};

export const ROLE_PALETTE: Record<Role, string> = {
  buyer: 'gray',
  seller: 'blue',
  admin: 'purple',
  both: 'pink',
};

/**
 * Approve or revoke is offered to sellers only (roles seller and both), and never on a closed
 * account: it can no longer sell (the API refuses the approval too).
 */
export const sellerApprovalAction = (user: {
  role: Role;
  is_seller_approved: boolean;
  closed_at?: string | null;
}): 'approve' | 'revoke' | null =>
  !isSellerRole(user.role) || user.closed_at
    ? null
    : user.is_seller_approved
      ? 'revoke'
      : 'approve';
