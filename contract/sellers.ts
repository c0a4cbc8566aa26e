/** `GET /api/sellers/{username}`: the public seller page. No e-mail, ever. */
import type { TemplateSummary } from './catalog';
import type { SocialLinks } from './profile';

export const SELLER_NOT_FOUND_MESSAGE = 'Seller not found or not approved';
/** The profile could not be read (503, worth a retry). */
export const SELLER_PROFILE_FAILED_MESSAGE = 'Error fetching seller profile';
/** The profile was read but its templates were not (the page shows the profile). */
export const SELLER_TEMPLATES_FAILED_MESSAGE = 'Error fetching seller MVPs';

export interface PublicSellerProfile {
  id: string;
  username: string;
  display_name: string | null;
  bio: string | null;
  profile_picture_url: string | null;
  website_url: string | null;
  social_links: SocialLinks;
  member_since: string;
  /**
   * `mvp_count`: the live templates shown; the rest are the seller figures over all the seller's
   * templates (contract/seller-figures.ts: every download, verified reviews only), the same as
   * the seller's own dashboard shows. Null when the templates could not be read (`mvps_error`).
   */
  stats: {
    mvp_count: number;
    total_downloads: number;
    /** The verified reviews' average, 0 without any. */
    average_rating: number;
    rating_count: number;
  } | null;
  mvps: TemplateSummary[];
  /** SELLER_MVPS_FAILED_MESSAGE when the templates could not be read; absent otherwise. */
  mvps_error?: string;
}
