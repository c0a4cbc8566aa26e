/**
 * The role part of each access policy (contract/routes), checked once by the
 * shared HTTP chain. API Gateway only proves who the caller is; whether they may act as a seller
 * or an admin is decided here from their profile, because roles and seller approval change
 * without a new token. Ownership (`owner-or-admin`) is the service's, with `mayActAsOwner`.
 */
import type { Access } from '../../../contract/routes';
import { hasAdminRights, isSellerRole, type UserProfile } from '../../../contract/profile';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AuthContext } from './claims';

export const SELLER_REQUIRED_MESSAGE =
  'Seller approval required: only approved sellers can do this.';
export const ADMIN_REQUIRED_MESSAGE = 'Access denied: this needs the admin or both role.';

/** Policies whose check needs the caller's profile (the chain loads it and hands it on). */
export const accessNeedsProfile = (access: Access): boolean =>
  access !== 'public' && access !== 'user';

type AccessProfile = Pick<UserProfile, 'role' | 'is_seller_approved' | 'beta_expires_at'>;

export const isApprovedSeller = (
  profile: Pick<UserProfile, 'role' | 'is_seller_approved'>,
): boolean => profile.is_seller_approved && isSellerRole(profile.role);

/**
 * Throws `UnauthorizedError` (no identity) or `ForbiddenError` (identity without the right).
 * `profile` must be given for every policy `accessNeedsProfile` names.
 */
export const assertAccess = (
  access: Access,
  auth: AuthContext | null,
  profile: AccessProfile | null,
): void => {
  if (access === 'public') return;
  if (!auth) throw new UnauthorizedError();
  if (access === 'user') return;
  // Without a profile nothing but `user` holds (fail closed).
  const seller = profile !== null && isApprovedSeller(profile);
  const admin = profile !== null && hasAdminRights(profile);
  switch (access) {
    case 'approved-seller':
      if (!seller) throw new ForbiddenError(SELLER_REQUIRED_MESSAGE);
      return;
    case 'approved-seller-or-admin':
      if (!seller && !admin) throw new ForbiddenError(SELLER_REQUIRED_MESSAGE);
      return;
    case 'admin':
      if (!admin) throw new ForbiddenError(ADMIN_REQUIRED_MESSAGE);
      return;
    case 'owner-or-admin':
      if (!profile) throw new ForbiddenError(ADMIN_REQUIRED_MESSAGE);
      return;
  }
};

/**
 * The service's half of `owner-or-admin`: the caller owns the thing (and, for a seller's template,
 * is still an approved seller) or has admin rights. A beta account has no admin rights, so it
 * reaches only its own.
 */
export const mayActAsOwner = (
  profile: AccessProfile & { id: string },
  ownerId: string,
  options: { ownerMustBeApprovedSeller?: boolean } = {},
): boolean =>
  hasAdminRights(profile) ||
  (profile.id === ownerId && (!options.ownerMustBeApprovedSeller || isApprovedSeller(profile)));
