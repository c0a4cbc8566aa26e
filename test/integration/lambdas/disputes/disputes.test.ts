/**
 * Disputes through the disputes Lambda against DynamoDB Local: filing only for downloaded
 * templates, the seller taken from the template, and who may read a dispute (its buyer, its
 * seller, admin, both; nobody else, in lists or by id).
 */
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_NOT_FOUND_MESSAGE } from '../../../../lambdas/catalog/service';
import { handler } from '../../../../lambdas/disputes/index';
import { DISPUTE_MESSAGES, type Dispute } from '../../../../contract/disputes';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { Role } from '../../../../contract/profile';
import { DisputeEntity } from '../../../../lambdas/shared/db/entities/dispute';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';

const claims = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });
const call = (
  sub: string | undefined,
  options: { method?: 'GET' | 'POST'; path: string; body?: unknown },
) =>
  handler(
    apiEvent({ ...options, claims: sub ? claims(sub) : undefined }),
    lambdaContext('disputes'),
  );

const createProfile = (id: string, role: Role, username?: string) =>
  putProfile({ id, username, role, is_seller_approved: role === 'seller' || role === 'both' });

const recordDownload = (userId: string, mvp: ReturnType<typeof templateItem>) => {
  const now = new Date().toISOString();
  return DownloadEntity.create({
    id: ulid(),
    user_id: userId,
    mvp_id: mvp.id,
    seller_id: mvp.seller_id,
    month_year: now.slice(0, 7),
    downloaded_at: now,
    version_number: mvp.version_number,
    mvp_title: mvp.title,
    mvp_slug: mvp.slug,
  }).go();
};

const validDispute = (templateId: string) => ({
  mvp_id: templateId,
  reason: 'Non-functioning code',
  details: 'The build fails on a clean install with a missing module.',
});

describe('disputes', () => {
  const template = templateItem({ seller_id: 'seller-sam', title: 'Disputed Starter' });
  const other = templateItem({ seller_id: 'seller-sam', title: 'Never Downloaded' });
  let dispute: Dispute;

  beforeAll(async () => {
    await createProfile('seller-sam', 'seller', 'sam');
    await createProfile('buyer-bea', 'buyer', 'bea');
    await createProfile('admin-ada', 'admin');
    await createProfile('both-bo', 'both', 'bo');
    await createProfile('outsider-oz', 'buyer');
    await createProfile('other-seller', 'seller', 'ollie');
    await TemplateEntity.create(template).go();
    await TemplateEntity.create(other).go();
    await recordDownload('buyer-bea', template);
    const result = await call('buyer-bea', {
      method: 'POST',
      path: '/api/disputes',
      body: validDispute(template.id),
    });
    expect(result.statusCode).toBe(201);
    dispute = jsonBody<Dispute>(result);
  });

  it('files an open dispute with the seller of the template and both parties named', async () => {
    expect(dispute).toMatchObject({
      mvp_id: template.id,
      reason: 'Non-functioning code',
      status: 'open',
      buyer: { id: 'buyer-bea', username: 'bea', display_name: null },
      seller: { id: 'seller-sam', username: 'sam', display_name: null },
      mvp: { id: template.id, title: 'Disputed Starter', slug: template.slug },
      viewer_role: 'buyer',
    });
    expect(dispute.timeline).toEqual([{ status: 'open', at: dispute.opened_at }]);
    const stored = await DisputeEntity.get({ id: dispute.id }).go();
    expect(stored.data?.seller_id).toBe('seller-sam');
  });

  it('tells the seller (and only the seller) that a dispute was opened', async () => {
    const noticesOf = async (userId: string) =>
      (await NotificationEntity.query.byUser({ user_id: userId }).go()).data.filter(
        (item) => item.type === 'dispute_opened',
      );
    const notices = await noticesOf('seller-sam');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      message: expect.stringContaining('A buyer opened a dispute about "Disputed Starter".'),
      link: `/disputes/${dispute.id}`,
    });
    expect(await noticesOf('buyer-bea')).toEqual([]);
  });

  it('refuses a dispute about a template the caller never downloaded, writing nothing', async () => {
    const result = await call('buyer-bea', {
      method: 'POST',
      path: '/api/disputes',
      body: validDispute(other.id),
    });
    expect(result.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(result)).toMatchObject({
      message: DISPUTE_MESSAGES.notDownloaded,
      fields: { mvp_id: DISPUTE_MESSAGES.notDownloaded },
    });
    // Someone else's download does not count either.
    const outsider = await call('outsider-oz', {
      method: 'POST',
      path: '/api/disputes',
      body: validDispute(template.id),
    });
    expect(outsider.statusCode).toBe(400);
    const all = await DisputeEntity.query.bySeller({ seller_id: 'seller-sam' }).go();
    expect(all.data).toHaveLength(1);
  });

  it('answers the product’s validation messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ mvp_id: '' }, 'mvp_id', DISPUTE_MESSAGES.mvpRequired],
      [{ reason: '' }, 'reason', DISPUTE_MESSAGES.reasonRequired],
      [{ reason: 'Because' }, 'reason', DISPUTE_MESSAGES.reasonRequired],
      [{ details: 'Too short to help.' }, 'details', DISPUTE_MESSAGES.detailsTooShort],
      [{ details: `   ${'a'.repeat(19)}   ` }, 'details', DISPUTE_MESSAGES.detailsTooShort],
    ];
    for (const [override, field, message] of cases) {
      const result = await call('buyer-bea', {
        method: 'POST',
        path: '/api/disputes',
        body: { ...validDispute(template.id), ...override },
      });
      expect(result.statusCode).toBe(400);
      expect(jsonBody<ApiErrorBody>(result).fields?.[field]).toBe(message);
    }
  });

  it('shows the detail to its buyer, its seller, admin and both', async () => {
    for (const [viewer, role] of [
      ['buyer-bea', 'buyer'],
      ['seller-sam', 'seller'],
      ['admin-ada', 'admin'],
      ['both-bo', 'admin'],
    ] as const) {
      const result = await call(viewer, { path: `/api/disputes/${dispute.id}` });
      expect(result.statusCode, viewer).toBe(200);
      const emails =
        role === 'admin'
          ? {
              buyer: { ...dispute.buyer, email: 'buyer-bea@example.com' },
              seller: { ...dispute.seller, email: 'seller-sam@example.com' },
            }
          : {};
      expect(jsonBody<Dispute>(result)).toEqual({ ...dispute, ...emails, viewer_role: role });
    }
  });

  it("never shows a party the other party's e-mail address, in the detail or the list", async () => {
    for (const viewer of ['buyer-bea', 'seller-sam']) {
      const detail = await call(viewer, { path: `/api/disputes/${dispute.id}` });
      const list = await call(viewer, { path: '/api/disputes' });
      for (const body of [detail.body ?? '', list.body ?? '']) {
        expect(body, viewer).not.toContain('@example.com');
      }
    }
  });

  it('answers 403 with the product’s text to anyone else, and 404 for an unknown id', async () => {
    for (const viewer of ['outsider-oz', 'other-seller', 'never-seen-user']) {
      const result = await call(viewer, { path: `/api/disputes/${dispute.id}` });
      expect(result.statusCode, viewer).toBe(403);
      expect(jsonBody<ApiErrorBody>(result).message).toBe(DISPUTE_MESSAGES.forbidden);
    }
    const missing = await call('buyer-bea', { path: `/api/disputes/${ulid()}` });
    expect(missing.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(missing).message).toBe(DISPUTE_MESSAGES.notFound);
    expect((await call(undefined, { path: `/api/disputes/${dispute.id}` })).statusCode).toBe(401);
  });

  it('lists a dispute to its buyer and its seller only', async () => {
    const listOf = async (viewer: string) => {
      const result = await call(viewer, { path: '/api/disputes' });
      expect(result.statusCode).toBe(200);
      return jsonBody<{ items: Dispute[] }>(result).items;
    };
    expect((await listOf('buyer-bea')).map((item) => item.id)).toEqual([dispute.id]);
    expect(await listOf('seller-sam')).toEqual([{ ...dispute, viewer_role: 'seller' }]);
    expect(await listOf('outsider-oz')).toEqual([]);
    expect(await listOf('other-seller')).toEqual([]);
    // Admin rights open the detail, not "my disputes".
    expect(await listOf('admin-ada')).toEqual([]);
  });

  it('keeps a dispute about the seller’s own download once, newest first', async () => {
    const own = templateItem({ seller_id: 'both-bo', title: 'Own Template' });
    await TemplateEntity.create(own).go();
    await recordDownload('both-bo', own);
    const first = await call('both-bo', {
      method: 'POST',
      path: '/api/disputes',
      body: validDispute(own.id),
    });
    expect(first.statusCode).toBe(201);
    const items = jsonBody<{ items: Dispute[] }>(
      await call('both-bo', { path: '/api/disputes' }),
    ).items;
    expect(items).toHaveLength(1);
    expect(items[0]!.viewer_role).toBe('buyer');
  });

  it('refuses a dispute about a template no longer in the catalog with the detail page’s 404', async () => {
    const gone = templateItem({
      seller_id: 'seller-sam',
      title: 'Archived Starter',
      status: 'archived',
    });
    await TemplateEntity.create(gone).go();
    await recordDownload('buyer-bea', gone);
    const result = await call('buyer-bea', {
      method: 'POST',
      path: '/api/disputes',
      body: validDispute(gone.id),
    });
    expect(result.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(TEMPLATE_NOT_FOUND_MESSAGE);
  });
});
