/**
 * MVP reviews through the templates Lambda (`/api/admin/mvps…`): the queue, approve (in browse at
 * once) and reject with a reason, each with the seller's notification (real title and link), the
 * status counter and the audit entry; two admins deciding at once (one wins, the counter stays
 * exact); non-admins refused. This file's table is fresh, so the `mvps` counter is exact.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as catalogHandler } from '../../../../lambdas/catalog/index';
import type { PendingTemplateList, ModerationResult } from '../../../../contract/admin-templates';
import type { BrowseResult, TemplateStatus } from '../../../../contract/catalog';
import type { ApiErrorBody } from '../../../../contract/errors';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { TemplateEntity, type TemplateItem } from '../../../../lambdas/shared/db/entities/template';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import type { HttpMethod } from '../../../../contract/routes';
import { handler } from '../../../../lambdas/templates/index';
import { createTemplate, getStatusCounts } from '../../../../lambdas/templates/repo';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';

const sellerId = `seller-${randomUUID()}`;
const sellerEmail = `${sellerId}@example.com`;
const admin = { id: `admin-${randomUUID()}`, role: 'admin' as const };
const both = { id: `both-${randomUUID()}`, role: 'both' as const };

beforeAll(async () => {
  await Promise.all([
    putProfile({
      id: sellerId,
      email: sellerEmail,
      username: `maker${sellerId.slice(7, 15)}`,
      display_name: 'Maker Studio',
      role: 'seller',
      is_seller_approved: true,
    }),
    putProfile({ id: admin.id, email: `${admin.id}@example.com`, role: 'admin' }),
    putProfile({ id: both.id, email: `${both.id}@example.com`, role: 'both' }),
  ]);
});

const call = async <T>(
  callerId: string,
  method: HttpMethod,
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
) => {
  const result = await handler(
    apiEvent({
      method,
      path,
      ...options,
      claims: idTokenClaims({ sub: callerId, email: `${callerId}@example.com` }),
    }),
    lambdaContext('templates'),
  );
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
};

/** A template registered as M2 leaves it (with its status counter), in `status`. */
const registered = async (status: TemplateStatus, overrides: Partial<TemplateItem> = {}) => {
  const item = templateItem({
    seller_id: sellerId,
    status,
    title: `Review ${ulid()}`,
    version_number: '1.2.0',
    file_key: `mvps/${sellerId}/${ulid()}/bundle.zip`,
    ...overrides,
  });
  delete item.published_at;
  await createTemplate(item, {
    mvp_id: item.id,
    id: ulid(),
    version_number: item.version_number,
    file_key: item.file_key!,
    file_size: 2048,
    source: 'upload',
    uploaded_at: item.created_at,
  });
  return item;
};

const notificationsOf = async (userId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go({ pages: 'all' })).data;

const auditOf = async (targetId: string) =>
  (await AuditEntryEntity.query.byTime({}).go({ pages: 'all' })).data.filter(
    (entry) => entry.target_id === targetId,
  );

/** The counter's pending and decided buckets, for exactness checks. */
const counts = async () => {
  const all = await getStatusCounts();
  const of = (status: TemplateStatus) => all[status] ?? 0;
  return {
    pending_review: of('pending_review'),
    scan_failed: of('scan_failed'),
    ipfs_pin_failed: of('ipfs_pin_failed'),
    approved: of('approved'),
    rejected: of('rejected'),
  };
};

describe('GET /api/admin/mvps', () => {
  it('lists pending_review, scan_failed and ipfs_pin_failed oldest first, with the seller', async () => {
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const older = new Date(Date.now() - 4 * 86_400_000).toISOString();
    const failed = await registered('scan_failed', {
      last_processing_error: 'Secrets found: .env',
      updated_at: older,
      tech_stack: ['React', 'Vue.js', 'Svelte', 'Go', 'Docker', 'AWS', 'Stripe'],
    });
    const waiting = await registered('pending_review', { updated_at: old });
    const pinFailed = await registered('ipfs_pin_failed', {
      last_processing_error: 'Processing failed: timeout',
    });
    const approved = await registered('approved');

    const answer = await call<PendingTemplateList>(admin.id, 'GET', '/api/admin/mvps');
    expect(answer.status).toBe(200);
    const ids = answer.body.items.map((item) => item.id);
    expect(ids).not.toContain(approved.id);
    const ours = ids.filter((id) => [failed.id, waiting.id, pinFailed.id].includes(id));
    expect(ours).toEqual([failed.id, waiting.id, pinFailed.id]);
    expect(answer.body.items.find((item) => item.id === failed.id)).toMatchObject({
      status: 'scan_failed',
      title: failed.title,
      tech_stack: failed.tech_stack,
      last_processing_error: 'Secrets found: .env',
      submittedAt: older,
      sellerEmail,
      sellerDisplayName: 'Maker Studio',
      sellerUsername: expect.stringMatching(/^maker/),
    });
    expect(answer.body.counts).toEqual({
      pending_review: (await counts()).pending_review,
      scan_failed: (await counts()).scan_failed,
      ipfs_pin_failed: (await counts()).ipfs_pin_failed,
    });

    const onlyFailed = await call<PendingTemplateList>(admin.id, 'GET', '/api/admin/mvps', {
      query: { status: 'scan_failed' },
    });
    expect(onlyFailed.body.items.every((item) => item.status === 'scan_failed')).toBe(true);
    expect(onlyFailed.body.items.map((item) => item.id)).toContain(failed.id);

    const bad = await call<ApiErrorBody>(admin.id, 'GET', '/api/admin/mvps', {
      query: { status: 'approved' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status must be one of pending, pending_review/);
  });
});

describe('POST /api/admin/mvps/{id}/approve', () => {
  it('publishes at once: in browse, the seller notified with the real title, counted, audited', async () => {
    const template = await registered('pending_review', { title: `Approvable ${ulid()}` });
    const before = await counts();

    const answer = await call<ModerationResult>(
      admin.id,
      'POST',
      `/api/admin/mvps/${template.id}/approve`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.mvp).toMatchObject({ id: template.id, status: 'approved' });
    expect(answer.body.mvp.published_at).not.toBeNull();

    const stored = (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data!;
    expect(stored.status).toBe('approved');
    expect(stored.published_at).toBe(answer.body.mvp.published_at);
    expect(await counts()).toEqual({
      ...before,
      pending_review: before.pending_review - 1,
      approved: before.approved + 1,
    });

    const browse = await catalogHandler(
      apiEvent({ path: '/api/mvps', query: { search: template.title } }),
      lambdaContext('catalog'),
    );
    expect(browse.statusCode).toBe(200);
    expect(jsonBody<BrowseResult>(browse).items.map((item) => item.id)).toContain(template.id);

    const notification = (await notificationsOf(sellerId)).find(
      (item) => item.type === 'mvp_approved' && item.message.includes(template.title),
    );
    expect(notification).toMatchObject({
      message: `Your MVP "${template.title}" (version 1.2.0) was approved and is now published.`,
      link: `/mvp/${template.id}`,
      read: false,
    });

    const [entry] = await auditOf(template.id);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_email: `${admin.id}@example.com`,
      action: 'mvp.approve',
      target_type: 'mvp',
      before: { status: 'pending_review' },
      after: { status: 'approved' },
    });

    // Decided already: a second approve is a 409 naming where it is, and changes nothing.
    const again = await call<ApiErrorBody>(
      admin.id,
      'POST',
      `/api/admin/mvps/${template.id}/approve`,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This MVP is no longer waiting for review: it is approved now.',
    );
    expect(await auditOf(template.id)).toHaveLength(1);
  });

  it('refuses a template whose processing failed, and an unknown id', async () => {
    const failed = await registered('scan_failed', { last_processing_error: 'Secrets found' });
    const answer = await call<ApiErrorBody>(
      both.id,
      'POST',
      `/api/admin/mvps/${failed.id}/approve`,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/failed processing and cannot be approved/);
    expect(
      (await TemplateEntity.get({ id: failed.id }).go({ consistent: true })).data!.status,
    ).toBe('scan_failed');
    const missing = await call<ApiErrorBody>(admin.id, 'POST', `/api/admin/mvps/${ulid()}/approve`);
    expect(missing.status).toBe(404);
  });
});

describe('POST /api/admin/mvps/{id}/reject', () => {
  it('rejects with the reason kept and sent to the seller, published_at cleared, audited', async () => {
    const template = await registered('scan_failed', {
      title: `Rejectable ${ulid()}`,
      last_processing_error: 'Secrets found: .env',
      published_at: '2025-01-01T00:00:00.000Z',
    });
    const before = await counts();
    const reason = 'The bundle still holds a committed .env with live keys.';

    const answer = await call<ModerationResult>(
      both.id,
      'POST',
      `/api/admin/mvps/${template.id}/reject`,
      { body: { reason: `  ${reason}  ` } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.mvp).toMatchObject({
      status: 'rejected',
      published_at: null,
      last_processing_error: reason,
    });
    const stored = (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data!;
    expect(stored.status).toBe('rejected');
    expect(stored.published_at).toBeUndefined();
    expect(stored.last_processing_error).toBe(reason);
    expect(await counts()).toEqual({
      ...before,
      scan_failed: before.scan_failed - 1,
      rejected: before.rejected + 1,
    });

    const notification = (await notificationsOf(sellerId)).find(
      (item) => item.type === 'mvp_rejected' && item.message.includes(template.title),
    );
    expect(notification).toMatchObject({
      message: `Your MVP "${template.title}" (version 1.2.0) was rejected: ${reason}`,
      link: '/my-mvps',
    });
    expect(await auditOf(template.id)).toEqual([
      expect.objectContaining({
        actor_id: both.id,
        action: 'mvp.reject',
        before: { status: 'scan_failed' },
        after: { status: 'rejected', reason },
      }),
    ]);
  });

  it('needs a reason of at most 1000 characters', async () => {
    const template = await registered('pending_review');
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1_001) }]) {
      const answer = await call<ApiErrorBody>(
        admin.id,
        'POST',
        `/api/admin/mvps/${template.id}/reject`,
        {
          body,
        },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/reason/);
    }
    expect(
      (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data!.status,
    ).toBe('pending_review');
  });
});

describe('two admins deciding at once', () => {
  it('one wins, the other gets 409, and the status counter stays exact', async () => {
    const templates = await Promise.all(
      Array.from({ length: 4 }, () => registered('pending_review')),
    );
    const before = await counts();
    const outcomes = await Promise.all(
      templates.map(async (template) => {
        const [approve, reject] = await Promise.all([
          call<ModerationResult | ApiErrorBody>(
            admin.id,
            'POST',
            `/api/admin/mvps/${template.id}/approve`,
          ),
          call<ModerationResult | ApiErrorBody>(
            both.id,
            'POST',
            `/api/admin/mvps/${template.id}/reject`,
            {
              body: { reason: 'Not good enough.' },
            },
          ),
        ]);
        expect([approve.status, reject.status].sort()).toEqual([200, 409]);
        const loser = approve.status === 409 ? approve : reject;
        expect((loser.body as ApiErrorBody).message).toMatch(
          /no longer waiting for review|changed meanwhile/,
        );
        const stored = (await TemplateEntity.get({ id: template.id }).go({ consistent: true }))
          .data!;
        expect(stored.status).toBe(approve.status === 200 ? 'approved' : 'rejected');
        expect(await auditOf(template.id)).toHaveLength(1);
        return stored.status;
      }),
    );
    const approvedCount = outcomes.filter((status) => status === 'approved').length;
    expect(await counts()).toEqual({
      ...before,
      pending_review: before.pending_review - 4,
      approved: before.approved + approvedCount,
      rejected: before.rejected + (4 - approvedCount),
    });
  });
});

describe('who may review', () => {
  it('refuses buyers and sellers (403) and changes nothing', async () => {
    const template = await registered('pending_review');
    const buyer = await putProfile({ role: 'buyer' });
    for (const callerId of [buyer.id, sellerId]) {
      expect((await call(callerId, 'GET', '/api/admin/mvps')).status).toBe(403);
      expect((await call(callerId, 'POST', `/api/admin/mvps/${template.id}/approve`)).status).toBe(
        403,
      );
      expect(
        (
          await call(callerId, 'POST', `/api/admin/mvps/${template.id}/reject`, {
            body: { reason: 'No.' },
          })
        ).status,
      ).toBe(403);
    }
    expect(
      (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data!.status,
    ).toBe('pending_review');
    expect(await auditOf(template.id)).toHaveLength(0);
  });
});
