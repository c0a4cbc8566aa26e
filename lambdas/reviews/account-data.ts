/**
 * The reviews' part of a user's own data (lambdas/account), reading only the repository, so the
 * account function does not carry the review rules.
 */
import type { PublicReview } from '../../contract/reviews';
import { listReviewsByUser, removeReviewerDetails } from './repo';
import { toPublicReview } from './view';

/** The user's own reviews, newest first, as the public sees them (their data export). */
export const listReviewsOfUser = async (userId: string): Promise<PublicReview[]> =>
  (await listReviewsByUser(userId)).map(toPublicReview);

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
