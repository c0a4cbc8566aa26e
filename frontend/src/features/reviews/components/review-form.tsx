/**
 * The review form: star rating (required, 'Please select a rating.'), optional text up to 2000
 * characters, validated with the API's own schema. One message line under the fields says what is
 * wrong or that it worked; the success text clears after 3 seconds.
 */
import { useEffect, useState } from 'react';
import { Button, Stack, Textarea } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import {
  REVIEW_MESSAGES,
  REVIEW_SUCCESS_CLEAR_MS,
  REVIEW_TEXT_MAX,
  reviewInputSchema,
} from '@contracts/reviews';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { ApiError } from '../../../lib/api-error';
import { useSubmitReview } from '../api/submit-review';
import { StarRatingInput } from './star-rating-input';

/** 0 stars is "not rated yet"; the schema refuses it with the spec's message. */
const EMPTY_REVIEW = { rating: 0, review_text: '' };

export function ReviewForm({
  mvpId,
  onReviewed,
}: {
  mvpId: string;
  onReviewed?: () => Promise<void>;
}) {
  const [succeeded, setSucceeded] = useState(false);
  const submitReview = useSubmitReview(mvpId, onReviewed);
  const form = useZodForm(reviewInputSchema, EMPTY_REVIEW);
  const submit = useFormSubmit(form, {
    onStart: () => setSucceeded(false),
    onValid: async (review) => {
      await submitReview.mutateAsync(review);
      setSucceeded(true);
      form.reset(EMPTY_REVIEW);
    },
    // Validation and permission answers carry their own message; anything else is the spec's.
    failureMessage: (error) =>
      error instanceof ApiError && (error.status === 400 || error.status === 403)
        ? error.message
        : REVIEW_MESSAGES.submitFailed,
  });

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => setSucceeded(false), REVIEW_SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const { errors } = form.formState;
  const problem = errors.rating?.message ?? errors.review_text?.message ?? submit.failure;
  const text = form.watch('review_text');

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Write a review">
      <Stack gap="3">
        <FormField label="Your rating" invalid={Boolean(errors.rating)}>
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <StarRatingInput
                value={field.value}
                onChange={field.onChange}
                disabled={submit.busy}
              />
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
        {succeeded && (
          <FormAlert
            status="success"
            size="sm"
            title={REVIEW_MESSAGES.submitted}
            data-testid="review-message"
          />
        )}
        <Button type="submit" colorPalette="purple" alignSelf="start" loading={submit.busy}>
          Submit Review
        </Button>
      </Stack>
    </form>
  );
}
