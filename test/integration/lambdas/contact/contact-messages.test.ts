/**
 * Contact messages: the public form (validation with the field's message, the hourly limit per
 * client network, the honeypot, the sender's user id when signed in), the admins' notification,
 * and the admin list (per status, newest first, paged) with mark-as-handled (audited in the same
 * transaction; a second click is a 409).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/contact/index';
import { queryAuditEntries } from '../../../../lambdas/audit/repo';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactMessage,
  type ContactMessagePage,
} from '../../../../contract/contact';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

/** A fresh client network per test, so the hourly limits of tests do not meet. */
let nextIp = 1;
const freshIp = () => `10.1.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

const send = (
  body: unknown,
  options: { ip?: string; viewer?: string; claims?: Record<string, string> } = {},
) => {
  const event = apiEvent({
    method: 'POST',
    path: '/api/contact',
    body,
    claims: options.claims,
    ...(options.viewer ? { headers: { 'cloudfront-viewer-address': options.viewer } } : {}),
  });
  event.requestContext.http.sourceIp = options.ip ?? freshIp();
  return handler(event, lambdaContext('contact'));
};

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Visitor',
  email: `ada-${randomUUID().slice(0, 8)}@example.com`,
  subject: `Question ${randomUUID().slice(0, 8)}`,
  message: 'Can an agency use one licence for several client projects?\nThanks!',
  ...overrides,
});

const asAdmin = (admin: { id: string; email: string }, options: Parameters<typeof apiEvent>[0]) =>
  handler(
    apiEvent({ ...options, claims: idTokenClaims({ sub: admin.id, email: admin.email }) }),
    lambdaContext('contact'),
  );

const list = (admin: { id: string; email: string }, query: Record<string, string>) =>
  asAdmin(admin, { path: '/api/admin/contact-messages', query });

const handle = (admin: { id: string; email: string }, id: string) =>
  asAdmin(admin, { method: 'POST', path: `/api/admin/contact-messages/${id}/handle` });

/** Every message of a status, following the cursor. */
const listAll = async (admin: { id: string; email: string }, status: string) => {
  const items: ContactMessage[] = [];
  let cursor: string | null = null;
  do {
    const answer = await list(admin, { status, limit: '50', ...(cursor ? { cursor } : {}) });
    expect(answer.statusCode, answer.body).toBe(200);
    const page = jsonBody<ContactMessagePage>(answer);
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
};

describe('the contact form', () => {
  it('refuses invalid fields with the field’s message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, CONTACT_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(CONTACT_LIMITS.name + 1) }, CONTACT_MESSAGES.nameTooLong],
      [{ email: 'not-an-address' }, CONTACT_MESSAGES.emailInvalid],
      [{ subject: '' }, CONTACT_MESSAGES.subjectRequired],
      [{ subject: 's'.repeat(CONTACT_LIMITS.subject + 1) }, CONTACT_MESSAGES.subjectTooLong],
      [{ message: 'too short' }, CONTACT_MESSAGES.messageTooShort],
      [{ message: 'm'.repeat(CONTACT_LIMITS.message + 1) }, CONTACT_MESSAGES.messageTooLong],
    ];
    const ip = freshIp();
    for (const [change, message] of cases) {
      const answer = await send(valid(change), { ip });
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.body).toContain(message);
    }
    // Refused input takes nothing from the client's allowance.
    for (let sent = 0; sent < CONTACT_LIMITS.perClientPerHour; sent += 1) {
      expect((await send(valid(), { ip })).statusCode).toBe(201);
    }
  });

  it('stores the message, records a signed-in sender and notifies every admin', async () => {
    const admin = await putProfile({ role: 'admin' });
    const both = await putProfile({ role: 'both' });
    const buyer = await putProfile({ role: 'buyer' });
    const body = valid();

    const answer = await send(body, {
      claims: idTokenClaims({ sub: buyer.id, email: buyer.email }),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(jsonBody(answer)).toEqual({ message: CONTACT_MESSAGES.sent });

    const stored = (await listAll(admin, 'new')).find((item) => item.subject === body.subject);
    expect(stored).toMatchObject({
      name: body.name,
      email: body.email,
      message: body.message,
      user_id: buyer.id,
      status: 'new',
      handled_at: null,
      handled_by: null,
    });

    for (const recipient of [admin, both]) {
      const { data } = await NotificationEntity.query.byUser({ user_id: recipient.id }).go();
      expect(data).toContainEqual(
        expect.objectContaining({
          type: 'contact_message',
          message: `New contact message from ${body.name}: ${body.subject}`,
          link: '/admin',
        }),
      );
    }
    const { data: buyerNotes } = await NotificationEntity.query.byUser({ user_id: buyer.id }).go();
    expect(buyerNotes).toEqual([]);
  });

  it('allows five messages per client network and hour, then answers 429', async () => {
    const ip = freshIp();
    for (let sent = 0; sent < CONTACT_LIMITS.perClientPerHour; sent += 1) {
      expect((await send(valid(), { ip })).statusCode).toBe(201);
    }
    const refused = await send(valid(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(CONTACT_MESSAGES.rateLimited);
    // Another network is not affected.
    expect((await send(valid())).statusCode).toBe(201);
  });

  it('counts two viewers behind one CloudFront edge separately', async () => {
    const edge = freshIp();
    const first = `${freshIp()}:50123`;
    const second = `${freshIp()}:50123`;
    for (let sent = 0; sent < CONTACT_LIMITS.perClientPerHour; sent += 1) {
      expect((await send(valid(), { ip: edge, viewer: first })).statusCode).toBe(201);
    }
    expect((await send(valid(), { ip: edge, viewer: first })).statusCode).toBe(429);
    // Same edge address, another viewer: its own allowance.
    expect((await send(valid(), { ip: edge, viewer: second })).statusCode).toBe(201);
    // The port is not part of who the viewer is.
    const samePersonNewPort = `${first.split(':')[0]}:61000`;
    expect((await send(valid(), { ip: edge, viewer: samePersonNewPort })).statusCode).toBe(429);
  });

  it('answers a filled honeypot like a person and keeps nothing', async () => {
    const admin = await putProfile({ role: 'admin' });
    const body = valid({ website: 'https://spam.example' });
    const answer = await send(body);
    expect(answer.statusCode).toBe(201);
    expect(jsonBody(answer)).toEqual({ message: CONTACT_MESSAGES.sent });
    expect((await listAll(admin, 'new')).map((item) => item.subject)).not.toContain(body.subject);
  });
});

describe('admin contact messages', () => {
  it('lists new messages newest first, marks one handled with its audit entry, once', async () => {
    const admin = await putProfile({ role: 'admin' });
    const subjects: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const body = valid();
      subjects.push(body.subject);
      expect((await send(body)).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const fresh = (await listAll(admin, 'new')).filter((item) => subjects.includes(item.subject));
    expect(fresh.map((item) => item.subject)).toEqual([...subjects].reverse());

    // Pages of one, newest first, without gaps.
    const first = jsonBody<ContactMessagePage>(await list(admin, { status: 'new', limit: '1' }));
    expect(first.items).toHaveLength(1);
    const second = jsonBody<ContactMessagePage>(
      await list(admin, { status: 'new', limit: '1', cursor: first.cursor! }),
    );
    expect(second.items[0]!.created_at <= first.items[0]!.created_at).toBe(true);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    // The cursor belongs to its list.
    expect(
      (await list(admin, { status: 'handled', limit: '1', cursor: first.cursor! })).statusCode,
    ).toBe(400);

    const target = fresh[1]!;
    const handled = await handle(admin, target.id);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(jsonBody<ContactMessage>(handled)).toMatchObject({
      id: target.id,
      status: 'handled',
      handled_by: admin.id,
    });
    expect((await listAll(admin, 'new')).map((item) => item.id)).not.toContain(target.id);
    expect((await listAll(admin, 'handled')).map((item) => item.id)).toContain(target.id);

    const audit = (await queryAuditEntries({ limit: 200, cursor: null })).items.filter(
      (entry) => entry.target_id === target.id,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        action: 'contact_message.handle',
        target_type: 'contact_message',
        before: { status: 'new' },
        after: { status: 'handled' },
      }),
    ]);

    const again = await handle(admin, target.id);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(CONTACT_MESSAGES.alreadyHandled);
    expect(
      (await queryAuditEntries({ limit: 200, cursor: null })).items.filter(
        (entry) => entry.target_id === target.id,
      ),
    ).toHaveLength(1);
  });

  it('answers 404 for an unknown message and 400 for an unknown status', async () => {
    const admin = await putProfile({ role: 'admin' });
    const missing = await handle(admin, '01JZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(CONTACT_MESSAGES.notFound);
    const bad = await list(admin, { status: 'archived' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('status must be one of new, handled');
  });

  it('is for admins only', async () => {
    const buyer = await putProfile({ role: 'buyer' });
    expect((await list(buyer, { status: 'new' })).statusCode).toBe(403);
  });
});
