/**
 * The review form: star rating (required, 'Please select a rating.'), optional text up to 2000
 * characters, validated with the API's own schema. One message line under the fields says what is
 * wrong or that it worked; the success text clears after 3 seconds.
 *
 * A caller who has reviewed the template already finds their review in the form, is told that
 * saving replaces it (one review per person, never a silent overwrite), and may delete it after a
 * confirmation.
 */
import { useEffect, useState } from 'react';
import { Button, HStack, Stack, Textarea } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import {
  REVIEW_MESSAGES,
  REVIEW_SUCCESS_CLEAR_MS,
  REVIEW_TEXT_MAX,
  reviewInputSchema,
  type PublicReview,
} from '@contract/reviews';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { ApiError, refusalMessage } from '@/lib/api-error';
import { useDeleteMyReview } from '../api/my-review';
import { useSubmitReview } from '../api/submit-review';
import { StarRatingInput } from './star-rating-input';
import { formatDate } from '@/lib/format';

/** 0 stars is "not rated yet"; the schema refuses it with the product's message. */
const EMPTY_REVIEW = { rating: 0, review_text: '' };

const valuesOf = (review: PublicReview | null) =>
  review ? { rating: review.rating, review_text: review.review_text ?? '' } : EMPTY_REVIEW;

/** Why deleting failed: the API's own words for what the caller can fix, the product's otherwise. */
const deleteFailureOf = (error: Error | null) =>
  error ? refusalMessage(error, REVIEW_MESSAGES.deleteFailed) : null;

/** The form's state and steps: saving, the stored review followed, the success line cleared, deleting. */
function useReviewForm(
  mvpId: string,
  existing: PublicReview | null,
  onReviewed?: () => Promise<void>,
) {
  const [done, setDone] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const submitReview = useSubmitReview(mvpId, onReviewed);
  const deleteReview = useDeleteMyReview(mvpId, onReviewed);
  const form = useZodForm(reviewInputSchema, valuesOf(existing));
  const submit = useFormSubmit(form, {
    onStart: () => setDone(null),
    onValid: async (review) => {
      await submitReview.mutateAsync(review);
      setDone(REVIEW_MESSAGES.submitted);
    },
    // Validation and permission answers carry their own message; anything else is the product's.
    failureMessage: (error) =>
      error instanceof ApiError && (error.status === 400 || error.status === 403)
        ? error.message
        : REVIEW_MESSAGES.submitFailed,
  });

  // The form follows the stored review: prefilled when it arrives, emptied when it is deleted.
  const existingVersion = existing ? `${existing.id}@${existing.updated_at}` : null;
  useEffect(() => {
    form.reset(valuesOf(existing));
    // Only a new stored version resets what the person sees, never a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [existingVersion]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(null), REVIEW_SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const confirmDelete = () =>
    deleteReview.mutate(undefined, {
      onSuccess: (result) => {
        setConfirmingDelete(false);
        setDone(result.message);
      },
      onError: () => setConfirmingDelete(false),
    });

  return { form, submit, deleteReview, confirmDelete, done, confirmingDelete, setConfirmingDelete };
}

interface ReviewActionsProps {
  /** Whether the caller has a stored review: then saving updates it and it may be deleted. */
  existing: boolean;
  submitting: boolean;
  busy: boolean;
  onDelete: () => void;
}

/** Save, and delete when there is a stored review to delete. */
function ReviewActions({ existing, submitting, busy, onDelete }: ReviewActionsProps) {
  return (
    <HStack gap="3" flexWrap="wrap">
      <Button type="submit" colorPalette="purple" loading={submitting} disabled={busy}>
        {existing ? 'Update Review' : 'Submit Review'}
      </Button>
      {existing && (
        <Button
          type="button"
          variant="outline"
          colorPalette="red"
          disabled={busy}
          onClick={onDelete}
        >
          Delete Review
        </Button>
      )}
    </HStack>
  );
}

export function ReviewForm({
  mvpId,
  existing = null,
  onReviewed,
}: {
  mvpId: string;
  /** The caller's own review of the template, shown in the form; null when they have none. */
  existing?: PublicReview | null;
  onReviewed?: () => Promise<void>;
}) {
  const { form, submit, deleteReview, confirmDelete, done, confirmingDelete, setConfirmingDelete } =
    useReviewForm(mvpId, existing, onReviewed);
  const { errors } = form.formState;
  const deleteFailure = deleteFailureOf(deleteReview.error);
  const problem =
    errors.rating?.message ?? errors.review_text?.message ?? submit.failure ?? deleteFailure;
  const text = form.watch('review_text');
  const busy = submit.busy || deleteReview.isPending;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Write a review">
      <Stack gap="3">
        {existing && (
          <FormAlert
            status="info"
            size="sm"
            title={REVIEW_MESSAGES.replaces}
            description={`You reviewed it on ${formatDate(existing.updated_at)}.`}
            data-testid="review-replaces"
          />
        )}
        <FormField label="Your rating" invalid={Boolean(errors.rating)}>
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <StarRatingInput value={field.value} onChange={field.onChange} disabled={busy} />
            )}
          />
        </FormField>
        <FormField
          label="Your review (optional)"
          invalid={Boolean(errors.review_text)}
          helperText={`${text.length} / ${REVIEW_TEXT_MAX}`}
        >
          <Textarea
            {...form.register('review_text')}
            maxLength={REVIEW_TEXT_MAX}
            rows={4}
            placeholder="What did you build with it? How was the code?"
          />
        </FormField>
        {problem && (
          <FormAlert status="error" size="sm" title={problem} data-testid="review-message" />
        )}
        {done && <FormAlert status="success" size="sm" title={done} data-testid="review-message" />}
        <ReviewActions
          existing={Boolean(existing)}
          submitting={submit.busy}
          busy={busy}
          onDelete={() => setConfirmingDelete(true)}
        />
      </Stack>
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete your review?"
        confirmLabel="Delete review"
        busy={deleteReview.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmingDelete(false)}
        testId="delete-review-dialog"
      >
        Your rating and text are removed from this template&apos;s page and its average. You can
        write a new review afterwards.
      </ConfirmDialog>
    </form>
  );
}
