/** The overview's stat cards and the review queue's rules. */
import { describe, expect, it } from 'vitest';
import {
  canApproveTemplate,
  templateAccessLabel,
  templateSellerLabel,
} from '../../../../../../frontend/src/features/admin/lib/template-review';
import { overviewStatCards } from '../../../../../../frontend/src/features/admin/lib/overview-stats';

describe('overview stat cards', () => {
  it('shows the 8 figures in order: counts grouped, money in GBP, the rating with 2 decimals', () => {
    const cards = overviewStatCards({
      totalUsers: 1234,
      totalSellers: 3,
      totalMVPs: 32,
      pendingMVPs: 2,
      totalRevenue: 123456,
      monthlyRevenue: 0,
      totalDownloads: 10_500,
      averageRating: 4.5,
    });
    expect(cards.map((card) => [card.label, card.value])).toEqual([
      ['Total Users', '1,234'],
      ['Total Sellers', '3'],
      ['Total MVPs', '32'],
      ['Pending MVPs', '2'],
      ['Total Revenue', '£1,234.56'],
      ['Monthly Revenue', '£0.00'],
      ['Total Downloads', '10,500'],
      ['Average Rating', '4.50'],
    ]);
  });
});

describe('the review queue', () => {
  it('approves only templates waiting for review; failed ones can only be rejected', () => {
    expect(canApproveTemplate('pending_review')).toBe(true);
    expect(canApproveTemplate('scan_failed')).toBe(false);
    expect(canApproveTemplate('ipfs_pin_failed')).toBe(false);
  });

  it('says how the template is offered', () => {
    expect(templateAccessLabel({ access_tier: 'free', price: 0 })).toBe('Free');
    expect(templateAccessLabel({ access_tier: 'subscription', price: null })).toBe('Subscription');
    expect(templateAccessLabel({ access_tier: 'one_time_sale', price: 49.5 })).toBe('£49.50');
    expect(templateAccessLabel({ access_tier: 'one_time_sale', price: null })).toBe(
      'One-time sale',
    );
  });

  it('names the seller by display name, handle and address, as far as known', () => {
    const seller = {
      sellerDisplayName: 'Launchpad Labs',
      sellerUsername: 'launchpad',
      sellerEmail: 'seller@demo.local',
    };
    expect(templateSellerLabel(seller)).toBe('Launchpad Labs (@launchpad, seller@demo.local)');
    expect(templateSellerLabel({ ...seller, sellerUsername: null })).toBe(
      'Launchpad Labs (seller@demo.local)',
    );
    expect(templateSellerLabel({ ...seller, sellerDisplayName: null })).toBe(
      '@launchpad, seller@demo.local',
    );
    expect(
      templateSellerLabel({ sellerDisplayName: null, sellerUsername: null, sellerEmail: null }),
    ).toBe('Unknown seller');
  });
});
