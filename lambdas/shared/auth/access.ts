/**
 * Access rules per route level (lambdas/shared/routes.ts). API Gateway only proves who the caller
 * is; whether they may act as a seller or an admin is decided here from their profile, because
 * roles and seller approval change without a new token.
 */
import type { Access } from '../design/routes';
import { hasAdminRights, isSellerRole, type Profile } from '../contracts/profile';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AuthContext } from './claims';

export const SELLER_REQUIRED_MESSAGE =
  'Seller approval required: only approved sellers can do this.';
export const ADMIN_REQUIRED_MESSAGE = 'Access denied: this needs the admin or both role.';

/** Levels whose check needs the caller's profile. */
export const accessNeedsProfile = (access: Access): boolean =>
  access === 'seller' || access === 'admin';

type AccessProfile = Pick<Profile, 'role' | 'is_seller_approved' | 'beta_expires_at'>;

export const isApprovedSeller = (profile: Pick<Profile, 'role' | 'is_seller_approved'>): boolean =>
  profile.is_seller_approved && isSellerRole(profile.role);

/**
 * Throws `UnauthorizedError` (no identity) or `ForbiddenError` (identity without the right).
 * `profile` must be given for `seller` and `admin` routes.
 */
export const assertAccess = (
  access: Access,
  auth: AuthContext | null,
  profile: AccessProfile | null,
): void => {
  if (access === 'public') return;
  if (!auth) throw new UnauthorizedError();
  if (access === 'seller' && !(profile && isApprovedSeller(profile))) {
    throw new ForbiddenError(SELLER_REQUIRED_MESSAGE);
  }
  if (access === 'admin' && !(profile && hasAdminRights(profile))) {
    throw new ForbiddenError(ADMIN_REQUIRED_MESSAGE);
  }
};
