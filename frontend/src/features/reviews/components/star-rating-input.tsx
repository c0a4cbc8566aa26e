/** Five star buttons; each says what it means ("4 stars, Great") to screen readers and on hover. */
import { HStack, IconButton, Text } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';
import { ratingLabel } from '@contract/review-messages';

export function StarRatingInput({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (rating: number) => void;
  disabled?: boolean;
}) {
  return (
    <HStack gap="1" role="group" aria-label="Rating">
      {[1, 2, 3, 4, 5].map((star) => (
        <IconButton
          key={star}
          variant="ghost"
          size="sm"
          aria-label={`${star} ${star === 1 ? 'star' : 'stars'}, ${ratingLabel(star)}`}
          aria-pressed={value === star}
          title={ratingLabel(star)}
          disabled={disabled}
          onClick={() => onChange(star)}
        >
          <LuStar
            color="var(--chakra-colors-yellow-500)"
            fill={star <= value ? 'var(--chakra-colors-yellow-400)' : 'none'}
          />
        </IconButton>
      ))}
      {value > 0 && (
        <Text as="span" ms="2" fontSize="sm" fontWeight="medium" data-testid="rating-label">
          {ratingLabel(value)}
        </Text>
      )}
    </HStack>
  );
}
