/**
 * The admin side of refund requests through the refunds Lambda against DynamoDB Local: the queue
 * by status (oldest first, with what was paid and refunded for each subscription), approve and
 * reject exactly once (a second click is a 409 naming the status), admins only, and processing
 * refused before any money moves when the request is not approved or asks more than is left.
 * Processing through Stripe is in process-refund.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/refunds/index';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  REFUND_MESSAGES,
  refundAboveRefundableMessage,
  refundStatusConflictMessage,
  type AdminRefundRequest,
  type AdminRefundRequestList,
  type RefundStatus,
} from '../../../../contract/refunds';
import {
  RefundRequestEntity,
  type RefundRequestItem,
} from '../../../../lambdas/shared/db/entities/refund-request';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { invoiceOrder, putOrder } from '../../../fixtures/orders';
import { putProfile } from '../../../fixtures/profiles';

const ADMIN = `admin-${randomUUID()}`;
const BUYER = `buyer-${randomUUID()}`;

const claimsOf = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });

const call = (
  method: 'GET' | 'POST',
  path: string,
  sub: string | undefined,
  query?: Record<string, string>,
) =>
  handler(
    apiEvent({ method, path, query, claims: sub ? claimsOf(sub) : undefined }),
    lambdaContext('refunds'),
  );

const act = (id: string, action: 'approve' | 'reject' | 'process', sub = ADMIN) =>
  call('POST', `/api/admin/refund-requests/${id}/${action}`, sub);

const queue = async (status?: RefundStatus) => {
  const result = await call(
    'GET',
    '/api/admin/refund-requests',
    ADMIN,
    status ? { status } : undefined,
  );
  expect(result.statusCode).toBe(200);
  return jsonBody<AdminRefundRequestList>(result).items;
};

let sequence = 0;
/** A request of BUYER on a subscription of theirs (its id unless given), stored as given. */
const putRequest = async (
  overrides: Partial<RefundRequestItem> = {},
): Promise<RefundRequestItem> => {
  sequence += 1;
  const item: RefundRequestItem = {
    id: `req-${randomUUID()}`,
    user_id: BUYER,
    subscription_id: `subscription-${sequence}`,
    plan_type: 'pro',
    stripe_subscription_id: `sub_${randomUUID().slice(0, 8)}`,
    user_email: `${BUYER}@example.com`,
    reason: 'Did not use it',
    amount_requested: 1.5,
    status: 'pending',
    // Distinct, increasing creation times, so the queue's order is known.
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, sequence)).toISOString(),
    ...overrides,
  };
  await RefundRequestEntity.create(item).go();
  return item;
};

const stored = async (id: string) =>
  (await RefundRequestEntity.get({ id }).go({ consistent: true })).data!;

beforeAll(async () => {
  await putProfile({ id: ADMIN, role: 'admin' });
  await putProfile({ id: BUYER, role: 'buyer' });
});

describe('GET /api/admin/refund-requests', () => {
  it('lists one status oldest first, with each subscription’s money so far', async () => {
    const first = await putRequest({ status: 'approved' });
    const second = await putRequest({
      status: 'approved',
      stripe_subscription_id: first.stripe_subscription_id,
      subscription_id: first.subscription_id,
    });
    await putRequest({ status: 'rejected' });
    await putOrder(invoiceOrder(BUYER, first.stripe_subscription_id!, 1_000));
    await putOrder(
      invoiceOrder(BUYER, first.stripe_subscription_id!, 1_000, { amount_refunded: 250 }),
    );

    const items = await queue('approved');
    expect(items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(items[0]).toMatchObject({
      user_email: `${BUYER}@example.com`,
      amount_paid: 2_000,
      amount_refunded: 250,
      processed_by: null,
      status: 'approved',
      subscription: { plan_type: 'pro', stripe_subscription_id: first.stripe_subscription_id },
    });
    // Nothing of the stored item beyond the contract (no refund plan, no keys).
    expect(Object.keys(items[0]!).sort()).toEqual(
      [
        'id',
        'user_id',
        'subscription_id',
        'order_id',
        'reason',
        'amount_requested',
        'status',
        'created_at',
        'processed_at',
        'stripe_refund_id',
        'subscription',
        'order',
        'user_email',
        'amount_paid',
        'amount_refunded',
        'processed_by',
      ].sort(),
    );
  });

  it('lists pending requests when no status is given, and refuses an unknown status', async () => {
    const pending = await putRequest();
    expect((await queue()).map((item) => item.id)).toContain(pending.id);
    const bad = await call('GET', '/api/admin/refund-requests', ADMIN, { status: 'lost' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('approve and reject', () => {
  it('approves a pending request once; a second click says it is already approved', async () => {
    const request = await putRequest();
    const approved = await act(request.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(jsonBody<AdminRefundRequest>(approved)).toMatchObject({
      id: request.id,
      status: 'approved',
      processed_by: ADMIN,
    });
    expect(await stored(request.id)).toMatchObject({ status: 'approved', processed_by: ADMIN });

    for (const action of ['approve', 'reject'] as const) {
      const again = await act(request.id, action);
      expect(again.statusCode).toBe(409);
      expect(jsonBody<ApiErrorBody>(again).message).toBe(
        refundStatusConflictMessage(action, 'approved'),
      );
    }
    expect((await stored(request.id)).status).toBe('approved');
    // The requester is told, in human words.
    const { data: notices } = await NotificationEntity.query
      .byUser({ user_id: request.user_id })
      .go();
    expect(notices.map((notice) => [notice.type, notice.message])).toContainEqual([
      'refund_decided',
      expect.stringMatching(/^Your refund request of £[\d.,]+ for the \w+ plan was approved\./),
    ]);
    // One audit entry: the decision that happened, none for the refused clicks.
    const { data: log } = await AuditEntryEntity.query.byTime({}).go({ pages: 'all' });
    const entries = log.filter((entry) => entry.target_id === request.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'refund.approve',
      actor_id: ADMIN,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
  });

  it('rejects a pending request once, and a rejected request cannot be processed', async () => {
    const request = await putRequest();
    expect((await act(request.id, 'reject')).statusCode).toBe(200);
    expect(await stored(request.id)).toMatchObject({ status: 'rejected', processed_by: ADMIN });
    const { data: notices } = await NotificationEntity.query
      .byUser({ user_id: request.user_id })
      .go();
    expect(notices.map((notice) => notice.message)).toContainEqual(
      expect.stringMatching(/was not approved\./),
    );
    const again = await act(request.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(again).message).toBe('This refund request is already rejected.');
    const process = await act(request.id, 'process');
    expect(process.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(process).message).toBe(
      refundStatusConflictMessage('process', 'rejected'),
    );
  });

  it('lets exactly one of two admins deciding at once win', async () => {
    const request = await putRequest();
    const other = `admin-${randomUUID()}`;
    await putProfile({ id: other, role: 'both', is_seller_approved: true });
    const results = await Promise.all([
      act(request.id, 'approve'),
      act(request.id, 'reject', other),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 404 for an unknown request', async () => {
    for (const action of ['approve', 'reject', 'process'] as const) {
      const result = await act(`req-${randomUUID()}`, action);
      expect(result.statusCode, action).toBe(404);
      expect(jsonBody<ApiErrorBody>(result).message).toBe(REFUND_MESSAGES.requestNotFound);
    }
  });
});

describe('who may act', () => {
  it('refuses every admin route to a buyer (403) and to a signed-out caller (401)', async () => {
    const request = await putRequest();
    const buyerCalls = [
      await call('GET', '/api/admin/refund-requests', BUYER),
      await act(request.id, 'approve', BUYER),
      await act(request.id, 'reject', BUYER),
      await act(request.id, 'process', BUYER),
    ];
    expect(buyerCalls.map((result) => result.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await call('GET', '/api/admin/refund-requests', undefined)).statusCode).toBe(401);
    expect((await stored(request.id)).status).toBe('pending');
  });
});

describe('POST /api/admin/refund-requests/{id}/process, before any money moves', () => {
  it('refuses a pending request: it must be approved first', async () => {
    const request = await putRequest();
    const result = await act(request.id, 'process');
    expect(result.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(
      refundStatusConflictMessage('process', 'pending'),
    );
  });

  it('refuses more than is left to refund on the paid invoices and stores nothing', async () => {
    const request = await putRequest({ status: 'approved', amount_requested: 5 });
    // £6.00 paid, £2.00 of it refunded already: £4.00 is left.
    await putOrder(
      invoiceOrder(BUYER, request.stripe_subscription_id!, 600, { amount_refunded: 200 }),
    );
    const result = await act(request.id, 'process');
    expect(result.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(
      refundAboveRefundableMessage('£5.00', '£4.00'),
    );
    const after = await stored(request.id);
    expect(after.status).toBe('approved');
    expect(after.refund_plan).toBeUndefined();
    expect(after.stripe_refund_id).toBeUndefined();
  });
});
