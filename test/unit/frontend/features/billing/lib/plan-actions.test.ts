/** What each plan card offers: contact, sign in, current, switch or subscribe. */
import { describe, expect, it } from 'vitest';
import { PLANS, planById } from '../../../../../../contract/plans';
import type { SubscriptionView } from '../../../../../../contract/subscriptions';
import {
  activePlanOf,
  planAction,
  planPricePence,
  priceIdOf,
} from '../../../../../../frontend/src/features/billing/lib/plan-actions';

const view = (overrides: Partial<SubscriptionView> = {}): SubscriptionView => ({
  price_id: 'price_pro',
  plan_type: 'pro',
  subscription_status: 'active',
  status: 'active',
  current_period_end: 1_900_000_000,
  cancel_at_period_end: false,
  payment_method_brand: 'visa',
  payment_method_last4: '4242',
  ...overrides,
});

const actions = (viewer: Parameters<typeof planAction>[1]) =>
  Object.fromEntries(PLANS.map((plan) => [plan.id, planAction(plan, viewer).kind]));

describe('plan actions', () => {
  it('send visitors to sign in and Enterprise to /contact', () => {
    expect(actions({ signedIn: false, subscription: undefined })).toEqual({
      basic: 'sign-in',
      pro: 'sign-in',
      premium: 'sign-in',
      enterprise: 'contact',
    });
  });

  it('offer checkout to a signed-in person without an active subscription', () => {
    const expected = { basic: 'subscribe', pro: 'subscribe', premium: 'subscribe' };
    expect(actions({ signedIn: true, subscription: undefined })).toMatchObject(expected);
    expect(
      actions({ signedIn: true, subscription: view({ subscription_status: 'inactive' }) }),
    ).toMatchObject(expected);
    expect(
      actions({
        signedIn: true,
        subscription: view({ plan_type: null, price_id: null, subscription_status: 'inactive' }),
      }),
    ).toMatchObject(expected);
  });

  it("mark a subscriber's plan and offer a switch to the others, never a second checkout", () => {
    expect(actions({ signedIn: true, subscription: view() })).toEqual({
      basic: 'switch',
      pro: 'current',
      premium: 'switch',
      enterprise: 'contact',
    });
    expect(activePlanOf(view({ cancel_at_period_end: true }))).toBe('pro');
    expect(activePlanOf(view({ subscription_status: 'inactive' }))).toBeNull();
  });

  it("find the server's price id, null when the plan is not sold", () => {
    const plans = [
      { id: 'pro' as const, price_id: 'price_pro' },
      { id: 'enterprise' as const, price_id: null },
    ];
    expect(priceIdOf(plans, 'pro')).toBe('price_pro');
    expect(priceIdOf(plans, 'enterprise')).toBeNull();
    expect(priceIdOf(plans, 'basic')).toBeNull();
    expect(priceIdOf(undefined, 'pro')).toBeNull();
  });

  it('price the cards in whole pence', () => {
    expect(planPricePence(planById('pro'))).toBe(200);
    expect(planPricePence(planById('enterprise'))).toBeNull();
  });
});
