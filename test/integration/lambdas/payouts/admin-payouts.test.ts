/**
 * The admin side of payouts through the payouts Lambda against DynamoDB Local and the run's local
 * Stripe server: the list by status (oldest month first, with the seller), and Process, which pays
 * one pending (or failed) payout now through the monthly run's transfer: once, audited, with the
 * seller told; a seller who cannot receive payouts yet is a 409 and the payout stays pending; a
 * transfer Stripe refuses is answered with 'Failed to process payout' and Stripe's reason, and can
 * be processed again once the seller's account is fixed.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as auditHandler } from '../../../../lambdas/audit/index';
import { handler } from '../../../../lambdas/payouts/index';
import type { AuditLogPage } from '../../../../contract/audit';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  ADMIN_PAYOUT_MESSAGES,
  payoutFailedText,
  payoutStatusConflictMessage,
  type AdminPayoutList,
  type ProcessPayoutResult,
} from '../../../../contract/payouts';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { PayoutEntity, type PayoutItem } from '../../../../lambdas/shared/db/entities/payout';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { billingStripe } from '../../../fixtures/billing';
import { putApprovedSeller, putPayout, setConnectAccount } from '../../../fixtures/payouts';
import { putProfile } from '../../../fixtures/profiles';

const { control, client: stripe } = billingStripe();

const ADMIN = `admin-${randomUUID()}`;
const claimsOf = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });

const call = (options: { method?: 'GET' | 'POST'; path: string; query?: Record<string, string> }) =>
  handler(apiEvent({ ...options, claims: claimsOf(ADMIN) }), lambdaContext('payouts'));

const processPayout = (item: Pick<PayoutItem, 'seller_id' | 'month_year'>) =>
  call({
    method: 'POST',
    path: `/api/admin/payouts/${item.seller_id}/${item.month_year}/process`,
  });

const listed = async (status?: string) => {
  const answer = await call({
    path: '/api/admin/payouts',
    ...(status ? { query: { status } } : {}),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return jsonBody<AdminPayoutList>(answer).items;
};

const stored = async (item: PayoutItem) =>
  (
    await PayoutEntity.get({ seller_id: item.seller_id, month_year: item.month_year }).go({
      consistent: true,
    })
  ).data;

const notificationTypes = async (userId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go()).data
    .map((notification) => notification.type)
    .sort();

const auditOf = async (payoutId: string) => {
  const answer = await auditHandler(
    apiEvent({ path: '/api/admin/audit-log', claims: claimsOf(ADMIN) }),
    lambdaContext('audit'),
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return jsonBody<AuditLogPage>(answer).items.filter((entry) => entry.target_id === payoutId);
};

/** Transfers Stripe made for a payout (every `transfer.created` event carrying its id). */
const transfersFor = async (payoutId: string) =>
  (await control.events({ type: 'transfer.created', limit: 10_000 }))
    .map((event) => event.data.object as Stripe.Transfer)
    .filter((transfer) => transfer.metadata.payout_id === payoutId);

/** An Express account at Stripe for a seller, onboarded (payouts enabled) unless told not to. */
const stripeAccount = async (sellerId: string, onboarded = true) => {
  const account = await stripe.accounts.create({
    type: 'express',
    country: 'GB',
    capabilities: { transfers: { requested: true } },
    metadata: { user_id: sellerId },
  });
  if (onboarded) await control.completeOnboarding(account.id);
  // Our record says it can be paid either way (say, Stripe disabled it and the event is late).
  await setConnectAccount(sellerId, account.id, true);
  return account.id;
};

beforeAll(async () => {
  await putProfile({ id: ADMIN, email: `${ADMIN}@example.com`, role: 'admin' });
});

describe('admin payouts', () => {
  it('lists one status (pending by default), oldest month first, with the seller', async () => {
    const seller = await putApprovedSeller({ username: `s${randomUUID().slice(0, 8)}` });
    const newer = await putPayout({
      seller_id: seller.id,
      month_year: '2032-02',
      seller_email: seller.email,
      seller_username: seller.username,
      seller_display_name: 'Sally Seller',
    });
    const older = await putPayout({
      seller_id: seller.id,
      month_year: '2032-01',
      seller_email: seller.email,
    });
    const failed = await putPayout({
      seller_id: seller.id,
      month_year: '2032-03',
      seller_email: seller.email,
      status: 'failed',
      failure_reason: 'No account',
    });

    const pending = (await listed()).filter((item) => item.seller_id === seller.id);
    expect(pending.map((item) => item.id)).toEqual([older.id, newer.id]);
    expect(pending[1]).toMatchObject({
      month_year: '2032-02',
      commission_amount: 1_000,
      status: 'pending',
      stripe_transfer_id: null,
      seller: {
        id: seller.id,
        email: seller.email,
        username: seller.username,
        display_name: 'Sally Seller',
        // No Connect account yet: the tab disables Process and says why.
        payouts_enabled: false,
      },
    });
    await setConnectAccount(seller.id, `acct_${randomUUID().slice(0, 8)}`);
    expect(
      (await listed()).filter((item) => item.seller_id === seller.id).map((item) => item.seller),
    ).toMatchObject([{ payouts_enabled: true }, { payouts_enabled: true }]);
    expect((await listed('failed')).filter((item) => item.seller_id === seller.id)).toMatchObject([
      { id: failed.id, failure_reason: 'No account' },
    ]);

    const wrong = await call({ path: '/api/admin/payouts', query: { status: 'all' } });
    expect(wrong.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(wrong).message).toContain(ADMIN_PAYOUT_MESSAGES.statusFilter);
  });

  it('pays a pending payout once through the transfer, audited and told to the seller', async () => {
    const seller = await putApprovedSeller();
    const accountId = await stripeAccount(seller.id);
    const payout = await putPayout({
      seller_id: seller.id,
      month_year: '2032-04',
      seller_email: seller.email,
    });

    const answer = await processPayout(payout);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = jsonBody<ProcessPayoutResult>(answer);
    expect(result).toMatchObject({
      success: true,
      message: ADMIN_PAYOUT_MESSAGES.processed,
      payout: { id: payout.id, status: 'completed', seller: { email: seller.email } },
    });
    expect(result.payout.processed_at).toEqual(expect.any(String));
    const [transfer, ...more] = await transfersFor(payout.id);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({
      id: result.payout.stripe_transfer_id,
      amount: 1_000,
      destination: accountId,
      transfer_group: 'payouts-2032-04',
    });
    expect(await notificationTypes(seller.id)).toEqual(['payout_completed', 'payout_initiated']);
    expect(await auditOf(payout.id)).toEqual([
      expect.objectContaining({
        actor_id: ADMIN,
        action: 'payout.process',
        target_type: 'payout',
        before: { status: 'pending' },
        after: { status: 'processing', stripe_account_id: accountId },
      }),
    ]);

    const again = await processPayout(payout);
    expect(again.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(again).message).toBe(payoutStatusConflictMessage('completed'));
    expect(await transfersFor(payout.id)).toHaveLength(1);
  });

  it('keeps the payout pending with a 409 while the seller cannot receive payouts', async () => {
    const seller = await putApprovedSeller();
    const payout = await putPayout({
      seller_id: seller.id,
      month_year: '2032-05',
      seller_email: seller.email,
    });
    const answer = await processPayout(payout);
    expect(answer.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(answer).message).toBe(ADMIN_PAYOUT_MESSAGES.notConnected);
    expect((await stored(payout))?.status).toBe('pending');
    expect(await notificationTypes(seller.id)).toEqual([]);
    expect(await auditOf(payout.id)).toEqual([]);

    const missing = await processPayout({ seller_id: seller.id, month_year: '2032-06' });
    expect(missing.statusCode).toBe(404);
    expect((await processPayout({ seller_id: seller.id, month_year: '2032-6' })).statusCode).toBe(
      400,
    );
  });

  it('answers Stripe’s refusal with the reason, and pays the failed payout once fixed', async () => {
    const seller = await putApprovedSeller();
    const accountId = await stripeAccount(seller.id, false);
    const payout = await putPayout({
      seller_id: seller.id,
      month_year: '2032-07',
      seller_email: seller.email,
    });

    const refused = await processPayout(payout);
    expect(refused.statusCode, refused.body).toBe(200);
    const failure = jsonBody<ProcessPayoutResult>(refused);
    expect(failure.success).toBe(false);
    expect(failure.payout.status).toBe('failed');
    expect(failure.payout.failure_reason).toEqual(expect.any(String));
    expect(failure.message).toBe(payoutFailedText(failure.payout.failure_reason!));
    expect(failure.message.startsWith('Failed to process payout: ')).toBe(true);
    expect(await transfersFor(payout.id)).toEqual([]);

    // The seller finishes onboarding; the admin processes the failed payout again.
    await control.completeOnboarding(accountId);
    const paid = await processPayout(payout);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(jsonBody<ProcessPayoutResult>(paid)).toMatchObject({
      success: true,
      payout: { status: 'completed', failure_reason: null },
    });
    expect(await transfersFor(payout.id)).toHaveLength(1);
    expect((await stored(payout))?.transfer_attempt).toBe(1);
    expect((await auditOf(payout.id)).map((entry) => entry.before)).toEqual([
      { status: 'failed' },
      { status: 'pending' },
    ]);
    expect(await notificationTypes(seller.id)).toEqual([
      'payout_completed',
      'payout_failed',
      'payout_initiated',
      'payout_initiated',
    ]);
  });
});
