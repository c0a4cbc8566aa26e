/**
 * The month of an Enterprise plan set up by an admin (no Stripe to renew it).
 */
import { describe, expect, it } from 'vitest';
import { addMonthsIso, isManualSubscription } from '../../../../lambdas/billing/enterprise';
import { MANUAL_ENTERPRISE_PRICE } from '../../../../contract/billing';

describe('an Enterprise month', () => {
  it('is a calendar month, the 31st falling back to the month’s last day', () => {
    expect(addMonthsIso('2026-11-27T10:00:00.000Z', 1)).toBe('2026-12-27T10:00:00.000Z');
    expect(addMonthsIso('2027-01-31T10:00:00.000Z', 1)).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonthsIso('2027-12-15T00:00:00.000Z', 1)).toBe('2028-01-15T00:00:00.000Z');
  });

  it('belongs to a subscription with the manual price only', () => {
    expect(isManualSubscription({ price_id: MANUAL_ENTERPRISE_PRICE })).toBe(true);
    expect(isManualSubscription({ price_id: 'price_local_pro' })).toBe(false);
  });
});
