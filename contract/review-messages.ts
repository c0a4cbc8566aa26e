/**
 * The reviews' texts, limits and rating labels, apart from reviews.ts (which re-exports them): a
 * module without schemas, so that the template page's reviews load no zod until the review form
 * does (docs/architecture.md, Mobile performance).
 */

export const REVIEW_MESSAGES = {
  ratingRequired: 'Please select a rating.',
  textTooLong: 'Your review can be at most 2000 characters.',
  submitted: 'Review submitted successfully!',
  submitFailed: 'Failed to submit review.',
  loadFailed: 'Failed to load reviews. Please try again later.',
  ownTemplate: 'You cannot review your own template.',
  betaAccount: 'Beta accounts cannot write reviews. Create a full account to review templates.',
  deleted: 'Your review was deleted.',
  deleteFailed: 'Failed to delete review.',
  noReview: 'You have not reviewed this template.',
  /** Shown above the form when the caller has a review: saving replaces it, never adds one. */
  replaces: 'You have already reviewed this template. Saving replaces your review.',
  /** Beside an unverified review: why it is left out of the average. */
  unverified: 'Not verified: this reviewer has not downloaded, bought or deployed this template.',
} as const;

export const REVIEW_TEXT_MAX = 2000;
/** The success text disappears after this long. */
export const REVIEW_SUCCESS_CLEAR_MS = 3_000;

/** 5 excellent, 4 great, 3 good, 2 fair, otherwise poor. */
export const ratingLabel = (rating: number): string => {
  switch (rating) {
    case 5:
      return 'Excellent';
    case 4:
      return 'Great';
    case 3:
      return 'Good';
    case 2:
      return 'Fair';
    default:
      return 'Poor';
  }
};
