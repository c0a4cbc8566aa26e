/**
 * The demo subscriptions: written once with the current month as their period, left alone on a
 * reseed, and renewed to the current month once their period has ended.
 */
import { describe, expect, it } from 'vitest';
import { getSubscriptionView, listSubscriptions } from '../../../lambdas/billing/service';
import { currentMonthPeriod, seedSubscriptions } from '../../../lib/local/seed/subscriptions';

const subs = new Map([
  ['buyer', 'seed-buyer-sub'],
  ['maker', 'seed-maker-sub'],
] as const);

describe('seedSubscriptions', () => {
  it('gives the buyer an active Pro plan and the maker account one too, idempotently', async () => {
    const now = new Date('2026-05-14T09:00:00.000Z');
    await seedSubscriptions(subs, now);
    const firstRun = await listSubscriptions('seed-buyer-sub');
    await seedSubscriptions(subs, new Date('2026-05-20T09:00:00.000Z'));
    expect(await listSubscriptions('seed-buyer-sub')).toEqual(firstRun);
    expect(firstRun).toHaveLength(1);
    expect(firstRun[0]).toMatchObject({
      plan_type: 'pro',
      status: 'active',
      current_period_start: '2026-05-01T00:00:00.000Z',
      current_period_end: '2026-06-01T00:00:00.000Z',
    });
    expect((await listSubscriptions('seed-maker-sub'))[0]?.status).toBe('active');
  });

  it('renews a subscription whose period ended to the current month', async () => {
    await seedSubscriptions(subs, new Date('2026-05-14T09:00:00.000Z'));
    await seedSubscriptions(subs, new Date('2026-07-03T12:00:00.000Z'));
    const [renewed] = await listSubscriptions('seed-buyer-sub');
    expect(renewed).toMatchObject({
      current_period_start: '2026-07-01T00:00:00.000Z',
      current_period_end: '2026-08-01T00:00:00.000Z',
    });
    const view = await getSubscriptionView('seed-buyer-sub');
    expect(view.payment_method_last4).toBe('4242');
    expect(currentMonthPeriod(new Date('2026-12-31T23:59:59.000Z')).end).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});
