/** `GET /api/sellers/{username}`: the public seller page (buyer spec §2). No e-mail, ever. */
import type { MvpSummary } from './catalog';
import type { SocialLinks } from './profile';

export const SELLER_NOT_FOUND_MESSAGE = 'Seller not found or not approved';

export interface PublicSellerProfile {
  id: string;
  username: string;
  display_name: string | null;
  bio: string | null;
  profile_picture_url: string | null;
  website_url: string | null;
  social_links: SocialLinks;
  member_since: string;
  stats: {
    mvp_count: number;
    total_downloads: number;
    /** Σ rating_sum / Σ rating_count over the approved templates, 0 without ratings. */
    average_rating: number;
    rating_count: number;
  };
  mvps: MvpSummary[];
}
