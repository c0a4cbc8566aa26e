/**
 * Review: at most one per buyer per template, so the buyer is part of the primary key and a second
 * submission overwrites the first.
 *
 * - byMvp (table):  pk `mvp_id`, sk `user_id`      → reviews of a template; the buyer's own review
 * - byUser (gsi1):  pk `user_id`, sk `created_at`  → a buyer's reviews
 */
import { defineEntity } from '../entity';

export interface ReviewItem {
  mvp_id: string;
  user_id: string;
  id: string;
  rating: number;
  review_text?: string;
  is_verified_buyer: boolean;
  /** Denormalised at write time so a review list needs no join. */
  user_email?: string;
  user_username?: string;
  user_display_name?: string;
  created_at: string;
  updated_at: string;
}

export const ReviewEntity = defineEntity<ReviewItem>()({
  entity: 'review',
  version: '1',
  defaults: { is_verified_buyer: false },
  indexes: {
    byMvp: { pk: ['mvp_id'], sk: ['user_id'] },
    byUser: { index: 'gsi1', pk: ['user_id'], sk: ['created_at'] },
  },
});
