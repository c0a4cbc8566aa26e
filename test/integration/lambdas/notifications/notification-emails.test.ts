/**
 * Notification e-mails end to end against DynamoDB Local and aws-ses-v2-local (whose `/store` is
 * read back): a notification is e-mailed (at once after notifyUser, or by the schedule's task when
 * written inside another transaction), an optional kind switched off sends nothing while the
 * in-app notification stays, receipts cannot be switched off, the unsubscribe link works for its
 * own user and kind only, and a failed send is retried later.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { emailTokens } from '../../../../lambdas/notifications/email-tokens';
import {
  MAX_ATTEMPTS,
  deliverPendingEmails,
} from '../../../../lambdas/notifications/email-delivery';
import { handler } from '../../../../lambdas/notifications/index';
import { notificationWrites, notifyUser } from '../../../../lambdas/notifications/service';
import { handler as scheduledTask } from '../../../../lambdas/notifications/tasks/send-notification-emails';
import type { ApiErrorBody } from '../../../../contract/errors';
import type {
  EmailUnsubscribeResult,
  NotificationPreferences,
} from '../../../../contract/notification-preferences';
import type { NotificationType } from '../../../../contract/notifications';
import {
  EmailOutboxEntity,
  OUTBOX_SHARDS,
} from '../../../../lambdas/shared/db/entities/email-outbox';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { transactWrite } from '../../../../lambdas/shared/db/transaction';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

const sesEndpoint = inject('localCloud').sesEndpoint;

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  headers?: { name: string; value: string }[];
}

/** Every message aws-ses-v2-local holds for `email` (the store is shared by the whole run). */
const mailFor = async (email: string): Promise<StoredMail[]> => {
  const response = await fetch(`${sesEndpoint}/store`);
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails.filter((mail) => mail.destination.to.includes(email));
};

const headerOf = (mail: StoredMail, name: string) =>
  mail.headers?.find((header) => header.name === name)?.value;

const tokenIn = (text: string): string => {
  const match = /\/notifications\/unsubscribe\?token=([^\s&>"]+)/.exec(text);
  if (!match) throw new Error(`No unsubscribe link in: ${text}`);
  return decodeURIComponent(match[1]!);
};

const call = (
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  options: { sub?: string; body?: unknown; query?: Record<string, string> } = {},
) =>
  handler(
    apiEvent({
      method,
      path,
      body: options.body,
      query: options.query,
      claims: options.sub
        ? idTokenClaims({ sub: options.sub, email: `${options.sub}@example.com` })
        : undefined,
    }),
    lambdaContext('notifications'),
  );

const newUser = async (name = 'Ada Example') => {
  const id = `mail-${randomUUID()}`;
  await putProfile({ id, email: `${id}@example.com`, display_name: name });
  return { id, email: `${id}@example.com` };
};

const preferencesOf = async (sub: string) => {
  const answer = await call('GET', '/api/my/notification-preferences', { sub });
  expect(answer.statusCode).toBe(200);
  return jsonBody<NotificationPreferences>(answer);
};

const switchOf = (preferences: NotificationPreferences, type: NotificationType) =>
  preferences.items.find((item) => item.type === type)!;

/** A notification written inside a caller's transaction (as the domains do): no immediate send. */
const notifyInTransaction = async (userId: string, type: NotificationType, message: string) => {
  const result = await transactWrite({
    notification: notificationWrites({ userId, type, message, link: '/dashboard' }),
  });
  expect(result.canceled).toBe(false);
};

/** The user's outbox entries, over every shard. */
const outboxOf = async (userId: string) =>
  (
    await Promise.all(
      Array.from({ length: OUTBOX_SHARDS }, (_, shard) =>
        EmailOutboxEntity.query.byShard({ shard }).go({ pages: 'all' }),
      ),
    )
  )
    .flatMap(({ data }) => data)
    .filter((entry) => entry.user_id === userId);

describe('notification e-mails', () => {
  it('e-mails a notification at once, branded, with a per-type unsubscribe link', async () => {
    const user = await newUser('Ada Example');
    await notifyUser({
      userId: user.id,
      type: 'mvp_approved',
      message: 'Your template "Starter <Kit>" is approved and live.',
      link: '/mvp/01J0000000000000000000000A',
    });
    const [mail, extra] = await mailFor(user.email);
    expect(extra).toBeUndefined();
    expect(mail!.subject).toBe('Your template is live');
    expect(mail!.body.text).toContain('Hello Ada Example,');
    expect(mail!.body.text).toContain('Your template "Starter <Kit>" is approved and live.');
    expect(mail!.body.text).toContain(
      'View your template: http://localhost:3000/mvp/01J0000000000000000000000A',
    );
    // The message is escaped in the HTML part: a title cannot add markup.
    expect(mail!.body.html).toContain('Starter &lt;Kit&gt;');
    expect(mail!.body.html).toContain('MVP Marketplace');
    expect(mail!.body.html).toContain('Unsubscribe from these e-mails');
    expect(headerOf(mail!, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(await outboxOf(user.id)).toEqual([]);
  });

  it('sends what was written inside another transaction from the scheduled task', async () => {
    const user = await newUser();
    await notifyInTransaction(user.id, 'dispute_updated', 'Your dispute is under review.');
    expect(await mailFor(user.email)).toHaveLength(0);
    expect(await outboxOf(user.id)).toHaveLength(1);
    await scheduledTask();
    const [mail] = await mailFor(user.email);
    expect(mail!.subject).toBe('An update on your dispute');
    expect(await outboxOf(user.id)).toEqual([]);
    // Run twice, nothing is sent twice.
    await scheduledTask();
    expect(await mailFor(user.email)).toHaveLength(1);
  });

  it('sends nothing for a kind switched off, and keeps the in-app notification', async () => {
    const user = await newUser();
    const answer = await call('PUT', '/api/my/notification-preferences', {
      sub: user.id,
      body: { preferences: [{ type: 'new_review', email: false }] },
    });
    expect(answer.statusCode).toBe(200);
    const body = jsonBody<NotificationPreferences>(answer);
    expect(switchOf(body, 'new_review').email).toBe(false);
    expect(switchOf(body, 'mvp_approved').email).toBe(true);

    await notifyUser({ userId: user.id, type: 'new_review', message: 'A new 5-star review.' });
    await notifyUser({ userId: user.id, type: 'mvp_rejected', message: 'Please add a README.' });
    const mails = await mailFor(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your template needs changes']);
    const inApp = await NotificationEntity.query.byUser({ user_id: user.id }).go();
    expect(inApp.data.map((item) => item.type).sort()).toEqual(['mvp_rejected', 'new_review']);
    expect(await outboxOf(user.id)).toEqual([]);

    // Downloads are off by default and may be turned on.
    expect(switchOf(await preferencesOf(user.id), 'new_download').email).toBe(false);
    await call('PUT', '/api/my/notification-preferences', {
      sub: user.id,
      body: { preferences: [{ type: 'new_download', email: true }] },
    });
    await notifyUser({ userId: user.id, type: 'new_download', message: 'Downloaded once.' });
    expect((await mailFor(user.email)).map((mail) => mail.subject)).toContain(
      'Your template was downloaded',
    );
  });

  it('always sends receipts: no switch, no unsubscribe link, and a PUT to turn one off is a 400', async () => {
    const user = await newUser();
    const receipt = switchOf(await preferencesOf(user.id), 'payment_succeeded');
    expect(receipt).toMatchObject({ email: true, locked: true });
    expect(receipt.locked_reason).toMatch(/Always sent/);

    const refused = await call('PUT', '/api/my/notification-preferences', {
      sub: user.id,
      body: {
        preferences: [
          { type: 'new_review', email: false },
          { type: 'payment_succeeded', email: false },
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(refused).message).toBe(
      'Receipts and security messages cannot be turned off.',
    );
    // Nothing of the refused request was saved.
    expect(switchOf(await preferencesOf(user.id), 'new_review').email).toBe(true);

    await notifyUser({
      userId: user.id,
      type: 'payment_succeeded',
      message: 'We received your payment of £19.00 for the Pro plan.',
      link: '/dashboard',
    });
    const [mail] = await mailFor(user.email);
    expect(mail!.subject).toBe('Your payment receipt');
    expect(headerOf(mail!, 'List-Unsubscribe')).toBeUndefined();
    expect(mail!.body.text).toContain('it is always sent');

    // A token for a receipt's kind is refused, even well signed.
    const forged = (await emailTokens()).sign({ userId: user.id, type: 'payment_succeeded' });
    const answer = await call('POST', '/api/notifications/unsubscribe', {
      body: { token: forged },
    });
    expect(answer.statusCode).toBe(400);
  });

  it('unsubscribes through the e-mail link for that user and that kind only', async () => {
    const alice = await newUser('Alice');
    const bob = await newUser('Bob');
    await notifyUser({ userId: alice.id, type: 'new_review', message: 'A review.' });
    await notifyUser({ userId: bob.id, type: 'new_review', message: 'A review.' });
    const [aliceMail] = await mailFor(alice.email);
    const token = tokenIn(aliceMail!.body.text!);

    // A mail client's one-click POST: the token in the query.
    const oneClick = await call('POST', '/api/notifications/unsubscribe', {
      query: { token },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const result = jsonBody<EmailUnsubscribeResult>(oneClick);
    expect(result).toMatchObject({ type: 'new_review', label: 'New reviews' });
    expect(oneClick.body).not.toContain('@');
    // Idempotent, from the page (JSON body) too.
    expect(
      (await call('POST', '/api/notifications/unsubscribe', { body: { token } })).statusCode,
    ).toBe(200);

    const alicePreferences = await preferencesOf(alice.id);
    expect(switchOf(alicePreferences, 'new_review').email).toBe(false);
    expect(switchOf(alicePreferences, 'mvp_approved').email).toBe(true);
    expect(switchOf(await preferencesOf(bob.id), 'new_review').email).toBe(true);

    await notifyUser({ userId: alice.id, type: 'new_review', message: 'Another review.' });
    await notifyUser({ userId: bob.id, type: 'new_review', message: 'Another review.' });
    expect(await mailFor(alice.email)).toHaveLength(1);
    expect(await mailFor(bob.email)).toHaveLength(2);

    // Another user's id or another kind under Alice's signature: refused.
    const [payload, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    for (const altered of [
      { ...claims, u: bob.id },
      { ...claims, t: 'mvp_approved' },
    ]) {
      const tampered = `${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${mac}`;
      const answer = await call('POST', '/api/notifications/unsubscribe', {
        body: { token: tampered },
      });
      expect(answer.statusCode).toBe(400);
      expect(jsonBody<ApiErrorBody>(answer).message).toBe(
        'This unsubscribe link is invalid or has expired.',
      );
    }
    expect(switchOf(await preferencesOf(bob.id), 'new_review').email).toBe(true);
  });

  it('keeps a failed send pending and sends it on a later run', async () => {
    const user = await newUser();
    await notifyInTransaction(user.id, 'payout_completed', 'Your payout of £120.00 was sent.');
    const failing = () => Promise.reject(new Error('SES is down'));
    let report = await deliverPendingEmails({ send: failing });
    expect(report.failed).toBeGreaterThanOrEqual(1);
    const [entry] = await outboxOf(user.id);
    expect(entry).toMatchObject({ attempts: 1, last_error: 'Error: SES is down' });
    expect(entry!.next_attempt_at! > new Date().toISOString()).toBe(true);
    expect(entry!.leased_until).toBeUndefined();

    // Not due yet: the next run leaves it.
    await deliverPendingEmails();
    expect(await mailFor(user.email)).toHaveLength(0);

    // Once due, it is sent.
    await EmailOutboxEntity.patch({ shard: entry!.shard, id: entry!.id })
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .go();
    report = await deliverPendingEmails();
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const [mail] = await mailFor(user.email);
    expect(mail!.subject).toBe('Your payout has been sent');
    expect(await outboxOf(user.id)).toEqual([]);
  });

  it('gives an entry up after repeated failures, and still sends the others', async () => {
    const stuck = await newUser();
    const fresh = await newUser();
    await notifyInTransaction(stuck.id, 'payout_failed', 'Your payout could not be made.');
    const [entry] = await outboxOf(stuck.id);
    // Last try but one, and a retry long ago: due now.
    await EmailOutboxEntity.patch({ shard: entry!.shard, id: entry!.id })
      .set({ attempts: MAX_ATTEMPTS - 1, next_attempt_at: new Date(0).toISOString() })
      .go();
    await notifyInTransaction(fresh.id, 'payout_failed', 'Your payout could not be made.');
    const refusingStuck = (mail: { to: string }) =>
      mail.to === stuck.email ? Promise.reject(new Error('Address refused')) : Promise.resolve('');
    await deliverPendingEmails({ send: refusingStuck });
    expect(await outboxOf(stuck.id)).toEqual([]);
    expect(await outboxOf(fresh.id)).toEqual([]);
  });

  it('answers only the caller’s own switches, with no address in them', async () => {
    const user = await newUser();
    const answer = await call('GET', '/api/my/notification-preferences', { sub: user.id });
    expect(answer.body).not.toContain('@');
    expect((await call('GET', '/api/my/notification-preferences')).statusCode).toBe(401);
    const unknown = await call('PUT', '/api/my/notification-preferences', {
      sub: user.id,
      body: { preferences: [{ type: 'no_such_kind', email: false }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(unknown).message).toContain('Unknown kind of notification');
  });
});
