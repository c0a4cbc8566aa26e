/**
 * The demo's money (lib/local/seed/money.ts) against the emulators and the run's local Stripe
 * server: the seed pays for two subscriptions last month through the product's checkout, onboards
 * seller@demo.local's Connect account and records the maker's downloads of last month; once
 * Stripe's events are delivered to the webhook route, settling files the buyer's pending refund
 * request and runs last month's payouts: seller@demo.local is paid (completed, notified),
 * studio@demo.local, not connected, keeps a pending payout. A second seed and settle add nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWorkflowRunner } from '../../../lambdas/shared/adapters/workflow';
import type { SubscriptionView } from '../../../contract/subscriptions';
import { DownloadEntity } from '../../../lambdas/shared/db/entities/download';
import { LicenseEntity } from '../../../lambdas/shared/db/entities/license';
import { NotificationEntity } from '../../../lambdas/shared/db/entities/notification';
import { PayoutEntity } from '../../../lambdas/shared/db/entities/payout';
import { RefundRequestEntity } from '../../../lambdas/shared/db/entities/refund-request';
import { createCognitoClient } from '../../../lib/local/emulators/resources';
import { seedDemoData, type SeedOptions } from '../../../lib/local/seed/index';
import { createLocalWorkflowRunner } from '../../../lib/local/cloud/state-machines';
import { startLocalStripe } from '../../../lib/local/servers/stripe/index';
import { createLocalStripeControl } from '../../../lib/local/servers/stripe/control-client';
import { jsonBody } from '../../fixtures/api-event';
import { callBilling, deliverEvent } from '../../fixtures/billing';
import { localCloud } from '../../fixtures/users';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { entitlementOf } from '../../fixtures/profiles';
import { storedConnectAccount, storedStripeCustomer } from '../../fixtures/stripe-fields';

/**
 * A Stripe server of this file's own: the demo accounts (and so their Stripe customers, created
 * with the key `customer-<sub>`) are shared with the other seed test through the run's user pool,
 * and their payments there must not count in this file's months. Set before any handler reads its
 * configuration (the adapters read it on first use).
 */
const keys = { secretKey: 'sk_test_local_seed_money', webhookSecret: 'whsec_local_seed_money' };
const ownStripe = await startLocalStripe({ port: 0, ...keys });
Object.assign(process.env, {
  STRIPE_API_URL: ownStripe.endpoint,
  STRIPE_SECRET_KEY: keys.secretKey,
  STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
  STRIPE_PRICE_BASIC: ownStripe.prices.basic,
  STRIPE_PRICE_PRO: ownStripe.prices.pro,
  STRIPE_PRICE_PREMIUM: ownStripe.prices.premium,
});
const control = createLocalStripeControl(ownStripe.endpoint, keys.secretKey);
const runner = createLocalWorkflowRunner({ retryIntervalMs: 10 });
const delivered = new Set<string>();

/**
 * Delivers, in order, the events about this file's demo customers and Connect account (the run's
 * Stripe server is shared with other files) that it has not delivered yet.
 */
const deliverAll = async () => {
  const users = await Promise.all(
    ['buyer@demo.local', 'maker@demo.local', 'seller@demo.local'].map(subOf),
  );
  const customers = (await Promise.all(users.map(storedStripeCustomer))).flatMap(
    (item) => item?.stripe_customer_id ?? [],
  );
  const accounts = (await Promise.all(users.map(storedConnectAccount))).flatMap(
    (item) => item?.stripe_account_id ?? [],
  );
  const events = [
    ...(await Promise.all(customers.map((customer) => control.events({ customer, limit: 100 })))),
    ...(await Promise.all(accounts.map((object) => control.events({ object, limit: 100 })))),
  ]
    .flat()
    .sort((a, b) => a.created - b.created);
  for (const event of events) {
    if (delivered.has(event.id)) continue;
    delivered.add(event.id);
    const answer = await deliverEvent(event, keys.webhookSecret);
    expect(answer.statusCode, answer.body).toBe(200);
  }
};

let options: SeedOptions;
const subOf = async (email: string) => {
  const user = await options.cognito.send(
    new AdminGetUserCommand({ UserPoolId: localCloud().userPoolId, Username: email }),
  );
  return user.UserAttributes!.find((attribute) => attribute.Name === 'sub')!.Value!;
};

const now = new Date();
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  .toISOString()
  .slice(0, 7);

beforeAll(async () => {
  setWorkflowRunner(runner);
  const cloud = localCloud();
  options = {
    cognito: createCognitoClient(cloud.cognitoEndpoint),
    userPoolId: cloud.userPoolId,
    siteUrl: 'http://localhost:5173',
  };
  const first = await seedDemoData(options);
  await deliverAll();
  await first.settle();
  await Promise.all([...runner.running]);
  // Again, as on every `npm start`.
  const second = await seedDemoData(options);
  await deliverAll();
  await second.settle();
  await Promise.all([...runner.running]);
}, 180_000);

afterAll(async () => {
  setWorkflowRunner(undefined);
  await ownStripe.stop();
});

describe('the demo money', () => {
  it('gives the buyer a real Pro subscription with 15 downloads and the maker Premium', async () => {
    const buyer = await subOf('buyer@demo.local');
    const view = jsonBody<SubscriptionView>(
      await callBilling('GET', '/api/subscriptions/current', buyer),
    );
    expect(view).toMatchObject({
      plan_type: 'pro',
      subscription_status: 'active',
      payment_method_last4: '4242',
    });
    expect((await storedStripeCustomer(buyer))?.stripe_customer_id).toMatch(/^cus_/);
    expect((await entitlementOf(buyer)).download_quota).toBe(15);
    const maker = await subOf('maker@demo.local');
    expect(
      jsonBody<SubscriptionView>(await callBilling('GET', '/api/subscriptions/current', maker))
        .plan_type,
    ).toBe('premium');
  });

  it("keeps the demo buyer's quota, downloads and licences in agreement", async () => {
    const buyer = await subOf('buyer@demo.local');
    const entitlement = await entitlementOf(buyer);
    const downloads = (await DownloadEntity.query.byUser({ user_id: buyer }).go({ pages: 'all' }))
      .data;
    const licenses = (await LicenseEntity.query.byUser({ user_id: buyer }).go({ pages: 'all' }))
      .data;
    // Every download came with its licence, for the same template.
    expect(downloads.length).toBeGreaterThan(0);
    for (const download of downloads) {
      expect(licenses.filter((license) => license.download_id === download.id)).toEqual([
        expect.objectContaining({ mvp_id: download.mvp_id, user_id: buyer }),
      ]);
    }
    // None of them falls in the current period, so the whole month's quota is left.
    const thisMonth = new Date().toISOString().slice(0, 7);
    const spent = downloads.filter((download) => download.month_year === thisMonth).length;
    expect(entitlement.downloads_remaining).toBe(entitlement.download_quota - spent);
  });

  it('files one pending refund request for the buyer', async () => {
    const buyer = await subOf('buyer@demo.local');
    const { data } = await RefundRequestEntity.query.byUser({ user_id: buyer }).go();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ status: 'pending', amount_requested: 1, plan_type: 'pro' });
  });

  it('pays seller@demo.local last month, and keeps studio’s payout pending until it connects', async () => {
    const seller = await subOf('seller@demo.local');
    const studio = await subOf('studio@demo.local');
    const paid = (await PayoutEntity.get({ seller_id: seller, month_year: lastMonth }).go()).data;
    expect(paid).toMatchObject({ status: 'completed', total_downloads: 3 });
    expect(paid!.stripe_transfer_id).toMatch(/^tr_/);
    expect(paid!.commission_amount).toBeGreaterThan(0);
    const waiting = (await PayoutEntity.get({ seller_id: studio, month_year: lastMonth }).go())
      .data;
    expect(waiting).toMatchObject({ status: 'pending', total_downloads: 1 });
    // Pool: last month's Pro (200p) and Premium (300p); sellers' 70% is 350p, split 3 : 1.
    expect(paid!.commission_amount + waiting!.commission_amount).toBe(350);
    const { data: notifications } = await NotificationEntity.query
      .byUser({ user_id: seller })
      .go({ pages: 'all' });
    expect(notifications.filter((item) => item.type === 'payout_completed')).toHaveLength(1);
  });
});
