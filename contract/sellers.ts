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
  /** Derived from the templates: null when they could not be read (`mvps_error`). */
  stats: {
    mvp_count: number;
    total_downloads: number;
    /** Σ rating_sum / Σ rating_count over the approved templates, 0 without ratings. */
    average_rating: number;
    rating_count: number;
  } | null;
  mvps: TemplateSummary[];
  /** SELLER_MVPS_FAILED_MESSAGE when the templates could not be read; absent otherwise. */
  mvps_error?: string;
}
