/**
 * The review form: star rating (required, 'Please select a rating.'), optional text up to 2000
 * characters, validated with the API's own schema. The success text clears after 3 seconds.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Field, Stack, Textarea } from '@chakra-ui/react';
import {
  REVIEW_MESSAGES,
  REVIEW_SUCCESS_CLEAR_MS,
  REVIEW_TEXT_MAX,
  reviewInputSchema,
} from '@contracts/reviews';
import { ApiError } from '../../../lib/api-error';
import { useSubmitReview } from '../api/submit-review';
import { StarRatingInput } from './star-rating-input';

export function ReviewForm({ mvpId }: { mvpId: string }) {
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const submit = useSubmitReview(mvpId);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => setSucceeded(false), REVIEW_SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSucceeded(false);
    const parsed = reviewInputSchema.safeParse({ rating: rating || undefined, review_text: text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? REVIEW_MESSAGES.ratingRequired);
      return;
    }
    setProblem(null);
    submit.mutate(
      { rating: parsed.data.rating, review_text: parsed.data.review_text },
      {
        onSuccess: () => {
          setSucceeded(true);
          setRating(0);
          setText('');
        },
        onError: (error) =>
          // Validation answers carry their own message; anything else is the spec's failure text.
          setProblem(
            error instanceof ApiError && error.status === 400
              ? error.message
              : error instanceof ApiError && error.status === 403
                ? error.message
                : REVIEW_MESSAGES.submitFailed,
          ),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Write a review">
      <Stack gap="3">
        <Field.Root invalid={problem === REVIEW_MESSAGES.ratingRequired}>
          <Field.Label>Your rating</Field.Label>
          <StarRatingInput value={rating} onChange={setRating} disabled={submit.isPending} />
        </Field.Root>
        <Field.Root invalid={problem === REVIEW_MESSAGES.textTooLong}>
          <Field.Label>Your review (optional)</Field.Label>
          <Textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={REVIEW_TEXT_MAX}
            rows={4}
            placeholder="What did you build with it? How was the code?"
          />
          <Field.HelperText>
            {text.length} / {REVIEW_TEXT_MAX}
          </Field.HelperText>
        </Field.Root>
        {problem && (
          <Alert.Root status="error" size="sm" data-testid="review-message">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        )}
        {succeeded && (
          <Alert.Root status="success" size="sm" data-testid="review-message">
            <Alert.Indicator />
            <Alert.Title>{REVIEW_MESSAGES.submitted}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="purple" alignSelf="start" loading={submit.isPending}>
          Submit Review
        </Button>
      </Stack>
    </form>
  );
}
