/**
 * The reviews' part of a user's own data (lambdas/account), reading only the repository, so the
 * account function does not carry the review rules.
 */
import { publicNameOf } from '../../contract/profile';
import type { PublicReview } from '../../contract/reviews';
import { listReviewsByUser, removeReviewerDetails } from './repo';

/** The user's own reviews, newest first, as the public sees them (their data export). */
export const listReviewsOfUser = async (userId: string): Promise<PublicReview[]> =>
  (await listReviewsByUser(userId)).map((item) => ({
    id: item.id,
    mvp_id: item.mvp_id,
    reviewer: publicNameOf({
      id: item.user_id,
      display_name: item.user_display_name,
      username: item.user_username,
    }),
    rating: item.rating,
    review_text: item.review_text ?? null,
    is_verified_buyer: item.is_verified_buyer,
    created_at: item.created_at,
    updated_at: item.updated_at,
  }));

/**
 * A closed account's reviews: kept, so templates' ratings stay as they were, but without the
 * reviewer's name and address. Returns how many.
 */
export const pseudonymiseReviewsOf = async (userId: string): Promise<number> => {
  const now = new Date().toISOString();
  const reviews = await listReviewsByUser(userId);
  await Promise.all(reviews.map((review) => removeReviewerDetails(review, now)));
  return reviews.length;
};
