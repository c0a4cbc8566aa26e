/**
 * Review data access: one function per access pattern (docs/data-model.md §3.6, §4.2).
 */
import type { EntityItem } from 'electrodb';
import { notificationWrites, type NotificationInput } from '../notifications/service';
import { ReviewEntity } from '../shared/db/entities/review';
import { db } from '../shared/db/service';

export type ReviewItem = EntityItem<typeof ReviewEntity>;

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

/** Positions of the transaction's items, for mapping a cancellation to its cause. */
export const REVIEW_ITEM = { review: 0, mvp: 1 } as const;

/**
 * R3 (§4.2): the review, the template's exact rating sum and count, the global rating counters and
 * (first reviews only) the seller's notification, in one transaction. ADD never loses a concurrent
 * review of the same template; item 0's condition guarantees the delta was computed against the
 * review actually replaced.
 */
export const upsertReview = async (
  input: UpsertReviewInput,
): Promise<{ canceled: boolean; codes: string[] }> => {
  const { review, previous } = input;
  const sumDelta = review.rating - (previous?.rating ?? 0);
  const isNew = previous === null;
  const result = await db.transaction
    .write((entities) => {
      const { review: reviews, mvp, counter } = entities;
      const reviewWrite = isNew
        ? reviews.create(review).commit()
        : (() => {
            // ElectroDB takes every set/remove before the condition.
            const changes = reviews.patch({ mvp_id: review.mvp_id, user_id: review.user_id }).set({
              rating: review.rating,
              is_verified_buyer: review.is_verified_buyer,
              updated_at: review.updated_at,
              ...(review.review_text !== undefined ? { review_text: review.review_text } : {}),
              ...(review.user_email !== undefined ? { user_email: review.user_email } : {}),
              ...(review.user_username !== undefined
                ? { user_username: review.user_username }
                : {}),
            });
            const withText =
              review.review_text === undefined ? changes.remove(['review_text']) : changes;
            return withText
              .where(({ updated_at }, { eq }) => eq(updated_at, previous.updated_at))
              .commit();
          })();
      return [
        reviewWrite,
        // A counter update of the MVP: no `updated_at` (catalog order reflects real edits only).
        mvp
          .patch({ id: review.mvp_id })
          .add({ rating_sum: sumDelta, rating_count: isNew ? 1 : 0 })
          .commit(),
        counter
          .update({ name: 'rating_sum', bucket: 'all', shard: 0 })
          .add({ value: sumDelta })
          .set({ updated_at: review.updated_at })
          .commit(),
        ...(isNew
          ? [
              counter
                .update({ name: 'rating_count', bucket: 'all', shard: 0 })
                .add({ value: 1 })
                .set({ updated_at: review.updated_at })
                .commit(),
            ]
          : []),
        ...(input.sellerNotification
          ? notificationWrites(entities, input.sellerNotification, review.updated_at)
          : []),
      ];
    })
    .go();
  return {
    canceled: result.canceled,
    codes: result.data.map((item) => (item.rejected ? item.code : 'None')),
  };
};
