/** The checkout rules of the pricing, template and success pages. */
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../../../../contract/billing';
import { UNLIMITED_DOWNLOADS } from '../../../../../../contract/plans';
import {
  CHECKOUT_POLL_INTERVAL_MS,
  CHECKOUT_POLL_LIMIT_MS,
  checkoutFailure,
  checkoutPollInterval,
  quotaLine,
  subscriptionReturnUrls,
  templateReturnUrls,
} from '../../../../../../frontend/src/features/billing/lib/checkout';
import { ApiError } from '../../../../../../frontend/src/lib/api-error';

const ORIGIN = 'http://localhost:5173';

describe('checkout return URLs', () => {
  it("keep Stripe's session placeholder literal and return to /pricing?canceled=true", () => {
    expect(subscriptionReturnUrls(ORIGIN)).toEqual({
      success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/pricing?canceled=true`,
    });
  });

  it('name the template on success and return to its page on cancel', () => {
    expect(templateReturnUrls(ORIGIN, '01J/x y')).toEqual({
      success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}&mvp_id=01J%2Fx%20y`,
      cancel_url: `${ORIGIN}/mvp/01J%2Fx%20y?canceled=true`,
    });
  });
});

describe('waiting for the webhook on /success', () => {
  it('polls every second while the session is open or processing, within the limit', () => {
    for (const status of [undefined, 'open', 'processing'] as const) {
      expect(checkoutPollInterval(status, 0)).toBe(CHECKOUT_POLL_INTERVAL_MS);
      expect(checkoutPollInterval(status, CHECKOUT_POLL_LIMIT_MS - 1)).toBe(
        CHECKOUT_POLL_INTERVAL_MS,
      );
      expect(checkoutPollInterval(status, CHECKOUT_POLL_LIMIT_MS)).toBe(false);
    }
  });

  it('stops once the session settled', () => {
    expect(checkoutPollInterval('complete', 0)).toBe(false);
    expect(checkoutPollInterval('expired', 0)).toBe(false);
  });

  it("words the quota the webhook set, the plan's when it has not, and Enterprise as unlimited", () => {
    const base = { plan_type: 'pro' as const, downloads_remaining: null, download_quota: null };
    expect(quotaLine({ ...base, downloads_remaining: 15, download_quota: 15 })).toBe(
      '15 downloads this month',
    );
    expect(quotaLine(base)).toBe('15 downloads this month');
    expect(quotaLine({ ...base, downloads_remaining: 1 })).toBe('1 download this month');
    expect(quotaLine({ ...base, plan_type: 'enterprise' })).toBe('Unlimited downloads');
    expect(quotaLine({ ...base, downloads_remaining: UNLIMITED_DOWNLOADS })).toBe(
      'Unlimited downloads',
    );
    expect(quotaLine({ ...base, plan_type: null })).toBeNull();
  });
});

describe('a checkout that could not start', () => {
  it("shows the API's reason for a refusal and the product's text for anything else", () => {
    expect(checkoutFailure(new ApiError(CHECKOUT_MESSAGES.invalidPlan, 400))).toBe(
      CHECKOUT_MESSAGES.invalidPlan,
    );
    expect(checkoutFailure(new ApiError(CHECKOUT_MESSAGES.alreadyOwned, 409))).toBe(
      CHECKOUT_MESSAGES.alreadyOwned,
    );
    expect(checkoutFailure(new ApiError('Internal', 500))).toBe(CHECKOUT_MESSAGES.startFailed);
    expect(checkoutFailure(new ApiError('Unauthorized', 401))).toBe(CHECKOUT_MESSAGES.startFailed);
    expect(checkoutFailure(new TypeError('Failed to fetch'))).toBe(CHECKOUT_MESSAGES.startFailed);
    expect(checkoutFailure(new Error(CHECKOUT_MESSAGES.noUrl))).toBe(CHECKOUT_MESSAGES.noUrl);
  });
});
