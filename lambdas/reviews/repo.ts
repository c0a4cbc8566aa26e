/**
 * Review data access: one function per access pattern (docs/data-model.md §3.6, §4.2).
 */
import { notificationWrites, type NotificationInput } from '../notifications/service';
import { CounterEntity } from '../shared/db/entities/counter';
import { MvpEntity } from '../shared/db/entities/mvp';
import { ReviewEntity, type ReviewItem } from '../shared/db/entities/review';
import { transactWrite, type TransactionResult } from '../shared/db/transaction';

export type { ReviewItem };
/** How many reviews of one template are read for its page (R1; sorted in memory). */
export const REVIEWS_READ_LIMIT = 500;

/** R1: the reviews of a template, newest first. */
export const listReviewsByMvp = async (mvpId: string): Promise<ReviewItem[]> => {
  const { data } = await ReviewEntity.query
    .byMvp({ mvp_id: mvpId })
    .go({ pages: 'all', limit: REVIEWS_READ_LIMIT });
  return data.sort((a, b) => b.created_at.localeCompare(a.created_at));
};

/** R2: the caller's review of a template, strongly consistent (the upsert's pre-read). */
export const getReview = async (mvpId: string, userId: string): Promise<ReviewItem | null> => {
  const { data } = await ReviewEntity.get({ mvp_id: mvpId, user_id: userId }).go({
    consistent: true,
  });
  return data;
};

export interface UpsertReviewInput {
  /** The review as it should be stored after this write. */
  review: ReviewItem;
  /** The stored review this write replaces (its `updated_at` is the condition), or `null`. */
  previous: ReviewItem | null;
  sellerNotification: NotificationInput | null;
}

/**
 * R3 (§4.2): the review, the template's exact rating sum and count, the global rating counters and
 * (first reviews only) the seller's notification, in one transaction. ADD never loses a concurrent
 * review of the same template; the `review` item's condition guarantees the delta was computed
 * against the review actually replaced. A cancellation names `review` or `mvp`.
 */
export const upsertReview = async (input: UpsertReviewInput): Promise<TransactionResult> => {
  const { review, previous } = input;
  const sumDelta = review.rating - (previous?.rating ?? 0);
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
  const ratingCounter = (name: 'rating_sum' | 'rating_count', value: number) =>
    CounterEntity.update({ name, bucket: 'all', shard: 0 })
      .add({ value })
      .set({ updated_at: review.updated_at });
  return transactWrite({
    review: reviewWrite,
    // A counter update of the MVP: no `updated_at` (catalog order reflects real edits only).
    mvp: MvpEntity.patch({ id: review.mvp_id }).add({
      rating_sum: sumDelta,
      rating_count: isNew ? 1 : 0,
    }),
    ratingSum: ratingCounter('rating_sum', sumDelta),
    ratingCount: isNew && ratingCounter('rating_count', 1),
    notification:
      input.sellerNotification && notificationWrites(input.sellerNotification, review.updated_at),
  });
};
