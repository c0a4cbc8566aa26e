/** How the admin queues name people and months, and which actions they offer. */
import { describe, expect, it } from 'vitest';
import { disputePartyLabel } from '../../../../../../frontend/src/features/admin/lib/dispute-queue';
import {
  PROCESS_BLOCKED_TEXT,
  canProcessPayout,
  missedRunMonths,
  payoutMonthLabel,
  payoutSellerLabel,
  processBlockedReason,
} from '../../../../../../frontend/src/features/admin/lib/payout-queue';
import { sellerApprovalAction } from '../../../../../../frontend/src/features/admin/lib/user-management';

describe('dispute parties', () => {
  it('shows the name the parties see and the address admins see', () => {
    const party = { id: 'u1', username: 'ada', display_name: 'Ada Lovelace', email: 'ada@x.test' };
    expect(disputePartyLabel(party)).toBe('Ada Lovelace (ada@x.test)');
    expect(disputePartyLabel({ ...party, display_name: null })).toBe('@ada (ada@x.test)');
    expect(disputePartyLabel({ ...party, display_name: null, username: null })).toBe('ada@x.test');
    expect(
      disputePartyLabel({ id: 'u1', display_name: null, username: null, email: undefined }),
    ).toBe('u1');
  });
});

describe('payouts', () => {
  it('words the month and the seller', () => {
    expect(payoutMonthLabel('2026-05')).toBe('May 2026');
    expect(payoutMonthLabel('2026-12')).toBe('December 2026');
    expect(payoutMonthLabel('nonsense')).toBe('nonsense');
    const seller = { id: 's', email: 's@x.test', username: 'studio', display_name: null };
    expect(payoutSellerLabel(seller)).toBe('@studio (s@x.test)');
    expect(payoutSellerLabel({ ...seller, display_name: 'Studio' })).toBe('Studio (s@x.test)');
    expect(payoutSellerLabel({ ...seller, username: null })).toBe('s@x.test');
  });

  it('offers Process on pending payouts and again on failed ones', () => {
    expect(canProcessPayout('pending')).toBe(true);
    expect(canProcessPayout('failed')).toBe(true);
    for (const status of ['processing', 'completed', 'cancelled'] as const) {
      expect(canProcessPayout(status)).toBe(false);
    }
  });

  it('says why Process cannot be pressed while the seller cannot be paid', () => {
    const seller = { id: 's', email: 's@x.test', username: null, display_name: null };
    expect(processBlockedReason({ seller: { ...seller, payouts_enabled: false } })).toBe(
      PROCESS_BLOCKED_TEXT,
    );
    expect(processBlockedReason({ seller: { ...seller, payouts_enabled: true } })).toBeNull();
  });

  it('offers a run for the missed months only, newest first', () => {
    const month = (month_year: string, state: 'completed' | 'running' | 'missed') => ({
      month_year,
      state,
      started_at: null,
      completed_at: null,
      payouts_created: null,
      payouts: { pending: 0, processing: 0, completed: 0, failed: 0, cancelled: 0 },
    });
    expect(
      missedRunMonths([
        month('2026-10', 'missed'),
        month('2026-09', 'running'),
        month('2026-08', 'missed'),
        month('2026-07', 'completed'),
      ]),
    ).toEqual(['2026-10', '2026-08']);
  });
});

describe('user management', () => {
  it('offers approve or revoke to sellers and both only', () => {
    expect(sellerApprovalAction({ role: 'seller', is_seller_approved: false })).toBe('approve');
    expect(sellerApprovalAction({ role: 'both', is_seller_approved: true })).toBe('revoke');
    // A closed account is offered neither.
    const closed_at = '2026-11-02T10:00:00.000Z';
    expect(sellerApprovalAction({ role: 'seller', is_seller_approved: false, closed_at })).toBe(
      null,
    );
    expect(sellerApprovalAction({ role: 'both', is_seller_approved: true, closed_at })).toBe(null);
    expect(sellerApprovalAction({ role: 'buyer', is_seller_approved: false })).toBeNull();
    expect(sellerApprovalAction({ role: 'admin', is_seller_approved: true })).toBeNull();
  });
});
