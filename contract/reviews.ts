/**
 * The review contract, shared by the API (validation) and the review form: the product's texts and
 * rating labels.
 */
import * as z from 'zod';
import { REVIEW_MESSAGES, REVIEW_TEXT_MAX } from './review-messages';
import { text } from './text';

export {
  REVIEW_MESSAGES,
  REVIEW_SUCCESS_CLEAR_MS,
  REVIEW_TEXT_MAX,
  ratingLabel,
} from './review-messages';

/** `POST /api/mvps/{id}/reviews` body; the form validates with the same schema. */
export const reviewInputSchema = z.object(
  {
    rating: z
      .number({ message: REVIEW_MESSAGES.ratingRequired })
      .int(REVIEW_MESSAGES.ratingRequired)
      .min(1, REVIEW_MESSAGES.ratingRequired)
      .max(5, REVIEW_MESSAGES.ratingRequired),
    review_text: text({ label: 'Your review', multiline: true })
      .max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.textTooLong)
      .optional()
      .transform((value) => (value ? value : undefined)),
  },
  // A missing body is a missing rating.
  { message: REVIEW_MESSAGES.ratingRequired },
);
export type ReviewInput = z.input<typeof reviewInputSchema>;

/**
 * A review as anyone may see it. The reviewer is named as everywhere else (publicNameOf in
 * profile.ts): display name, @username, or a generated handle such as `member-0k3x9q1`; the e-mail could
 * be joined, but a public page must not hand out buyers' addresses, even masked.
 */
export interface PublicReview {
  id: string;
  mvp_id: string;
  reviewer: string;
  rating: number;
  review_text: string | null;
  is_verified_buyer: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * `GET /api/mvps/{id}/reviews`: newest first, with the template's current average. The average and
 * `rating_count` are over verified reviews only (the reviewer downloaded, bought or deployed the
 * template); unverified reviews are listed, marked, and not averaged.
 */
export interface ReviewList {
  items: PublicReview[];
  average_rating: number;
  rating_count: number;
}

/** `GET /api/mvps/{id}/reviews/mine`: the caller's own review of the template, if any. */
export interface MyReview {
  review: PublicReview | null;
}

/** `DELETE /api/mvps/{id}/reviews/mine`: 200 once the caller's review is gone. */
export interface DeleteReviewResult {
  message: typeof REVIEW_MESSAGES.deleted;
}

/** `POST /api/mvps/{id}/reviews`: 201 for a first review, 200 when it replaced the caller's own. */
export interface SubmitReviewResult {
  message: typeof REVIEW_MESSAGES.submitted;
  review: PublicReview;
  created: boolean;
}

/** `j***@example.com`: the first character and the domain, nothing else. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
};
