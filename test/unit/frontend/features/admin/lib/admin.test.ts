/** The admin dashboard's rules: the tab in the URL, the refund queue's actions and amounts, audit changes. */
import { hashKey, partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminRefundRequest } from '../../../../../../contract/refunds';
import { adminKeys } from '../../../../../../frontend/src/features/admin/api/keys';
import { selectAdminTab } from '../../../../../../frontend/src/features/admin/lib/admin-tab';
import {
  auditActionLabel,
  auditTargetLabel,
  auditChanges,
} from '../../../../../../frontend/src/features/admin/lib/audit-changes';
import {
  refundActions,
  refundAmounts,
} from '../../../../../../frontend/src/features/admin/lib/refund-queue';
import { refundKeys } from '../../../../../../frontend/src/features/refunds/api/keys';

describe('the admin tab in the URL', () => {
  const tabs = ['overview', 'refunds', 'audit'] as const;

  it('shows a known tab and falls back to the first for anything else', () => {
    expect(selectAdminTab('refunds', tabs)).toBe('refunds');
    expect(selectAdminTab('audit', tabs)).toBe('audit');
    expect(selectAdminTab(null, tabs)).toBe('overview');
    expect(selectAdminTab('', tabs)).toBe('overview');
    expect(selectAdminTab('Refunds', tabs)).toBe('overview');
    expect(selectAdminTab('newsletter', tabs)).toBe('overview');
  });
});

describe('the refund queue', () => {
  const request = (overrides: Partial<AdminRefundRequest> = {}): AdminRefundRequest => ({
    id: 'r1',
    user_id: 'u1',
    subscription_id: 's1',
    order_id: null,
    reason: 'Wrong plan',
    amount_requested: 1.5,
    status: 'pending',
    created_at: '2026-11-01T10:00:00.000Z',
    processed_at: null,
    stripe_refund_id: null,
    subscription: { plan_type: 'pro', stripe_subscription_id: 'sub_1' },
    order: null,
    user_email: 'buyer@demo.local',
    amount_paid: 3800,
    amount_refunded: 150,
    processed_by: null,
    ...overrides,
  });

  it('offers what the status allows: approve or reject a pending one, process an approved one', () => {
    expect(refundActions('pending')).toEqual(['approve', 'reject']);
    expect(refundActions('approved')).toEqual(['process']);
    expect(refundActions('rejected')).toEqual([]);
    expect(refundActions('processed')).toEqual([]);
  });

  it('shows the requested pounds and the paid and refunded pence as GBP', () => {
    expect(refundAmounts(request())).toEqual({
      requested: '£1.50',
      paid: '£38.00',
      refunded: '£1.50',
    });
    // A float sum like 0.1 + 0.2 is still whole pence.
    expect(refundAmounts(request({ amount_requested: 0.1 + 0.2 })).requested).toBe('£0.30');
    expect(refundAmounts(request({ amount_requested: 1234.5, amount_paid: 0 }))).toMatchObject({
      requested: '£1,234.50',
      paid: '£0.00',
    });
  });
});

describe('audit entries', () => {
  it('lists the fields that changed, either side possibly absent', () => {
    expect(
      auditChanges({
        before: { status: 'pending', amount: 1.5, note: null },
        after: { status: 'approved', amount: 1.5, stripe_refund_id: 're_1' },
      }),
    ).toEqual([
      { field: 'status', label: 'Status', before: 'Pending', after: 'Approved' },
      { field: 'stripe_refund_id', label: 'Stripe refund', before: '—', after: 're_1' },
    ]);
    expect(auditChanges({ before: null, after: { role: 'seller', approved: true } })).toEqual([
      { field: 'role', label: 'Role', before: '—', after: 'Seller' },
      { field: 'approved', label: 'Approved', before: '—', after: 'Yes' },
    ]);
    expect(auditChanges({ before: { tags: ['a'] }, after: null })).toEqual([
      { field: 'tags', label: 'Tags', before: '["a"]', after: '—' },
    ]);
    // A dispute's outcome reads as words, never as its code.
    expect(
      auditChanges({ before: { status: 'in_review' }, after: { status: 'resolved_buyer' } }),
    ).toEqual([
      {
        field: 'status',
        label: 'Status',
        before: 'In review',
        after: 'Resolved in favour of the buyer',
      },
    ]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });

  it("reads an authenticator app's reset as the app turned off, with the admin's reason", () => {
    expect(auditActionLabel('user.mfa_reset')).toBe('Reset an authenticator app');
    expect(
      auditChanges({
        before: { authenticator_app: true },
        after: { authenticator_app: false, reason: 'Lost phone; checked by e-mail.' },
      }),
    ).toEqual([
      { field: 'authenticator_app', label: 'Authenticator app', before: 'Yes', after: 'No' },
      { field: 'reason', label: 'Reason', before: '—', after: 'Lost phone; checked by e-mail.' },
    ]);
  });

  it('names the action in words, and an unknown one in sentence case', () => {
    expect(auditActionLabel('user.role')).toBe('Changed a role');
    expect(auditActionLabel('payout_run.start')).toBe('Ran monthly payouts');
    expect(auditActionLabel('refund_request.archive')).toBe('Refund request archive');
    expect(auditActionLabel('approve')).toBe('Approve');
  });

  it('names the target, with a short id for entries without a name', () => {
    expect(
      auditTargetLabel({ target_type: 'mvp', target_id: '01JD3F0000', target_name: 'Ship Fast' }),
    ).toBe('Template · Ship Fast');
    expect(
      auditTargetLabel({
        target_type: 'refund_request',
        target_id: '01JD3F5Q9R8S7T6V5W4X3Y2Z1A',
        target_name: null,
      }),
    ).toBe('Refund request 01JD3F5Q…');
  });
});

describe('admin query keys', () => {
  it('keep the admin queue apart from the buyer’s own refund requests', () => {
    const keys = [adminKeys.refunds('pending'), adminKeys.refunds('processed'), adminKeys.audit];
    for (const key of keys) {
      expect(partialMatchKey(key, adminKeys.all), hashKey(key)).toBe(true);
      expect(partialMatchKey(refundKeys.list, key)).toBe(false);
      expect(partialMatchKey(key, refundKeys.all)).toBe(false);
    }
    expect(partialMatchKey(adminKeys.refunds('approved'), adminKeys.refundLists)).toBe(true);
    expect(partialMatchKey(adminKeys.audit, adminKeys.refundLists)).toBe(false);
  });
});
