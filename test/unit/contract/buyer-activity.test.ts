/** Contracts of downloads, reviews and notifications: the product's texts, labels, masking, badge text. */
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../../lambdas/shared/storage/s3';
import {
  maskEmail,
  ratingLabel,
  reviewInputSchema,
  REVIEW_MESSAGES,
} from '../../../contract/reviews';
import { unreadBadgeText } from '../../../contract/notification-bell';
import { publicHandleOf, publicNameOf } from '../../../contract/profile';

describe('review input', () => {
  it('needs a whole rating from 1 to 5 with the product’s message', () => {
    for (const rating of [undefined, 0, 6, 2.5, '3', null]) {
      const result = reviewInputSchema.safeParse({ rating });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please select a rating.');
    }
    expect(reviewInputSchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Please select a rating.',
    );
  });

  it('trims the optional text, drops an empty one, and caps it at 2000 characters', () => {
    expect(reviewInputSchema.parse({ rating: 5, review_text: '  nice  ' })).toEqual({
      rating: 5,
      review_text: 'nice',
    });
    expect(reviewInputSchema.parse({ rating: 5, review_text: '   ' }).review_text).toBeUndefined();
    const long = reviewInputSchema.safeParse({ rating: 5, review_text: 'x'.repeat(2001) });
    expect(long.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.textTooLong);
  });

  it('labels ratings as the product does', () => {
    expect([5, 4, 3, 2, 1].map(ratingLabel)).toEqual([
      'Excellent',
      'Great',
      'Good',
      'Fair',
      'Poor',
    ]);
  });

  it('masks e-mail addresses to the first character and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('not-an-address')).toBe('***');
  });
});

describe('unread badge', () => {
  it('shows nothing at 0, the count up to 99, then 99+', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});

describe('attachment disposition', () => {
  it('keeps a safe ASCII name and the exact UTF-8 one', () => {
    expect(attachmentDisposition('kit-1.0.0.zip')).toBe(
      `attachment; filename="kit-1.0.0.zip"; filename*=UTF-8''kit-1.0.0.zip`,
    );
    expect(attachmentDisposition('café "x".zip')).toBe(
      `attachment; filename="caf_ _x_.zip"; filename*=UTF-8''caf%C3%A9%20%22x%22.zip`,
    );
  });
});

describe('public names', () => {
  it('name a person by display name, then @username, then a stable generated handle', () => {
    expect(publicNameOf({ id: 'u1', display_name: 'Ada L.', username: 'ada' })).toBe('Ada L.');
    expect(publicNameOf({ id: 'u1', display_name: '  ', username: 'ada' })).toBe('@ada');
    const handle = publicNameOf({ id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
    expect(handle).toMatch(/^member-[0-9a-z]{7}$/);
    expect(publicHandleOf('7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBe(handle);
    expect(publicHandleOf('7c9e6679-7425-40de-944b-e07fc1f90ae8')).not.toBe(handle);
  });
});
