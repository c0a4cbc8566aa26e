/** Pure logic of the dashboard and dispute pages: view choice, quota wording, timeline, choices. */
import { describe, expect, it } from 'vitest';
import { disputePartyName, type Dispute } from '../../../../../contract/disputes';
import type { MyDownload } from '../../../../../contract/downloads';
import { downloadedTemplates } from '../../../../../frontend/src/features/downloads/api/get-my-downloads';
import { dashboardModeFor } from '../../../../../frontend/src/features/dashboard/lib/dashboard-mode';
import {
  cardText,
  periodText,
  quotaText,
} from '../../../../../frontend/src/features/dashboard/lib/format';
import { timelineSteps } from '../../../../../frontend/src/features/disputes/lib/dispute-labels';

const dispute = (overrides: Partial<Dispute> = {}): Dispute => ({
  id: 'd1',
  mvp_id: 'm1',
  reason: 'Other',
  details: 'x'.repeat(20),
  status: 'open',
  opened_at: '2026-01-01T10:00:00.000Z',
  resolved_at: null,
  resolution_details: null,
  timeline: [{ status: 'open', at: '2026-01-01T10:00:00.000Z' }],
  buyer: { id: 'b', username: 'bea', display_name: null },
  seller: { id: 's', username: 'sam', display_name: 'Sam Studio' },
  mvp: { id: 'm1', title: 'T', slug: 't' },
  viewer_role: 'buyer',
  ...overrides,
});

describe('dashboard', () => {
  it('shows sellers the seller view (or the buyer view they chose), buyers and admins the buyer view', () => {
    expect(dashboardModeFor({ role: 'seller' }, null)).toBe('seller');
    // A buyer who became a seller keeps the buyer view a click away.
    expect(dashboardModeFor({ role: 'seller' }, 'buyer')).toBe('buyer');
    expect(dashboardModeFor({ role: 'buyer' }, 'seller')).toBe('buyer');
    expect(dashboardModeFor({ role: 'admin' }, null)).toBe('buyer');
    expect(dashboardModeFor({ role: 'both' }, null)).toBe('seller');
    expect(dashboardModeFor({ role: 'both' }, 'buyer')).toBe('buyer');
  });

  it('words the quota and the renewal', () => {
    expect(quotaText(3, 15)).toBe('3 of 15');
    expect(quotaText(1_000_000, 1_000_000)).toBe('Unlimited');
    const view = {
      price_id: 'p',
      plan_type: 'pro' as const,
      subscription_status: 'active' as const,
      status: 'active' as const,
      current_period_end: Date.parse('2030-06-15T12:00:00Z') / 1000,
      cancel_at_period_end: false,
      payment_method_brand: null,
      payment_method_last4: null,
    };
    expect(periodText(view)).toMatch(/^Renews on /);
    expect(periodText({ ...view, cancel_at_period_end: true })).toMatch(/^Ends on /);
    expect(periodText({ ...view, current_period_end: null })).toBeNull();
  });

  it('names the card the subscription is paid with, as people write the brand', () => {
    expect(cardText('visa', '4242')).toBe('Visa •••• 4242');
    expect(cardText('amex', '0005')).toBe('American Express •••• 0005');
    expect(cardText('link', '1234')).toBe('Link •••• 1234');
    expect(cardText(null, '4242')).toBeNull();
    expect(cardText('visa', null)).toBeNull();
  });

  it('offers each downloaded template once, newest download first', () => {
    const row = (id: string, templateId: string, title: string): MyDownload => ({
      id,
      mvp_id: templateId,
      month_year: '2026-01',
      downloaded_at: '2026-01-01T00:00:00.000Z',
      mvp: { id: templateId, title, slug: title, version_number: '1.0.0', preview_images: [] },
    });
    const templates = downloadedTemplates([
      row('3', 'a', 'A v2'),
      row('2', 'b', 'B'),
      row('1', 'a', 'A'),
    ]);
    expect(templates.map((template) => [template.id, template.title])).toEqual([
      ['a', 'A v2'],
      ['b', 'B'],
    ]);
  });
});

describe('dispute timeline', () => {
  it('marks only the steps reached', () => {
    const steps = timelineSteps(dispute());
    expect(steps.map((step) => step.at !== null)).toEqual([true, false, false]);
  });

  it('dates review and resolution from the timeline and names the outcome', () => {
    const steps = timelineSteps(
      dispute({
        status: 'resolved_buyer',
        resolved_at: '2026-01-04T10:00:00.000Z',
        timeline: [
          { status: 'open', at: '2026-01-01T10:00:00.000Z' },
          { status: 'in_review', at: '2026-01-02T10:00:00.000Z' },
          { status: 'resolved_buyer', at: '2026-01-04T10:00:00.000Z' },
        ],
      }),
    );
    expect(steps).toEqual([
      { label: 'Dispute opened', at: '2026-01-01T10:00:00.000Z' },
      { label: 'In review', at: '2026-01-02T10:00:00.000Z' },
      { label: 'Resolved in favour of the buyer', at: '2026-01-04T10:00:00.000Z' },
    ]);
  });
});

describe('dispute party names', () => {
  it('uses the display name, else @username, else the role — never an e-mail address', () => {
    expect(
      disputePartyName({ id: 's', username: 'sam', display_name: 'Sam Studio' }, 'Seller'),
    ).toBe('Sam Studio');
    expect(disputePartyName({ id: 'b', username: 'bea', display_name: null }, 'Buyer')).toBe(
      '@bea',
    );
    expect(disputePartyName({ id: 'b', username: null, display_name: null }, 'Buyer')).toBe(
      'Buyer',
    );
  });
});
