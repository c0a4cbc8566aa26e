/** Roles and the profile shape the API returns to its owner. */
export const ROLES = ['buyer', 'seller', 'both', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a visitor may pick on the sign-up screen. */
export const SIGN_UP_ROLES = ['buyer', 'seller'] as const;

export interface SocialLinks {
  twitter?: string;
  linkedin?: string;
  github?: string;
}

export interface Profile {
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
  role: Role;
  downloads_remaining: number;
  download_quota: number;
  daily_download_limit: number | null;
  last_download_date: string | null;
  last_quota_reset_at: string | null;
  is_seller_approved: boolean;
  created_at: string;
  updated_at: string;
}

/** Roles that carry admin rights (the spec gives `both` the admin dashboard). */
export const hasAdminRights = (role: Role): boolean => role === 'admin' || role === 'both';
/** Roles that act as a seller. */
export const isSellerRole = (role: Role): boolean => role === 'seller' || role === 'both';
