/** The seller payment pages' rules: months, waiting for Stripe's confirmation, failure texts. */
import { describe, expect, it } from 'vitest';
import { CONNECT_MESSAGES } from '../../../../../../contract/billing';
import { THIRD_PARTY_UNAVAILABLE_MESSAGES } from '../../../../../../contract/third-parties';
import {
  CONNECT_POLL_INTERVAL_MS,
  CONNECT_POLL_LIMIT_MS,
  connectFailure,
  connectPollInterval,
  onboardingReturnNote,
} from '../../../../../../frontend/src/features/payouts/lib/connect';
import { monthLabel } from '../../../../../../frontend/src/features/payouts/lib/payout-format';
import { ApiError } from '../../../../../../frontend/src/lib/api-error';

const status = (payoutsEnabled: boolean) => ({
  connected: true,
  payouts_enabled: payoutsEnabled,
  details_submitted: true,
});

describe('payout months', () => {
  it('names the month paid for, whatever the time zone', () => {
    expect(monthLabel('2026-05')).toBe('May 2026');
    expect(monthLabel('2025-12')).toBe('December 2025');
    expect(monthLabel('2026-01')).toBe('January 2026');
    expect(monthLabel('garbage')).toBe('garbage');
  });
});

describe('after Stripe onboarding', () => {
  it('asks again every 2 s until payouts are enabled, for at most the limit', () => {
    expect(connectPollInterval(undefined, 0)).toBe(CONNECT_POLL_INTERVAL_MS);
    expect(connectPollInterval(status(false), CONNECT_POLL_LIMIT_MS - 1)).toBe(
      CONNECT_POLL_INTERVAL_MS,
    );
    expect(connectPollInterval(status(false), CONNECT_POLL_LIMIT_MS)).toBe(false);
    expect(connectPollInterval(status(true), 0)).toBe(false);
  });

  it('says "being verified" until Stripe confirms, then "connected"', () => {
    expect(onboardingReturnNote(status(false))).toMatchObject({ status: 'info' });
    expect(onboardingReturnNote(undefined).title).toMatch(/being verified/);
    expect(onboardingReturnNote(status(true))).toMatchObject({ status: 'success' });
    expect(onboardingReturnNote(status(true)).title).toMatch(/connected/);
  });

  it("words a failed link with the product's texts", () => {
    expect(connectFailure(new ApiError('Internal Server Error', 500))).toBe(
      CONNECT_MESSAGES.linkFailed,
    );
    expect(connectFailure(new ApiError(CONNECT_MESSAGES.linkFailed, 502))).toBe(
      CONNECT_MESSAGES.linkFailed,
    );
    expect(connectFailure(new ApiError('Seller Approval Required', 403))).toBe(
      `${CONNECT_MESSAGES.linkFailed}: Seller Approval Required`,
    );
    expect(connectFailure(new TypeError('Failed to fetch'))).toBe(CONNECT_MESSAGES.unexpected);
    // Stripe not answering: the API's words, which name it and say nothing was changed.
    expect(connectFailure(new ApiError(THIRD_PARTY_UNAVAILABLE_MESSAGES.stripe, 503))).toBe(
      THIRD_PARTY_UNAVAILABLE_MESSAGES.stripe,
    );
  });
});
