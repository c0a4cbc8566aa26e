/**
 * Accounts that arrive whole (the local demo data): their profile is the default profile of
 * `defaultProfileItem` with the account's own settings on top, and their username is claimed like
 * any other (docs/data-model.md, section 3.2). Idempotent: an existing profile is left as it is.
 * Their quota is their entitlement, which the downloads domain imports (`importEntitlement`).
 */
import type { Role } from '../../contract/profile';
import { createProfileWithClaim } from './repo';
import { defaultProfileItem } from './service';

export interface ProfileImport {
  id: string;
  email: string;
  role: Role;
  username?: string;
  displayName?: string;
  bio?: string;
  websiteUrl?: string;
  isSellerApproved: boolean;
}

/** Creates the profile unless it exists; returns whether it was written. */
export const importProfile = async (account: ProfileImport, now: string): Promise<boolean> =>
  createProfileWithClaim({
    ...defaultProfileItem({ userId: account.id, email: account.email, signUpRole: null }, now),
    role: account.role,
    username: account.username,
    display_name: account.displayName,
    bio: account.bio,
    website_url: account.websiteUrl,
    is_seller_approved: account.isSellerApproved,
  });
