/**
 * The public seller page (`/seller/{username}`): an approved seller's public
 * profile, their approved templates and stats. Composes the profiles and catalog services.
 */
import { listApprovedTemplatesOfSeller } from '../catalog/service';
import { isApprovedSeller } from '../shared/auth/access';
import {
  SELLER_TEMPLATES_FAILED_MESSAGE,
  SELLER_NOT_FOUND_MESSAGE,
  SELLER_PROFILE_FAILED_MESSAGE,
  type PublicSellerProfile,
} from '../../contract/sellers';
import { DomainError, NotFoundError, ServiceUnavailableError } from '../shared/errors';
import { logger } from '../shared/observability';
import { findProfileByPublicUsername } from '../profiles/service';

/**
 * 1. Find the profile holding the username (case-insensitive); it must be an approved seller
 *    (role seller or both), otherwise the same 404 as an unknown name, revealing nothing.
 * 2. Join its approved templates; stats are derived from them (average = Σ sum / Σ count).
 * The answer is an explicit allow-list: no e-mail, no quota, no Stripe ids.
 *
 * A failed profile read answers 503 'Error fetching seller profile'; a failed read of the
 * templates still shows the profile, with `mvps_error` 'Error fetching seller MVPs' and no
 * stats, instead of failing the whole page.
 */
export const getPublicSellerProfile = async (username: string): Promise<PublicSellerProfile> => {
  const profile = await findProfileByPublicUsername(username).catch((error: unknown) => {
    if (error instanceof DomainError) throw error;
    logger.error('Seller profile read failed', { error });
    throw new ServiceUnavailableError(SELLER_PROFILE_FAILED_MESSAGE);
  });
  if (!profile || !profile.username || !isApprovedSeller(profile)) {
    throw new NotFoundError(SELLER_NOT_FOUND_MESSAGE);
  }
  const identity = {
    id: profile.id,
    username: profile.username,
    display_name: profile.display_name,
    bio: profile.bio,
    profile_picture_url: profile.profile_picture_url,
    website_url: profile.website_url,
    social_links: profile.social_links,
    member_since: profile.created_at,
  };
  let templates: Awaited<ReturnType<typeof listApprovedTemplatesOfSeller>>;
  try {
    templates = await listApprovedTemplatesOfSeller({
      id: profile.id,
      username: profile.username,
      display_name: profile.display_name,
    });
  } catch (error) {
    logger.error('Seller templates read failed', { error, sellerId: profile.id });
    return { ...identity, stats: null, mvps: [], mvps_error: SELLER_TEMPLATES_FAILED_MESSAGE };
  }
  const { items, ratingSum, ratingCount } = templates;
  return {
    ...identity,
    stats: {
      mvp_count: items.length,
      total_downloads: items.reduce((sum, item) => sum + item.download_count, 0),
      average_rating: ratingCount === 0 ? 0 : Math.round((ratingSum / ratingCount) * 100) / 100,
      rating_count: ratingCount,
    },
    mvps: items,
  };
};
