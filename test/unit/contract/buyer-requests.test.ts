/** The refund and dispute schemas shared by the forms and the API, and the plan constants. */
import '../../fixtures/lambda-env';
import { describe, expect, it } from 'vitest';
import { toSubscriptionView } from '../../../lambdas/ledger/service';
import {
  DISPUTE_MESSAGES,
  DISPUTE_REASONS,
  disputeInputSchema,
  isUnresolvedDispute,
} from '../../../contract/disputes';
import { PLANS, isUnlimitedDownloads, planById } from '../../../contract/plans';
import { REFUND_MESSAGES, refundRequestInputSchema } from '../../../contract/refunds';
import { subscriptionItem } from '../../fixtures/subscriptions';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('refund request schema', () => {
  const valid = { subscription_id: 'sub-1', reason: 'Double charge', amount_requested: 1.5 };

  it('accepts a request and trims the reason', () => {
    expect(refundRequestInputSchema.parse({ ...valid, reason: '  Double charge ' })).toEqual(valid);
    expect(refundRequestInputSchema.safeParse({ ...valid, amount_requested: 0.01 }).success).toBe(
      true,
    );
  });

  it.each([
    [{ subscription_id: '' }, REFUND_MESSAGES.subscriptionRequired],
    [{ subscription_id: undefined }, REFUND_MESSAGES.subscriptionRequired],
    [{ subscription_id: null }, REFUND_MESSAGES.subscriptionRequired],
    [{ subscription_id: null, order_id: null }, REFUND_MESSAGES.subscriptionRequired],
    [{ subscription_id: 42 }, REFUND_MESSAGES.subscriptionRequired],
    [{ reason: '   ' }, REFUND_MESSAGES.reasonRequired],
    [{ reason: undefined }, REFUND_MESSAGES.reasonRequired],
    [{ amount_requested: 0 }, REFUND_MESSAGES.amountInvalid],
    [{ amount_requested: 0.009 }, REFUND_MESSAGES.amountInvalid],
    [{ amount_requested: 2.345 }, REFUND_MESSAGES.amountInvalid],
    [{ amount_requested: Number.NaN }, REFUND_MESSAGES.amountInvalid],
    [{ amount_requested: undefined }, REFUND_MESSAGES.amountInvalid],
  ])('refuses %o with the product’s message', (override, message) => {
    expect(firstMessage(refundRequestInputSchema.safeParse({ ...valid, ...override }))).toBe(
      message,
    );
  });
});

describe('dispute schema', () => {
  const valid = { mvp_id: 'mvp-1', reason: 'Other', details: 'x'.repeat(20) };

  it('has the six reasons of the product', () => {
    expect(DISPUTE_REASONS).toEqual([
      'Non-functioning code',
      'Missing features',
      'Incompatible with advertised platforms',
      'Security vulnerabilities',
      'Misrepresented functionality',
      'Other',
    ]);
  });

  it('accepts exactly 20 characters of details after trimming', () => {
    expect(disputeInputSchema.safeParse(valid).success).toBe(true);
    expect(
      firstMessage(disputeInputSchema.safeParse({ ...valid, details: ` ${'x'.repeat(19)} ` })),
    ).toBe(DISPUTE_MESSAGES.detailsTooShort);
  });

  it.each([
    [{ mvp_id: '' }, DISPUTE_MESSAGES.mvpRequired],
    [{ reason: '' }, DISPUTE_MESSAGES.reasonRequired],
    [{ reason: 'Bad vibes' }, DISPUTE_MESSAGES.reasonRequired],
    [{ details: undefined }, DISPUTE_MESSAGES.detailsTooShort],
  ])('refuses %o with the product’s message', (override, message) => {
    expect(firstMessage(disputeInputSchema.safeParse({ ...valid, ...override }))).toBe(message);
  });

  it('treats open and in_review as unresolved, the three final states as resolved', () => {
    expect(isUnresolvedDispute('open')).toBe(true);
    expect(isUnresolvedDispute('in_review')).toBe(true);
    for (const status of ['resolved_buyer', 'resolved_seller', 'closed_no_action'] as const) {
      expect(isUnresolvedDispute(status)).toBe(false);
    }
  });
});

describe('plans and the subscription view', () => {
  it('has the four plans of the product with Pro as the popular one', () => {
    expect(PLANS.map((plan) => [plan.name, plan.priceGbp, plan.downloadsPerMonth])).toEqual([
      ['Basic', 1, 5],
      ['Pro', 2, 15],
      ['Premium', 3, 35],
      ['Enterprise', null, null],
    ]);
    expect(PLANS.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['pro']);
    expect(planById('premium').name).toBe('Premium');
    expect(isUnlimitedDownloads(1_000_000)).toBe(true);
    expect(isUnlimitedDownloads(999)).toBe(false);
  });

  it('projects the newest subscription onto the view, active meaning active or trialing', () => {
    const item = subscriptionItem('u', { current_period_end: '2030-01-01T00:00:00.000Z' });
    expect(toSubscriptionView(item)).toMatchObject({
      subscription_status: 'active',
      current_period_end: 1893456000,
      payment_method_brand: null,
    });
    expect(toSubscriptionView({ ...item, status: 'trialing' }).subscription_status).toBe('active');
    expect(toSubscriptionView({ ...item, status: 'canceled' })).toMatchObject({
      subscription_status: 'inactive',
      status: 'canceled',
    });
    expect(toSubscriptionView({ ...item, status: 'past_due' })).toMatchObject({
      subscription_status: 'inactive',
      status: 'past_due',
    });
    expect(toSubscriptionView(null)).toMatchObject({
      subscription_status: 'inactive',
      plan_type: null,
      status: null,
      current_period_end: null,
    });
  });
});
