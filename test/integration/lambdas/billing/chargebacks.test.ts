/**
 * Chargebacks through the billing Lambda's webhook, DynamoDB Local and the local Stripe server,
 * with Stripe's `charge.dispute.*` events delivered signed: a dispute opened by the buyer's card
 * issuer revokes what the charge paid for exactly as a full refund does (the purchase's licence,
 * refused by the same access route with the date in words; the licences a plan's period issued),
 * holds the seller's share back, tells the buyer and the audit log; a replayed event changes
 * nothing; a won dispute gives everything back; a lost one keeps it revoked. The month's payout
 * run pays nothing for a disputed sale and shares a pool net of disputed plan payments.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../../../contract/billing';
import { disputedDownloadMessage, type DownloadStatus } from '../../../../contract/downloads';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { License } from '../../../../contract/licenses';
import { handler as downloads } from '../../../../lambdas/downloads/index';
import { handler as licenses } from '../../../../lambdas/licenses/index';
import {
  oneTimeSalesOfSellerInMonth,
  subscriptionPoolOfMonth,
} from '../../../../lambdas/ledger/service';
import { preparePayoutRun } from '../../../../lambdas/payouts/run';
import { PayoutEntity } from '../../../../lambdas/shared/db/entities/payout';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { LicenseEntity, type LicenseItem } from '../../../../lambdas/shared/db/entities/license';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { OrderEntity } from '../../../../lambdas/shared/db/entities/order';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import {
  SITE_ORIGIN,
  billingStripe,
  callBilling,
  deliverEvent,
  deliverNewEvents,
} from '../../../fixtures/billing';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import { addToPool, putApprovedSeller } from '../../../fixtures/payouts';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate } from '../../../fixtures/template-items';

const { prices, control, client } = billingStripe();
const month = () => new Date().toISOString().slice(0, 7);

const callDownloads = (method: 'GET' | 'POST', path: string, sub: string) =>
  downloads(
    apiEvent({ method, path, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) }),
    lambdaContext('downloads'),
  );
const download = (templateId: string, sub: string) =>
  callDownloads('POST', `/api/mvps/${templateId}/download`, sub);
const downloadStatus = async (templateId: string, sub: string) =>
  jsonBody<DownloadStatus>(
    await callDownloads('GET', `/api/mvps/${templateId}/download-status`, sub),
  );
const licencePage = async (id: string) =>
  jsonBody<License>(
    await licenses(apiEvent({ method: 'GET', path: `/api/licenses/${id}` }), lambdaContext()),
  );
const licencesOf = async (userId: string) =>
  (await LicenseEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data;
const noticesOf = async (userId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data
    .filter((item) => item.type === 'payment_disputed')
    .map((item) => item.message);
const orderOf = async (id: string) =>
  (await OrderEntity.get({ id }).go({ consistent: true })).data!;
const disputesThisMonth = async () =>
  (
    await CounterEntity.get({ name: 'disputes', bucket: month(), shard: 0 }).go({
      consistent: true,
    })
  ).data?.value ?? 0;
const auditOf = async (orderId: string) =>
  (await AuditEntryEntity.query.byTime({}).go({ pages: 'all' })).data
    .filter((entry) => entry.target_id === orderId)
    .map((entry) => entry.action)
    .sort();

/** Delivers every new event of one dispute, oldest first (a dispute names no customer). */
const deliverDisputeEvents = async (disputeId: string, seen: Set<string>) => {
  const events = (await control.events({ object: disputeId, limit: 100 }))
    .filter((event) => !seen.has(event.id))
    .reverse();
  for (const event of events) {
    seen.add(event.id);
    const result = await deliverEvent(event);
    expect(result.statusCode, `${event.type}: ${result.body}`).toBe(200);
  }
  return events;
};

/** A buyer who bought `template` through Checkout with `card`, applied by the webhook. */
const buy = async (templateId: string, buyerId: string, card: string, seen: Set<string>) => {
  const started = await callBilling('POST', '/api/billing/checkout', buyerId, {
    mode: 'payment',
    mvp_id: templateId,
    success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}&mvp_id=${templateId}`,
    cancel_url: `${SITE_ORIGIN}/mvp/${templateId}?canceled=true`,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { session } = await control.completeCheckout(jsonBody<CheckoutResult>(started).session_id, {
    card,
  });
  await deliverNewEvents(session.customer as string, seen);
  const intent = await client.paymentIntents.retrieve(session.payment_intent as string);
  return { orderId: session.id, chargeId: intent.latest_charge as string };
};

describe('a chargeback of a one-time purchase', () => {
  const sellerId = `seller-${randomUUID()}`;
  const buyerId = `buyer-${randomUUID()}`;
  const seen = new Set<string>();
  let templateId: string;
  let bought: { orderId: string; chargeId: string };
  let dispute: Stripe.Dispute;
  let licenceId: string;

  it('revokes the licence when the issuer opens the dispute: download refused in words', async () => {
    await putProfile({ id: buyerId, display_name: 'Ada Buyer' });
    templateId = (
      await seedTemplate(sellerId, {
        access_tier: 'one_time_sale',
        price: 29,
        title: 'Disputed Kit',
      })
    ).id;
    bought = await buy(templateId, buyerId, '4242424242424242', seen);
    expect((await download(templateId, buyerId)).statusCode).toBe(200);
    licenceId = (await licencesOf(buyerId))[0]!.id;
    expect(await oneTimeSalesOfSellerInMonth(sellerId, month())).toEqual({
      count: 1,
      amount: 2900,
    });

    dispute = await control.openDispute(bought.chargeId);
    const delivered = await deliverDisputeEvents(dispute.id, seen);
    expect(delivered.map((event) => event.type)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
    ]);

    const licence = await licencePage(licenceId);
    expect(licence.disputed_at).not.toBeNull();
    expect(licence.refunded_at).toBeNull();
    const refused = await download(templateId, buyerId);
    expect(refused.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(refused).message).toBe(
      disputedDownloadMessage(licence.disputed_at!, true),
    );
    expect(jsonBody<ApiErrorBody>(refused).message).toContain('disputed with your card issuer');
    expect(await downloadStatus(templateId, buyerId)).toMatchObject({
      cost: 'purchase_required',
      owned: false,
      refunded_at: null,
      disputed_at: licence.disputed_at,
      repository_url: null,
    });
    // The seller's share is held back: the sale no longer counts toward their payout.
    expect(await oneTimeSalesOfSellerInMonth(sellerId, month())).toEqual({ count: 1, amount: 0 });
    expect(await orderOf(bought.orderId)).toMatchObject({
      dispute_id: dispute.id,
      dispute_status: 'needs_response',
      amount_disputed: 2900,
    });
    expect(await noticesOf(buyerId)).toEqual([
      'Your card issuer has disputed your payment of £29.00 for Disputed Kit. While the dispute is open, the licence it paid for is no longer valid and the template cannot be downloaded.',
    ]);
    expect(await auditOf(bought.orderId)).toEqual(['chargeback.open']);
  });

  it('changes nothing when an event is delivered again', async () => {
    const before = await licencePage(licenceId);
    const [created] = await control.events({
      type: ['charge.dispute.created'],
      object: dispute.id,
    });
    const again = await deliverEvent(created!);
    expect(again.statusCode).toBe(200);
    // Another of the dispute's events (the same state) finds nothing to do either.
    const [withdrawn] = await control.events({
      type: ['charge.dispute.funds_withdrawn'],
      object: dispute.id,
    });
    expect((await deliverEvent(withdrawn!)).statusCode).toBe(200);
    expect(await licencePage(licenceId)).toEqual(before);
    expect(await noticesOf(buyerId)).toHaveLength(1);
    expect(await auditOf(bought.orderId)).toEqual(['chargeback.open']);
    expect((await orderOf(bought.orderId)).amount_disputed).toBe(2900);
  });

  it('restores the licence and the seller’s share when the dispute is won', async () => {
    await control.settleDispute(dispute.id, 'won');
    const delivered = await deliverDisputeEvents(dispute.id, seen);
    expect(delivered.map((event) => event.type)).toEqual([
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
    expect(await licencePage(licenceId)).toMatchObject({ disputed_at: null, refunded_at: null });
    const served = await download(templateId, buyerId);
    expect(served.statusCode, served.body).toBe(200);
    expect(await downloadStatus(templateId, buyerId)).toMatchObject({
      cost: 'owned',
      disputed_at: null,
    });
    expect(await oneTimeSalesOfSellerInMonth(sellerId, month())).toEqual({
      count: 1,
      amount: 2900,
    });
    expect(await orderOf(bought.orderId)).toMatchObject({
      dispute_status: 'won',
      amount_disputed: 0,
    });
    expect((await noticesOf(buyerId))[1]).toBe(
      'Your card issuer decided the dispute of your payment of £29.00 for Disputed Kit in favour of the payment. The licence it paid for is valid again.',
    );
    expect(await auditOf(bought.orderId)).toEqual(['chargeback.open', 'chargeback.won']);
  });
});

describe('a chargeback that is lost', () => {
  it('opens with the test card 4000 0000 0000 0259 and keeps the licence revoked once lost', async () => {
    const sellerId = `seller-${randomUUID()}`;
    const buyerId = `buyer-${randomUUID()}`;
    const seen = new Set<string>();
    await putProfile({ id: buyerId, display_name: 'Bo Buyer' });
    const template = await seedTemplate(sellerId, {
      access_tier: 'one_time_sale',
      price: 15,
      title: 'Chargeback Kit',
    });
    // Stripe's test card: the payment succeeds, then its issuer disputes it.
    const bought = await buy(template.id, buyerId, '4000000000000259', seen);
    const [dispute] = (await client.disputes.list({ charge: bought.chargeId })).data;
    await deliverDisputeEvents(dispute!.id, seen);
    const [licence] = await licencesOf(buyerId);
    expect(licence!.disputed_at).toBeDefined();
    expect((await download(template.id, buyerId)).statusCode).toBe(403);

    // We accept the dispute (Stripe's close): it is lost, and the licence stays revoked.
    expect((await client.disputes.close(dispute!.id)).status).toBe('lost');
    await deliverDisputeEvents(dispute!.id, seen);
    expect((await licencePage(licence!.id)).disputed_at).toBe(licence!.disputed_at);
    const refused = await download(template.id, buyerId);
    expect(refused.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(refused).message).toBe(
      disputedDownloadMessage(licence!.disputed_at!, true),
    );
    expect(await oneTimeSalesOfSellerInMonth(sellerId, month())).toEqual({ count: 1, amount: 0 });
    expect(await orderOf(bought.orderId)).toMatchObject({
      dispute_status: 'lost',
      amount_disputed: 1500,
    });
    expect(await noticesOf(buyerId)).toEqual([
      'Your card issuer has disputed your payment of £15.00 for Chargeback Kit. While the dispute is open, the licence it paid for is no longer valid and the template cannot be downloaded.',
      'Your card issuer decided the dispute of your payment of £15.00 for Chargeback Kit in your favour: the money stays with you, and the licence it paid for is no longer valid.',
    ]);
    expect(await auditOf(bought.orderId)).toEqual(['chargeback.lost', 'chargeback.open']);
  });
});

describe("a chargeback of a plan's invoice", () => {
  it("revokes the licences the period issued (not an earlier plan's), lowers the pool, restores when won", async () => {
    const userId = `buyer-${randomUUID()}`;
    const seen = new Set<string>();
    const started = await callBilling('POST', '/api/billing/checkout', userId, {
      mode: 'subscription',
      price_id: prices.pro,
      success_url: `${SITE_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_ORIGIN}/pricing`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { session } = await control.completeCheckout(
      jsonBody<CheckoutResult>(started).session_id,
      { card: '4242424242424242' },
    );
    await deliverNewEvents(session.customer as string, seen);
    const invoice = await client.invoices.retrieve(session.invoice as string, {
      expand: ['payments'],
    });
    const intent = await client.paymentIntents.retrieve(
      invoice.payments!.data[0]!.payment.payment_intent as string,
    );
    const licenceUnderPlan = (issuedAt: string): LicenseItem => ({
      id: ulid(Date.parse(issuedAt)),
      user_id: userId,
      licensee_name: 'Buyer',
      mvp_id: ulid(),
      mvp_title: 'Plan Kit',
      seller_id: 'seller-1',
      version_number: '1.0.0',
      licensing_terms: 'standard_commercial',
      source: 'subscription',
      plan_type: 'pro',
      issued_at: issuedAt,
    });
    const period = licenceUnderPlan(new Date().toISOString());
    const earlier = licenceUnderPlan('2020-01-15T00:00:00.000Z');
    await Promise.all([LicenseEntity.create(period).go(), LicenseEntity.create(earlier).go()]);
    const poolBefore = await disputesThisMonth();

    const dispute = await control.openDispute(intent.latest_charge as string);
    await deliverDisputeEvents(dispute.id, seen);
    expect((await licencePage(period.id)).disputed_at).not.toBeNull();
    expect((await licencePage(earlier.id)).disputed_at).toBeNull();
    expect((await disputesThisMonth()) - poolBefore).toBe(invoice.amount_paid);
    expect(await noticesOf(userId)).toEqual([
      `Your card issuer has disputed your payment of £${(invoice.amount_paid / 100).toFixed(2)} for your plan. While the dispute is open, the licence it paid for is no longer valid and the template cannot be downloaded.`,
    ]);

    await control.settleDispute(dispute.id, 'won');
    await deliverDisputeEvents(dispute.id, seen);
    expect((await licencePage(period.id)).disputed_at).toBeNull();
    expect((await disputesThisMonth()) - poolBefore).toBe(0);
    expect((await orderOf(invoice.id)).amount_disputed).toBe(0);
  });
});

describe("the month's payout run", () => {
  it('pays nothing for a disputed sale, the share of a won one, and a pool net of disputed plan payments', async () => {
    // A month of this test's own: no other test writes its pool or its sales.
    const monthYear = '2018-11';
    const created_at = `${monthYear}-10T12:00:00.000Z`;
    const [held, won] = await Promise.all([putApprovedSeller(), putApprovedSeller()]);
    const kit = (sellerId: string) => ({ id: ulid(), title: 'Kit', seller_id: sellerId });
    await putOrder(
      templateOrder('buyer-1', kit(held.id), 4_999, {
        created_at,
        dispute_id: 'dp_held',
        dispute_status: 'needs_response',
        amount_disputed: 4_999,
      }),
    );
    await putOrder(
      templateOrder('buyer-2', kit(won.id), 2_000, {
        created_at,
        dispute_id: 'dp_won',
        dispute_status: 'won',
        amount_disputed: 0,
      }),
    );
    await addToPool(monthYear, 10_000);
    await CounterEntity.update({ name: 'disputes', bucket: monthYear, shard: 0 })
      .add({ value: 3_000 })
      .go();
    expect(await subscriptionPoolOfMonth(monthYear)).toMatchObject({
      revenue: 10_000,
      disputes: 3_000,
      pool: 7_000,
    });

    await preparePayoutRun({ monthYear, executionName: `chargebacks-${randomUUID()}` });
    const payoutOf = async (sellerId: string) =>
      (
        await PayoutEntity.get({ seller_id: sellerId, month_year: monthYear }).go({
          consistent: true,
        })
      ).data;
    expect(await payoutOf(held.id)).toBeNull();
    expect((await payoutOf(won.id))?.sales_share_amount).toBe(1_400);
  });
});
