import { describe, expect, it } from 'vitest';
import {
  ApiError,
  NetworkError,
  UNREACHABLE_ERROR,
  errorMessage,
  refusalMessage,
} from '../../../../../../frontend/src/lib/api-error';
import {
  DETAIL_FAILED,
  DETAIL_NOT_FOUND,
  describeDetailError,
} from '../../../../../../frontend/src/features/catalog/lib/detail-errors';
import {
  coverImage,
  describeAccess,
  FALLBACK_PREVIEW_IMAGE,
  formatRating,
} from '../../../../../../frontend/src/features/catalog/lib/card-format';
import { splitTechTags } from '../../../../../../frontend/src/lib/tech-tags';

describe('describeDetailError', () => {
  it('reads 404 and a malformed id as not found', () => {
    expect(describeDetailError(new ApiError('Not found', 404))).toBe(
      'MVP not found. It might not exist or is pending approval.',
    );
    expect(describeDetailError(new ApiError('The template id is malformed.', 400))).toBe(
      DETAIL_NOT_FOUND,
    );
  });

  it("says a failure in the API's own words, or that the marketplace cannot be reached", () => {
    const unavailable = 'Our database is not answering right now. Please try again in a minute.';
    expect(describeDetailError(new ApiError(unavailable, 503))).toBe(unavailable);
    expect(describeDetailError(new NetworkError())).toBe(UNREACHABLE_ERROR);
  });

  it('keeps the generic text for a fault of the page itself', () => {
    expect(describeDetailError(new TypeError('x is undefined'))).toBe(
      'Failed to fetch MVP details. Please try again later.',
    );
    expect(describeDetailError(new Error('boom'))).toBe(DETAIL_FAILED);
  });
});

describe('errorMessage', () => {
  it("shows the API's message, or the generic text for other errors", () => {
    expect(errorMessage(new ApiError('Unknown category.', 400))).toBe('Unknown category.');
    expect(errorMessage(new Error('socket hang up'))).toBe('An unexpected error occurred.');
  });
});

describe('card display rules', () => {
  it("shows 3 tags on the card and 5 on the detail page, then '+N more'", () => {
    const stack = ['React', 'Next.js', 'Stripe', 'Supabase', 'TypeScript', 'Tailwind CSS'];
    expect(splitTechTags(stack, 3)).toEqual({ shown: ['React', 'Next.js', 'Stripe'], more: 3 });
    expect(splitTechTags(stack, 5).more).toBe(1);
    expect(splitTechTags(['React'], 3)).toEqual({ shown: ['React'], more: 0 });
  });

  it('formats the rating to one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.26)).toBe('4.3');
    expect(formatRating(Number.NaN)).toBe('0.0');
  });

  it('uses the first preview, or the fallback image', () => {
    expect(coverImage(['/previews/a.png', '/previews/b.png'])).toBe('/previews/a.png');
    expect(coverImage([])).toBe(FALLBACK_PREVIEW_IMAGE);
  });

  it('describes the access tier', () => {
    expect(describeAccess('free', null)).toBe('Free');
    expect(describeAccess('one_time_sale', 19)).toBe('£19.00');
    expect(describeAccess('subscription', null)).toBe('Included in subscription');
  });
});

describe('refusalMessage', () => {
  const fallback = 'Could not save your profile.';

  it("shows a refusal's and a failed service's own words", () => {
    expect(refusalMessage(new ApiError('That username is taken.', 409), fallback)).toBe(
      'That username is taken.',
    );
    const unavailable =
      'Our database is not answering right now, so nothing was changed. Please try again in a minute.';
    expect(refusalMessage(new ApiError(unavailable, 503), fallback)).toBe(unavailable);
    expect(refusalMessage(new NetworkError(), fallback)).toBe(UNREACHABLE_ERROR);
  });

  it("keeps the page's text for a generic server error or a proxy's page", () => {
    expect(refusalMessage(new ApiError('An unexpected error occurred.', 500), fallback)).toBe(
      fallback,
    );
    expect(refusalMessage(new ApiError('An unexpected error occurred.', 503), fallback)).toBe(
      fallback,
    );
    expect(refusalMessage(new Error('boom'), fallback)).toBe(fallback);
  });
});
