/**
 * Texts that say what numbers count: the seller figures (contract/seller-figures.ts), a payout
 * month's standing (contract/payouts.ts) and what a plan switch charges (contract/billing.ts).
 */
import { describe, expect, it } from 'vitest';
import { SELLER_FIGURES_TEXT, sellerFiguresOf } from '../../../contract/seller-figures';
import { payoutMonthStanding, type PayoutStatus } from '../../../contract/payouts';
import { PLAN_SWITCH_TEXT } from '../../../contract/billing';

const payouts = (counts: Partial<Record<PayoutStatus, number>>): Record<PayoutStatus, number> => ({
  pending: 0,
  processing: 0,
  completed: 0,
  failed: 0,
  cancelled: 0,
  ...counts,
});

describe('sellerFiguresOf', () => {
  it('sums downloads and averages every rating exactly, null without any', () => {
    expect(
      sellerFiguresOf([
        { download_count: 6_640, rating_sum: 11, rating_count: 3 },
        { download_count: 7, rating_sum: 0, rating_count: 0 },
      ]),
    ).toEqual({ downloads: 6_647, ratings: 3, average_rating: 3.67 });
    expect(sellerFiguresOf([])).toEqual({ downloads: 0, ratings: 0, average_rating: null });
  });

  it('says the ratings are verified reviews', () => {
    expect(SELLER_FIGURES_TEXT.ratings(0)).toBe('No verified reviews yet');
    expect(SELLER_FIGURES_TEXT.ratings(1)).toBe('From 1 verified review');
    expect(SELLER_FIGURES_TEXT.ratings(1_204)).toBe('From 1,204 verified reviews');
  });
});

describe('payoutMonthStanding', () => {
  it('is Paid only when nothing is owed', () => {
    expect(payoutMonthStanding(payouts({ completed: 2 }))).toEqual({
      standing: 'paid',
      label: 'Paid',
      counts: 'Paid 2',
    });
    expect(payoutMonthStanding(payouts({}))).toMatchObject({ label: 'Paid', counts: 'No payouts' });
    expect(payoutMonthStanding(payouts({ completed: 1, cancelled: 1 }))).toMatchObject({
      label: 'Paid',
      counts: 'Paid 1 · Cancelled 1',
    });
  });

  it('says a run month with a pending payout is partly paid, with each count', () => {
    expect(payoutMonthStanding(payouts({ completed: 1, pending: 1 }))).toEqual({
      standing: 'partly',
      label: 'Partly paid',
      counts: 'Paid 1 · Pending 1',
    });
    expect(payoutMonthStanding(payouts({ completed: 3, processing: 1, failed: 2 })).counts).toBe(
      'Paid 3 · Processing 1 · Failed 2',
    );
  });

  it('says Not paid yet when no payout completed and some are owed', () => {
    expect(payoutMonthStanding(payouts({ pending: 2, failed: 1 }))).toEqual({
      standing: 'unpaid',
      label: 'Not paid yet',
      counts: 'Pending 2 · Failed 1',
    });
  });
});

describe('PLAN_SWITCH_TEXT', () => {
  it('says before and after the switch that the difference is invoiced now, never later', () => {
    for (const text of [PLAN_SWITCH_TEXT.dialog, PLAN_SWITCH_TEXT.banner]) {
      expect(text).toMatch(/invoiced (and charged to your card )?now/);
      expect(text).not.toMatch(/prorated on your next invoice/);
      expect(text).toContain('credit');
    }
  });
});
