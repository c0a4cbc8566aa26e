/**
 * The admin side of disputes through the disputes Lambda against DynamoDB Local: the queue by
 * status (oldest first, with the parties' e-mails), Start Review (open → in_review) and the
 * resolution (in_review → final, non-blank details), each once: a wrong state is a 409, and of two
 * admins resolving at once one wins. Every transition is appended to the timeline both parties
 * see, notifies the buyer and the seller, and is in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as auditHandler } from '../../../../lambdas/audit/index';
import { handler } from '../../../../lambdas/disputes/index';
import {
  ADMIN_DISPUTE_MESSAGES,
  disputeStatusConflictMessage,
  disputeUpdatedMessage,
  type AdminDisputeList,
} from '../../../../contract/admin-disputes';
import type { AuditLogPage } from '../../../../contract/audit';
import type { Dispute, DisputeStatus } from '../../../../contract/disputes';
import type { ApiErrorBody } from '../../../../contract/errors';
import { DisputeEntity, type DisputeItem } from '../../../../lambdas/shared/db/entities/dispute';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

const ADMIN = `admin-${randomUUID()}`;
const OTHER_ADMIN = `both-${randomUUID()}`;
const BUYER = `buyer-${randomUUID()}`;
const SELLER = `seller-${randomUUID()}`;

const claimsOf = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });

const call = (
  sub: string,
  options: {
    method?: 'GET' | 'POST';
    path: string;
    query?: Record<string, string>;
    body?: unknown;
  },
) => handler(apiEvent({ ...options, claims: claimsOf(sub) }), lambdaContext('disputes'));

const startReview = (id: string, sub = ADMIN) =>
  call(sub, { method: 'POST', path: `/api/admin/disputes/${id}/start-review` });

const resolve = (id: string, body: unknown, sub = ADMIN) =>
  call(sub, { method: 'POST', path: `/api/admin/disputes/${id}/resolve`, body });

const queue = async (status?: DisputeStatus) => {
  const answer = await call(ADMIN, {
    path: '/api/admin/disputes',
    ...(status ? { query: { status } } : {}),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return jsonBody<AdminDisputeList>(answer).items;
};

let sequence = 0;
/** A dispute of BUYER about a template of SELLER, stored as given. */
const putDispute = async (overrides: Partial<DisputeItem> = {}): Promise<DisputeItem> => {
  sequence += 1;
  // Distinct, increasing opening times, so the queue's order is known.
  const openedAt = new Date(Date.UTC(2026, 0, 1, 0, 0, sequence)).toISOString();
  const item: DisputeItem = {
    id: ulid(),
    buyer_id: BUYER,
    seller_id: SELLER,
    mvp_id: `mvp-${sequence}`,
    reason: 'Non-functioning code',
    details: 'The build fails on a clean install with a missing module.',
    status: 'open',
    opened_at: openedAt,
    timeline: [{ status: 'open', at: openedAt, by: BUYER }],
    updated_at: openedAt,
    buyer_username: 'bea',
    buyer_email: `${BUYER}@example.com`,
    seller_username: 'sam',
    seller_display_name: 'Sam Seller',
    seller_email: `${SELLER}@example.com`,
    mvp_title: `Disputed Starter ${sequence}`,
    mvp_slug: `disputed-starter-${sequence}`,
    ...overrides,
  };
  await DisputeEntity.create(item).go();
  return item;
};

const disputeUpdates = async (userId: string, disputeId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data.filter(
    (notification) =>
      notification.type === 'dispute_updated' && notification.link === `/disputes/${disputeId}`,
  );

const auditOf = async (disputeId: string) => {
  const answer = await auditHandler(
    apiEvent({ path: '/api/admin/audit-log', claims: claimsOf(ADMIN) }),
    lambdaContext('audit'),
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return jsonBody<AuditLogPage>(answer).items.filter((entry) => entry.target_id === disputeId);
};

beforeAll(async () => {
  await Promise.all([
    putProfile({ id: ADMIN, email: `${ADMIN}@example.com`, role: 'admin' }),
    putProfile({ id: OTHER_ADMIN, email: `${OTHER_ADMIN}@example.com`, role: 'both' }),
    putProfile({ id: BUYER, email: `${BUYER}@example.com`, role: 'buyer' }),
    putProfile({
      id: SELLER,
      email: `${SELLER}@example.com`,
      role: 'seller',
      is_seller_approved: true,
    }),
  ]);
});

describe('admin disputes', () => {
  it('lists one status (open by default), oldest first, with the parties and their e-mails', async () => {
    const first = await putDispute();
    const second = await putDispute();
    const reviewed = await putDispute({ status: 'in_review' });

    const open = (await queue()).filter((item) => [first.id, second.id].includes(item.id));
    expect(open.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(open[0]).toMatchObject({
      status: 'open',
      viewer_role: 'admin',
      buyer: { id: BUYER, username: 'bea', email: `${BUYER}@example.com` },
      seller: { id: SELLER, display_name: 'Sam Seller', email: `${SELLER}@example.com` },
      mvp: { title: first.mvp_title, slug: first.mvp_slug },
    });
    const inReview = await queue('in_review');
    expect(inReview.map((item) => item.id)).toContain(reviewed.id);
    expect(inReview.map((item) => item.id)).not.toContain(first.id);

    const wrong = await call(ADMIN, { path: '/api/admin/disputes', query: { status: 'lost' } });
    expect(wrong.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(wrong).message).toContain(ADMIN_DISPUTE_MESSAGES.statusFilter);
  });

  it('starts a review once: timeline, both parties notified, audited; again is a 409', async () => {
    const dispute = await putDispute();
    const answer = await startReview(dispute.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const reviewed = jsonBody<Dispute>(answer);
    expect(reviewed.status).toBe('in_review');
    expect(reviewed.resolved_at).toBeNull();
    expect(reviewed.timeline.map((entry) => entry.status)).toEqual(['open', 'in_review']);

    const stored = (await DisputeEntity.get({ id: dispute.id }).go({ consistent: true })).data;
    expect(stored?.timeline[1]).toMatchObject({ status: 'in_review', by: ADMIN });

    const message = disputeUpdatedMessage(dispute.mvp_title, 'in_review');
    for (const party of [BUYER, SELLER]) {
      const notes = await disputeUpdates(party, dispute.id);
      expect(notes.map((note) => note.message)).toEqual([message]);
    }
    expect(await auditOf(dispute.id)).toEqual([
      expect.objectContaining({
        actor_id: ADMIN,
        actor_email: `${ADMIN}@example.com`,
        action: 'dispute.start_review',
        target_type: 'dispute',
        before: { status: 'open' },
        after: { status: 'in_review' },
      }),
    ]);

    const again = await startReview(dispute.id);
    expect(again.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(again).message).toBe(
      disputeStatusConflictMessage('start-review', 'in_review'),
    );
    // The refused click changed nothing and told nobody.
    expect(await disputeUpdates(BUYER, dispute.id)).toHaveLength(1);
    expect(await auditOf(dispute.id)).toHaveLength(1);
  });

  it('resolves with non-blank details only, from in review only; both parties see it', async () => {
    const dispute = await putDispute();

    const early = await resolve(dispute.id, {
      status: 'resolved_buyer',
      resolution_details: 'Refunded.',
    });
    expect(early.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(early).message).toBe(
      disputeStatusConflictMessage('resolve', 'open'),
    );

    expect((await startReview(dispute.id)).statusCode).toBe(200);
    for (const body of [
      { status: 'resolved_buyer', resolution_details: '   ' },
      { status: 'resolved_buyer' },
    ]) {
      const blank = await resolve(dispute.id, body);
      expect(blank.statusCode).toBe(400);
      expect(jsonBody<ApiErrorBody>(blank).message).toContain(
        ADMIN_DISPUTE_MESSAGES.detailsRequired,
      );
    }
    const notFinal = await resolve(dispute.id, { status: 'open', resolution_details: 'Reopen.' });
    expect(notFinal.statusCode).toBe(400);

    const answer = await resolve(dispute.id, {
      status: 'resolved_seller',
      resolution_details: '  The template works as described; the buyer missed a step.  ',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const resolved = jsonBody<Dispute>(answer);
    expect(resolved).toMatchObject({
      status: 'resolved_seller',
      resolution_details: 'The template works as described; the buyer missed a step.',
    });
    expect(resolved.resolved_at).toEqual(expect.any(String));
    expect(resolved.timeline.map((entry) => entry.status)).toEqual([
      'open',
      'in_review',
      'resolved_seller',
    ]);

    // The parties see the new status and the timeline on the dispute page, by name only.
    for (const party of [BUYER, SELLER]) {
      const page = await call(party, { path: `/api/disputes/${dispute.id}` });
      expect(page.statusCode, page.body).toBe(200);
      const seen = jsonBody<Dispute>(page);
      expect(seen).toMatchObject({
        status: 'resolved_seller',
        resolved_at: resolved.resolved_at,
        resolution_details: resolved.resolution_details,
        timeline: resolved.timeline,
      });
      expect(page.body).not.toContain('@example.com');
      expect((await disputeUpdates(party, dispute.id)).map((note) => note.message).sort()).toEqual(
        [
          disputeUpdatedMessage(dispute.mvp_title, 'in_review'),
          disputeUpdatedMessage(dispute.mvp_title, 'resolved_seller'),
        ].sort(),
      );
    }
    expect((await auditOf(dispute.id)).map((entry) => entry.action)).toEqual([
      'dispute.resolve',
      'dispute.start_review',
    ]);
    expect((await auditOf(dispute.id))[0]).toMatchObject({
      before: { status: 'in_review' },
      after: { status: 'resolved_seller', resolution_details: resolved.resolution_details },
    });

    const final = await resolve(dispute.id, {
      status: 'closed_no_action',
      resolution_details: 'Changed my mind.',
    });
    expect(final.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(final).message).toBe(
      disputeStatusConflictMessage('resolve', 'resolved_seller'),
    );
    expect((await startReview(`missing-${randomUUID()}`)).statusCode, 'an unknown dispute').toBe(
      404,
    );
  });

  it('lets one of two admins resolving at once win; the other gets a 409', async () => {
    const dispute = await putDispute({ status: 'in_review' });
    const answers = await Promise.all([
      resolve(dispute.id, { status: 'resolved_buyer', resolution_details: 'Buyer wins.' }),
      resolve(
        dispute.id,
        { status: 'closed_no_action', resolution_details: 'Nothing to do.' },
        OTHER_ADMIN,
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = jsonBody<Dispute>(answers.find((answer) => answer.statusCode === 200)!);

    const stored = (await DisputeEntity.get({ id: dispute.id }).go({ consistent: true })).data;
    expect(stored?.status).toBe(winner.status);
    expect(stored?.timeline.map((entry) => entry.status)).toEqual(['open', winner.status]);
    for (const party of [BUYER, SELLER]) {
      expect(await disputeUpdates(party, dispute.id)).toHaveLength(1);
    }
    expect(await auditOf(dispute.id)).toHaveLength(1);
  });
});
