/** How a licence certificate says what granted it and why it cannot be shown. */
import { describe, expect, it } from 'vitest';
import { LICENSE_MESSAGES } from '../../../../../../contract/licenses';
import {
  grantedBy,
  licenseFailure,
  sourceLabel,
} from '../../../../../../frontend/src/features/licenses/lib/license-format';
import { ApiError, UNEXPECTED_ERROR } from '../../../../../../frontend/src/lib/api-error';

describe('licence certificates', () => {
  it('name the plan, the order or the free tier behind the licence', () => {
    expect(grantedBy({ source: 'subscription', plan_type: 'pro', order_id: null })).toBe(
      'Pro plan subscription',
    );
    expect(grantedBy({ source: 'subscription', plan_type: null, order_id: null })).toBe(
      'Subscription',
    );
    expect(grantedBy({ source: 'order', plan_type: null, order_id: 'ord_1' })).toBe(
      'One-time purchase (order ord_1)',
    );
    expect(grantedBy({ source: 'free', plan_type: null, order_id: null })).toBe('Free template');
    expect(sourceLabel({ source: 'subscription', plan_type: 'premium' })).toBe('Premium plan');
    expect(sourceLabel({ source: 'order', plan_type: null })).toBe('One-time purchase');
    expect(sourceLabel({ source: 'free', plan_type: null })).toBe('Free template');
  });

  it('say "not found" for an unknown or malformed id, the API\'s text otherwise', () => {
    expect(licenseFailure(new ApiError('Not found', 404))).toBe(LICENSE_MESSAGES.notFound);
    expect(licenseFailure(new ApiError('Invalid id', 400))).toBe(LICENSE_MESSAGES.notFound);
    expect(licenseFailure(new ApiError('Service Unavailable', 503))).toBe('Service Unavailable');
    expect(licenseFailure(new TypeError('Failed to fetch'))).toBe(UNEXPECTED_ERROR);
  });
});
