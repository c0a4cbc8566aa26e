/**
 * User management in the admin dashboard: the list's
 * filters, the role change and the seller approval, shared by the admin page and the API.
 */
import * as z from 'zod';
import { PLANS, type PlanType } from './plans';
import { ROLES, type Role } from './profile';

export const ADMIN_USER_ROLE_FILTERS = ['all', ...ROLES] as const;
export type AdminUserRoleFilter = (typeof ADMIN_USER_ROLE_FILTERS)[number];

export const SELLER_APPROVAL_FILTERS = ['all', 'approved', 'not_approved'] as const;
export type SellerApprovalFilter = (typeof SELLER_APPROVAL_FILTERS)[number];

/** Users per page at most. */
export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USER_SEARCH_MAX = 100;

export const ADMIN_USER_MESSAGES = {
  /** The product's texts. */
  loadFailed: 'Failed to load users. Please try again.',
  roleFailed: 'Failed to update user role',
  approvalFailed: 'Failed to update seller approval status',
  /** Our own texts where the product fixes none. */
  roleInvalid: `Choose one of the roles: ${ROLES.join(', ')}.`,
  approvedInvalid: 'approved must be true or false.',
  userNotFound: 'User not found.',
  ownAdminRole: 'You cannot remove your own admin role. Ask another admin to do it.',
  notSeller: 'Only sellers (roles seller and both) can be approved or revoked as sellers.',
  noPoolUser: 'This user has no sign-in account, so their role cannot be changed.',
  closedAccount: 'This account is closed, so it cannot be approved as a seller.',
  changedConcurrently:
    "The user's role was changed at the same time by someone else. Reload and try again.",
} as const;

/** The Users tab's Plan column: the plan's name, or that the user has none. */
export const adminPlanLabel = (plan: PlanType | null): string =>
  plan === null ? 'No plan' : (PLANS.find((candidate) => candidate.id === plan)?.name ?? plan);

/** One user as the admin list shows it: an explicit allow-list of the profile's fields. */
export interface AdminUser {
  id: string;
  email: string;
  username: string | null;
  display_name: string | null;
  role: Role;
  is_seller_approved: boolean;
  downloads_remaining: number;
  /** Set on a beta-access account (ISO): when it is removed. */
  beta_expires_at: string | null;
  /** Set when the account was removed. */
  closed_at: string | null;
  /**
   * The plan of the user's current subscription (active, or a renewal Stripe is still retrying),
   * null without one: the Users tab's Plan column shows its name.
   */
  plan: PlanType | null;
  created_at: string;
}

export interface AdminUserPage {
  /** Newest first; for a search in the order of the matched e-mail or username. */
  items: AdminUser[];
  /** The next page's cursor, or `null` at the end (the page before it may be short or empty). */
  cursor: string | null;
}

export const adminUsersQuerySchema = z.object({
  role: z
    .enum(ADMIN_USER_ROLE_FILTERS, {
      error: `role must be one of ${ADMIN_USER_ROLE_FILTERS.join(', ')}.`,
    })
    .default('all'),
  seller_approval: z
    .enum(SELLER_APPROVAL_FILTERS, {
      error: `seller_approval must be one of ${SELLER_APPROVAL_FILTERS.join(', ')}.`,
    })
    .default('all'),
  /** Prefix of the e-mail or the username, case-insensitive; blank means no search. */
  search: z
    .string()
    .trim()
    .max(ADMIN_USER_SEARCH_MAX, `Search for at most ${ADMIN_USER_SEARCH_MAX} characters.`)
    .optional(),
  cursor: z.string().max(4_096).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const userRoleChangeSchema = z.object({
  role: z.enum(ROLES, { error: ADMIN_USER_MESSAGES.roleInvalid }),
});
export type UserRoleChange = z.infer<typeof userRoleChangeSchema>;

export const sellerApprovalChangeSchema = z.object({
  approved: z.boolean({ error: ADMIN_USER_MESSAGES.approvedInvalid }),
});
export type SellerApprovalChange = z.infer<typeof sellerApprovalChangeSchema>;

/** `/api/admin/users/{id}/…`: an id of no profile is simply not found (404). */
export const adminUserPathSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, ADMIN_USER_MESSAGES.userNotFound)
    .max(128, ADMIN_USER_MESSAGES.userNotFound),
});
