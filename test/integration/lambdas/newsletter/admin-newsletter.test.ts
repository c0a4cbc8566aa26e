/**
 * The admin newsletter tab's types through the newsletter Lambda against DynamoDB Local: list,
 * create (name required), edit and delete, each audited in the same transaction; `site_updates`
 * cannot be deleted; admins only.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/newsletter/index';
import {
  NEWSLETTER_TYPE_MISSING_MESSAGE,
  NEWSLETTER_TYPE_NAME_REQUIRED_MESSAGE,
  NEWSLETTER_TYPE_PROTECTED_MESSAGE,
  type AdminNewsletterType,
  type AdminNewsletterTypeList,
} from '../../../../contract/admin-newsletter';
import type { ApiErrorBody } from '../../../../contract/errors';
import { SITE_UPDATES_NEWSLETTER_ID } from '../../../../contract/newsletter';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { NewsletterTypeEntity } from '../../../../lambdas/shared/db/entities/newsletter-type';
import { seedNewsletterTypes } from '../../../../lib/local/seed/newsletter';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

const ADMIN = `admin-${randomUUID()}`;
const BUYER = `buyer-${randomUUID()}`;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  sub = ADMIN,
) =>
  handler(
    apiEvent({ method, path, body, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) }),
    lambdaContext('newsletter'),
  );

const create = async (body: unknown) => {
  const result = await call('POST', '/api/admin/newsletter-types', body);
  expect(result.statusCode).toBe(201);
  return jsonBody<AdminNewsletterType>(result);
};

const auditOf = async (id: string) => {
  const { data } = await AuditEntryEntity.query.byTime({}).go({ pages: 'all' });
  return data.filter((entry) => entry.target_id === id).sort((a, b) => (a.at < b.at ? -1 : 1));
};

const stored = async (id: string) =>
  (await NewsletterTypeEntity.get({ id }).go({ consistent: true })).data;

beforeAll(async () => {
  await seedNewsletterTypes();
  await putProfile({ id: ADMIN, role: 'admin' });
  await putProfile({ id: BUYER, role: 'buyer' });
});

describe('admin newsletter types', () => {
  it('creates, lists, edits and deletes a type, each audited', async () => {
    const name = `Weekly ${randomUUID()}`;
    const created = await create({ name: `  ${name} `, description: 'Every Monday' });
    expect(created).toMatchObject({ name, description: 'Every Monday', is_active: true });

    const listed = await call('GET', '/api/admin/newsletter-types');
    expect(listed.statusCode).toBe(200);
    const items = jsonBody<AdminNewsletterTypeList>(listed).items;
    expect(items.map((item) => item.id)).toEqual(
      expect.arrayContaining([created.id, SITE_UPDATES_NEWSLETTER_ID]),
    );

    const edited = await call('PATCH', `/api/admin/newsletter-types/${created.id}`, {
      is_active: false,
      description: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(jsonBody<AdminNewsletterType>(edited)).toMatchObject({
      name,
      description: null,
      is_active: false,
    });
    expect(await stored(created.id)).toMatchObject({ is_active: false });
    expect((await stored(created.id))?.description).toBeUndefined();

    const deleted = await call('DELETE', `/api/admin/newsletter-types/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await stored(created.id)).toBeNull();

    const log = await auditOf(created.id);
    expect(log.map((entry) => entry.action)).toEqual([
      'newsletter_type.create',
      'newsletter_type.update',
      'newsletter_type.delete',
    ]);
    expect(log[1]).toMatchObject({
      actor_id: ADMIN,
      target_type: 'newsletter_type',
      before: { name, description: 'Every Monday', is_active: true },
      after: { name, description: null, is_active: false },
    });
  });

  it('requires a name, on create and on edit', async () => {
    for (const body of [{}, { name: '   ' }]) {
      const result = await call('POST', '/api/admin/newsletter-types', body);
      expect(result.statusCode).toBe(400);
      expect(JSON.stringify(jsonBody<ApiErrorBody>(result))).toContain(
        NEWSLETTER_TYPE_NAME_REQUIRED_MESSAGE,
      );
    }
    const created = await create({ name: `Named ${randomUUID()}` });
    const result = await call('PATCH', `/api/admin/newsletter-types/${created.id}`, { name: '' });
    expect(result.statusCode).toBe(400);
    expect(JSON.stringify(jsonBody<ApiErrorBody>(result))).toContain(
      NEWSLETTER_TYPE_NAME_REQUIRED_MESSAGE,
    );
    expect(await auditOf(created.id)).toHaveLength(1);
  });

  it('refuses deleting site_updates (409) and keeps it; unknown types are 404', async () => {
    const result = await call(
      'DELETE',
      `/api/admin/newsletter-types/${SITE_UPDATES_NEWSLETTER_ID}`,
    );
    expect(result.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(NEWSLETTER_TYPE_PROTECTED_MESSAGE);
    expect(await stored(SITE_UPDATES_NEWSLETTER_ID)).not.toBeNull();

    for (const method of ['PATCH', 'DELETE'] as const) {
      const missing = await call(method, `/api/admin/newsletter-types/nope-${randomUUID()}`, {
        is_active: true,
      });
      expect(missing.statusCode).toBe(404);
      expect(jsonBody<ApiErrorBody>(missing).message).toBe(NEWSLETTER_TYPE_MISSING_MESSAGE);
    }
  });

  it('is for admins only', async () => {
    const created = await create({ name: `Admins ${randomUUID()}` });
    const listed = await call('GET', '/api/admin/newsletter-types', undefined, BUYER);
    expect(listed.statusCode).toBe(403);
    const posted = await call('POST', '/api/admin/newsletter-types', { name: 'x' }, BUYER);
    expect(posted.statusCode).toBe(403);
    const deleted = await call(
      'DELETE',
      `/api/admin/newsletter-types/${created.id}`,
      undefined,
      BUYER,
    );
    expect(deleted.statusCode).toBe(403);
    expect(await stored(created.id)).not.toBeNull();
  });
});
