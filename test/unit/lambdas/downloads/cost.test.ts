import { describe, expect, it } from 'vitest';
import { downloadCostOf, isDownloadAllowed } from '../../../../lambdas/downloads/cost';

const base = { ownTemplate: false, owned: false, grantedThisPeriod: false } as const;

describe('downloadCostOf', () => {
  it('refuses the seller their own template, whatever its tier or history', () => {
    for (const accessTier of ['free', 'subscription', 'one_time_sale'] as const) {
      expect(
        downloadCostOf({
          ...base,
          accessTier,
          ownTemplate: true,
          owned: true,
          grantedThisPeriod: true,
        }),
      ).toBe('own_template');
    }
  });

  it('needs an order for a one-time-sale template, and then spends nothing', () => {
    expect(downloadCostOf({ ...base, accessTier: 'one_time_sale' })).toBe('purchase_required');
    expect(downloadCostOf({ ...base, accessTier: 'one_time_sale', owned: true })).toBe('owned');
  });

  it('makes free templates free and downloads again this period free', () => {
    expect(downloadCostOf({ ...base, accessTier: 'free' })).toBe('free_tier');
    expect(downloadCostOf({ ...base, accessTier: 'subscription' })).toBe('quota');
    expect(downloadCostOf({ ...base, accessTier: 'subscription', grantedThisPeriod: true })).toBe(
      'free_again',
    );
    expect(downloadCostOf({ ...base, accessTier: 'free', grantedThisPeriod: true })).toBe(
      'free_again',
    );
  });

  it("makes a version that fixes the buyer's last download free, and nothing else", () => {
    const fixes = { ...base, fixesDownloadedVersion: true };
    expect(downloadCostOf({ ...fixes, accessTier: 'subscription' })).toBe('security_fix');
    // A grant of this period, a free template, a purchase or one's own template keep their cost.
    expect(downloadCostOf({ ...fixes, accessTier: 'subscription', grantedThisPeriod: true })).toBe(
      'free_again',
    );
    expect(downloadCostOf({ ...fixes, accessTier: 'free' })).toBe('free_tier');
    expect(downloadCostOf({ ...fixes, accessTier: 'one_time_sale' })).toBe('purchase_required');
    expect(downloadCostOf({ ...fixes, accessTier: 'subscription', ownTemplate: true })).toBe(
      'own_template',
    );
    expect(isDownloadAllowed('security_fix')).toBe(true);
  });

  it('allows every cost but the refusals', () => {
    expect(isDownloadAllowed('own_template')).toBe(false);
    expect(isDownloadAllowed('purchase_required')).toBe(false);
    expect(
      ['quota', 'free_tier', 'free_again', 'owned'].every((c) => isDownloadAllowed(c as never)),
    ).toBe(true);
  });
});
