/**
 * Reviews on the detail page: the average over verified reviews, the list (reviewer, stars, text,
 * "Verified buyer" or a marked unverified review, date) and, for signed-in visitors, the form with
 * their own review in it; anonymous visitors are asked to sign in to review, the template's seller
 * is told buyers review it here. The form (with its validation) is its own chunk, loaded only for
 * a signed-in visitor who may review: a visitor who only reads never loads it.
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { Suspense, lazy } from 'react';
import { Badge, Card, Heading, HStack, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuBadgeCheck, LuCircleHelp, LuStar } from 'react-icons/lu';
import { REVIEW_MESSAGES, ratingLabel } from '@contract/review-messages';
import type { PublicReview } from '@contract/reviews';
import { useSession } from '@/lib/auth-session';
import { useMyProfile } from '@/lib/my-profile';
import { useReviews } from '../api/get-reviews';
import { useMyReview } from '../api/my-review';
import { formatCount, formatDate, formatRating } from '@/lib/format';
import { SignInLink } from '@/components/sign-in-link';

const ReviewForm = lazy(() =>
  import('./review-form').then((module) => ({ default: module.ReviewForm })),
);

function Stars({ rating }: { rating: number }) {
  return (
    <HStack gap="0.5" role="img" aria-label={`${rating} out of 5 stars, ${ratingLabel(rating)}`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <LuStar
          key={star}
          size={14}
          color="var(--chakra-colors-yellow-500)"
          fill={star <= rating ? 'var(--chakra-colors-yellow-400)' : 'none'}
        />
      ))}
    </HStack>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <Stack gap="1.5" data-testid="review">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <HStack gap="2">
          <Text fontWeight="semibold">{review.reviewer}</Text>
          {review.is_verified_buyer ? (
            <Badge colorPalette="green" variant="subtle" data-testid="verified-buyer">
              <LuBadgeCheck /> Verified buyer
            </Badge>
          ) : (
            <Badge
              colorPalette="gray"
              variant="outline"
              title={REVIEW_MESSAGES.unverified}
              data-testid="unverified-review"
            >
              <LuCircleHelp /> Not verified · not in the average
            </Badge>
          )}
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {formatDate(review.updated_at)}
        </Text>
      </HStack>
      <HStack gap="2">
        <Stars rating={review.rating} />
        <Text fontSize="sm" color="fg.muted">
          {ratingLabel(review.rating)}
        </Text>
      </HStack>
      {review.review_text && (
        <Text whiteSpace="pre-line" color="fg.muted">
          {review.review_text}
        </Text>
      )}
    </Stack>
  );
}

/** `sellerId` is the template's seller: sellers cannot review their own templates (the API refuses). */
export interface ReviewsSectionProps {
  mvpId: string;
  sellerId: string;
  /** Reads the template again after a review (its average); from the detail page. */
  onReviewed?: () => Promise<void>;
}

/** The heading, with the verified ratings' average and the count of each kind once read. */
function ReviewsHeading({ data }: { data: ReturnType<typeof useReviews>['data'] }) {
  const unverifiedCount = data ? data.items.length - data.rating_count : 0;
  return (
    <HStack justify="space-between" flexWrap="wrap">
      <Heading as="h2" size="lg">
        Reviews
      </Heading>
      {data && (
        <Text color="fg.muted" data-testid="reviews-summary">
          {data.items.length === 0
            ? 'No reviews yet'
            : data.rating_count === 0
              ? 'No verified ratings yet'
              : `${formatRating(data.average_rating)} out of 5 · ${formatCount(data.rating_count)} verified ${data.rating_count === 1 ? 'rating' : 'ratings'}`}
          {unverifiedCount > 0 &&
            ` · ${formatCount(unverifiedCount)} unverified ${unverifiedCount === 1 ? 'review' : 'reviews'}`}
        </Text>
      )}
    </HStack>
  );
}

export function ReviewsSection({ mvpId, sellerId, onReviewed }: ReviewsSectionProps) {
  const { session } = useSession();
  const reviews = useReviews(mvpId);
  const { data, isPending, error } = reviews;
  const isSeller = session.status === 'signedIn' && session.user.userId === sellerId;
  const profile = useMyProfile({ enabled: session.status === 'signedIn' && !isSeller });
  // Beta accounts may not review: they are told so instead of filling in a form the API refuses.
  const isBeta = Boolean(profile.data?.beta_expires_at);
  const mine = useMyReview(mvpId, session.status === 'signedIn' && !isSeller);

  return (
    <Stack gap="4" data-testid="reviews-section">
      <ReviewsHeading data={data} />

      <Card.Root variant="outline">
        <Card.Body>
          {isSeller ? (
            <Text color="fg.muted">This is your template: buyers review it here.</Text>
          ) : session.status === 'signedIn' && isBeta ? (
            <Text color="fg.muted" data-testid="beta-no-review">
              {REVIEW_MESSAGES.betaAccount}
            </Text>
          ) : session.status === 'signedIn' ? (
            mine.isPending ? (
              <Skeleton h="40" />
            ) : mine.isError ? (
              // Without it, the form would not know the review to edit.
              <QueryError {...failedQueryProps(mine)} testId="my-review-error" />
            ) : (
              <Suspense fallback={<Skeleton h="40" />}>
                <ReviewForm
                  mvpId={mvpId}
                  existing={mine.data?.review ?? null}
                  onReviewed={onReviewed}
                />
              </Suspense>
            )
          ) : session.status === 'signedOut' ? (
            <Text color="fg.muted">
              <SignInLink /> to review this template.
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>

      {isPending ? (
        <Stack gap="3">
          <Skeleton h="16" />
          <Skeleton h="16" />
        </Stack>
      ) : error ? (
        <QueryError
          {...failedQueryProps(reviews)}
          title={REVIEW_MESSAGES.loadFailed}
          testId="reviews-error"
        />
      ) : data.items.length === 0 ? (
        <Text color="fg.muted">Be the first to review this template.</Text>
      ) : (
        <Stack gap="4" separator={<Separator />}>
          {data.items.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
