/**
 * A review as the public sees it: the one mapping of the stored item, used by the reviews' pages
 * (service.ts) and by the user's own data export (account-data.ts), so both show the same fields.
 */
import { publicNameOf } from '../../contract/profile';
import type { PublicReview } from '../../contract/reviews';
import type { ReviewItem } from './repo';

/** Public view: display name, @username or a generated handle (publicNameOf); never an address. */
export const toPublicReview = (item: ReviewItem): PublicReview => ({
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
});
