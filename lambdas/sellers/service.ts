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
import { getSellerFigures } from '../templates/service';

/**
 * 1. Find the profile holding the username (case-insensitive); it must be an approved seller
 *    (role seller or both), otherwise the same 404 as an unknown name, revealing nothing.
 * 2. Join its approved templates (the cards) and the seller figures over all its templates
 *    (contract/seller-figures.ts: the same downloads and verified ratings as the seller's own
 *    dashboard and analytics show).
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
  let figures: Awaited<ReturnType<typeof getSellerFigures>>;
  try {
    [templates, figures] = await Promise.all([
      listApprovedTemplatesOfSeller({
        id: profile.id,
        username: profile.username,
        display_name: profile.display_name,
      }),
      getSellerFigures(profile.id),
    ]);
  } catch (error) {
    logger.error('Seller templates read failed', { error, sellerId: profile.id });
    return { ...identity, stats: null, mvps: [], mvps_error: SELLER_TEMPLATES_FAILED_MESSAGE };
  }
  return {
    ...identity,
    stats: {
      mvp_count: templates.items.length,
      total_downloads: figures.downloads,
      average_rating: figures.average_rating ?? 0,
      rating_count: figures.ratings,
    },
    mvps: templates.items,
  };
};
