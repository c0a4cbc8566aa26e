/**
 * Review data access: one function per access pattern (docs/data-model.md, sections 3.6, 4.2).
 */
import { CounterEntity } from '../shared/db/entities/counter';
import { ReviewEntity, type ReviewItem } from '../shared/db/entities/review';
import {
  transactWrite,
  type TransactionResult,
  type TransactionWrite,
} from '../shared/db/transaction';

export type { ReviewItem };
/** How many reviews of one template are read for its page (R1; sorted in memory). */
export const REVIEWS_READ_LIMIT = 500;

/** R1: the reviews of a template, newest first. */
export const listReviewsByTemplate = async (templateId: string): Promise<ReviewItem[]> => {
  const { data } = await ReviewEntity.query
    .byMvp({ mvp_id: templateId })
    .go({ pages: 'all', limit: REVIEWS_READ_LIMIT });
  return data.sort((a, b) => b.created_at.localeCompare(a.created_at));
};

/** R2: the caller's review of a template, strongly consistent (the upsert's pre-read). */
export const getReview = async (templateId: string, userId: string): Promise<ReviewItem | null> => {
  const { data } = await ReviewEntity.get({ mvp_id: templateId, user_id: userId }).go({
    consistent: true,
  });
  return data;
};

export interface UpsertReviewInput {
  /** The review as it should be stored after this write. */
  review: ReviewItem;
  /** The stored review this write replaces (its `updated_at` is the condition), or `null`. */
  previous: ReviewItem | null;
  /** Items of other domains that commit with the review: the template's rating, the notification. */
  with: { mvp: TransactionWrite; notification: readonly TransactionWrite[] | null };
}

/**
 * What a review adds to the template's rating: only verified reviews are averaged, so an
 * unverified one adds nothing (it is shown, marked, and left out of the sum and count).
 */
export const ratingContribution = (review: ReviewItem | null) =>
  review?.is_verified_buyer ? { sum: review.rating, count: 1 } : { sum: 0, count: 0 };

/** The change a write makes to the template's rating sum and count (`review` null: deleted). */
export const ratingDelta = (review: ReviewItem | null, previous: ReviewItem | null) => {
  const after = ratingContribution(review);
  const before = ratingContribution(previous);
  return { sum: after.sum - before.sum, count: after.count - before.count };
};

/** The global rating counters move with the template's own sum and count. */
const ratingCounterWrites = (delta: { sum: number; count: number }, now: string) => {
  const counter = (name: 'rating_sum' | 'rating_count', value: number) =>
    value !== 0 &&
    CounterEntity.update({ name, bucket: 'all', shard: 0 }).add({ value }).set({ updated_at: now });
  return {
    ratingSum: counter('rating_sum', delta.sum),
    ratingCount: counter('rating_count', delta.count),
  };
};

/**
 * R3 (section 4.2): the review, the template's exact rating sum and count over verified reviews (the
 * templates domain's item), the global rating counters and (first reviews only) the seller's
 * notification, in one transaction. ADD never loses a concurrent review of the same template;
 * the `review` item's condition guarantees the delta was computed against the review actually
 * replaced. A cancellation names `review` or `mvp`.
 */
export const upsertReview = async (input: UpsertReviewInput): Promise<TransactionResult> => {
  const { review, previous } = input;
  const delta = ratingDelta(review, previous);
  const isNew = previous === null;
  const reviewWrite = isNew
    ? ReviewEntity.create(review)
    : ReviewEntity.patch({ mvp_id: review.mvp_id, user_id: review.user_id })
        .set({
          rating: review.rating,
          is_verified_buyer: review.is_verified_buyer,
          updated_at: review.updated_at,
          review_text: review.review_text,
          user_email: review.user_email,
          user_username: review.user_username,
        })
        .remove(review.review_text === undefined ? ['review_text'] : [])
        .where(({ updated_at }, { eq }) => eq(updated_at, previous.updated_at));
  return transactWrite({
    review: reviewWrite,
    mvp: input.with.mvp,
    ...ratingCounterWrites(delta, review.updated_at),
    notification: input.with.notification,
  });
};

/**
 * R6: removes the caller's review (`previous`, its `updated_at` the condition) and takes its
 * rating out of the template's sum and count and the global counters, in one transaction. A
 * cancellation names `review` (changed or gone meanwhile) or `mvp`.
 */
export const deleteReview = async (input: {
  previous: ReviewItem;
  now: string;
  with: { mvp: TransactionWrite | null };
}): Promise<TransactionResult> => {
  const { previous } = input;
  const delta = ratingDelta(null, previous);
  return transactWrite({
    review: ReviewEntity.delete({ mvp_id: previous.mvp_id, user_id: previous.user_id }).where(
      ({ updated_at }, { eq }) => eq(updated_at, previous.updated_at),
    ),
    mvp: input.with.mvp,
    ...ratingCounterWrites(delta, input.now),
  });
};

/** R4: writes a review as it is (imports only; submissions go through `upsertReview`). */
export const putReview = async (review: ReviewItem): Promise<void> => {
  await ReviewEntity.put(review).go();
};

/** R4: a user's reviews, newest first (their data export, their account's closure). */
export const listReviewsByUser = async (userId: string): Promise<ReviewItem[]> => {
  const { data } = await ReviewEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/**
 * R6: a closed account's review stays (its rating counts for the template) without the
 * reviewer's name or address: the page then shows a generated handle.
 */
export const removeReviewerDetails = async (review: ReviewItem, now: string): Promise<void> => {
  await ReviewEntity.patch({ mvp_id: review.mvp_id, user_id: review.user_id })
    .set({ updated_at: now })
    .remove(['user_email', 'user_username', 'user_display_name'])
    .go();
};
