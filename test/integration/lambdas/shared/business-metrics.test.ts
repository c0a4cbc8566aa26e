/**
 * Business metrics are counted once per fact, where the service decides it and after its write:
 * a checkout (a template or a plan) counts CheckoutsStarted when the session exists and
 * CheckoutsCompleted when its webhook first records it, and a replayed webhook counts nothing; a forged Stripe or
 * malformed GitHub webhook counts WebhookEventsRejected. The shared Powertools instance is
 * watched (its EMF output is switched off in these tests).
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutResult } from '../../../../contract/billing';
import { businessMetrics, type BusinessMetric } from '../../../../contract/design/metrics';
import { metrics } from '../../../../lambdas/shared/observability';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import {
  SITE_ORIGIN,
  billingStripe,
  callBilling,
  deliverEvent,
  deliverNewEvents,
  eventsOfCustomer,
} from '../../../fixtures/billing';
import { dispatch } from '../../../fixtures/dispatch';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate } from '../../../fixtures/template-items';

const { control, prices } = billingStripe();

let counted: { name: string; value: number }[] = [];

beforeEach(() => {
  counted = [];
  vi.spyOn(metrics, 'addMetric').mockImplementation((name, _unit, value) => {
    counted.push({ name, value });
    return metrics;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The business facts counted since the last reset (health metrics left out). */
const facts = (): Partial<Record<BusinessMetric, number>> => {
  const names = new Set<string>(Object.values(businessMetrics));
  const totals: Partial<Record<BusinessMetric, number>> = {};
  for (const { name, value } of counted) {
    if (!names.has(name)) continue;
    const key = name as BusinessMetric;
    totals[key] = (totals[key] ?? 0) + value;
  }
  return totals;
};

const ofType = (events: Stripe.Event[], type: string): Stripe.Event => {
  const event = events.find((candidate) => candidate.type === type);
  if (!event) throw new Error(`No ${type} event`);
  return event;
};

describe('checkout metrics', () => {
  it('counts a started and a completed template checkout once, and a replay not at all', async () => {
    const buyerId = `buyer-${randomUUID()}`;
    await putProfile({ id: buyerId, display_name: 'Metric Buyer' });
    const template = await seedTemplate(`seller-${randomUUID()}`, {
      access_tier: 'one_time_sale',
      price: 19,
      title: 'Metric Kit',
    });
    const started = await callBilling('POST', '/api/billing/checkout', buyerId, {
      mode: 'payment',
      mvp_id: template.id,
      success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_ORIGIN}/mvp/${template.id}`,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(facts()).toEqual({ [businessMetrics.checkoutsStarted]: 1 });

    const { session_id } = jsonBody<CheckoutResult>(started);
    const { session } = await control.completeCheckout(session_id, { card: '4242424242424242' });
    const completed = ofType(
      await eventsOfCustomer(session.customer as string),
      'checkout.session.completed',
    );
    counted = [];
    expect((await deliverEvent(completed)).statusCode).toBe(200);
    expect(facts()).toEqual({ [businessMetrics.checkoutsCompleted]: 1 });

    counted = [];
    expect((await deliverEvent(completed)).statusCode).toBe(200);
    expect(facts()).toEqual({});
  });

  it('counts a plan checkout once, whichever of its events lands first, and a replay not at all', async () => {
    const buyerId = `buyer-${randomUUID()}`;
    await putProfile({ id: buyerId, display_name: 'Plan Buyer' });
    const started = await callBilling('POST', '/api/billing/checkout', buyerId, {
      mode: 'subscription',
      price_id: prices.basic,
      success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_ORIGIN}/pricing`,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(facts()).toEqual({ [businessMetrics.checkoutsStarted]: 1 });

    const { session } = await control.completeCheckout(
      jsonBody<CheckoutResult>(started).session_id,
      { card: '4242424242424242' },
    );
    counted = [];
    // Every event of the checkout (the subscription, its invoice, the session), in Stripe's order.
    await deliverNewEvents(session.customer as string, new Set());
    expect(facts()).toEqual({ [businessMetrics.checkoutsCompleted]: 1 });

    counted = [];
    const completed = ofType(
      await eventsOfCustomer(session.customer as string),
      'checkout.session.completed',
    );
    expect((await deliverEvent(completed)).statusCode).toBe(200);
    expect(facts()).toEqual({});
  });

  it('counts nothing for a refused checkout', async () => {
    const sellerId = `seller-${randomUUID()}`;
    const template = await seedTemplate(sellerId, { access_tier: 'one_time_sale', price: 5 });
    const own = await callBilling('POST', '/api/billing/checkout', sellerId, {
      mode: 'payment',
      mvp_id: template.id,
      success_url: `${SITE_ORIGIN}/success`,
      cancel_url: `${SITE_ORIGIN}/mvps`,
    });
    expect(own.statusCode).toBe(403);
    expect(facts()).toEqual({});
  });
});

describe('rejected webhooks', () => {
  it('counts a forged Stripe delivery once and applies nothing', async () => {
    const event = { id: `evt_${randomUUID()}`, type: 'invoice.paid', data: { object: {} } };
    const forged = await deliverEvent(event as unknown as Stripe.Event, 'whsec_not_the_secret');
    expect(forged.statusCode).toBe(400);
    expect(facts()).toEqual({ [businessMetrics.webhookEventsRejected]: 1 });
  });

  it('counts a malformed GitHub push once, and a ping not at all', async () => {
    const push = (event: string, body: string) => {
      const request = apiEvent({ method: 'POST', path: '/api/webhooks/github' });
      request.body = body;
      request.headers = {
        ...request.headers,
        'x-github-event': event,
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': 'sha256=00',
      };
      return dispatch(request, lambdaContext('github'));
    };
    expect((await push('push', 'not json')).statusCode).toBe(401);
    expect(facts()).toEqual({ [businessMetrics.webhookEventsRejected]: 1 });
    counted = [];
    expect((await push('ping', '{}')).statusCode).toBe(204);
    expect(facts()).toEqual({});
  });
});
