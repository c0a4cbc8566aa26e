/** Roles and the profile shape the API returns to its owner. */
import { ROLES } from './design/auth-design';

export { ROLES };
export type Role = (typeof ROLES)[number];

/** Roles a visitor may pick on the sign-up screen. */
export const SIGN_UP_ROLES = ['buyer', 'seller'] as const;

export interface SocialLinks {
  twitter?: string;
  linkedin?: string;
  github?: string;
}

/**
 * Who a user is: the profile as every route's access checks load it (the HTTP chain's caller) and
 * as domains read one another's profiles. It carries no download quota: that is the user's
 * entitlement, kept by the downloads domain (docs/data-model.md, section 3.28).
 */
export interface UserProfile {
  id: string;
  email: string;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  profile_picture_url: string | null;
  website_url: string | null;
  social_links: SocialLinks;
  github_username: string | null;
  netlify_site_name: string | null;
  /** The seller has installed the marketplace's GitHub App (the installation id stays ours). */
  github_app_installed: boolean;
  role: Role;
  is_seller_approved: boolean;
  /**
   * Set on a beta-access account only (ISO time): when it and its data are removed. Such an
   * account has role `both` as the product defines it, but seller and buyer rights only, never admin ones.
   */
  beta_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The entitlement's fields in the owner's profile answer, under the names the profile once had. */
export interface ProfileQuota {
  downloads_remaining: number;
  download_quota: number;
  daily_download_limit: number | null;
  last_download_date: string | null;
  last_quota_reset_at: string | null;
}

/**
 * The profile shape the API returns to its owner (`GET /api/me`): who they are and, composed from
 * their entitlement, what they may download.
 */
export interface Profile extends UserProfile, ProfileQuota {}

/**
 * Admin rights (the product gives roles `admin` and `both` the admin dashboard), except for a beta
 * account: anyone can start one, so its `both` never reaches other users' data.
 */
export const hasAdminRights = (profile: Pick<UserProfile, 'role' | 'beta_expires_at'>): boolean =>
  profile.beta_expires_at === null && (profile.role === 'admin' || profile.role === 'both');
/** Roles that act as a seller. */
export const isSellerRole = (role: Role): boolean => role === 'seller' || role === 'both';

/**
 * A public handle for someone with neither a display name nor a username: stable
 * for the account, derived from its id (FNV-1a, base 36), and revealing nothing about the person,
 * unlike a masked e-mail address.
 */
export const publicHandleOf = (userId: string): string => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < userId.length; index += 1) {
    hash ^= userId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `member-${hash.toString(36).padStart(7, '0')}`;
};

/**
 * How a person is named to others (reviews, disputes): display name, else @username, else the
 * generated public handle. Never the e-mail address.
 */
export const publicNameOf = (person: {
  id: string;
  display_name?: string | null;
  username?: string | null;
}): string =>
  person.display_name?.trim() ||
  (person.username ? `@${person.username}` : publicHandleOf(person.id));
