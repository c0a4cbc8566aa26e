/**
 * Newsletter issues sent for real: the admin routes, the newsletter-send state machine (the ASL
 * file run by aws-local-stepfunctions with the real task functions) and the mailer against
 * aws-ses-v2-local, whose `/store` is read back. Only active subscribers and confirmed anonymous
 * addresses receive an issue, each once (also when a batch runs twice at once); every message
 * carries a working, idempotent one-click unsubscribe link; a tampered token is refused; an
 * anonymous sign-up gets nothing but the confirmation until it confirms.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../../../lambdas/newsletter/index';
import { getSubscriber } from '../../../../lambdas/newsletter/repo';
import { handler as finishTask } from '../../../../lambdas/newsletter/tasks/finish-issue';
import { handler as prepareTask } from '../../../../lambdas/newsletter/tasks/prepare-recipients';
import { handler as sendBatchTask } from '../../../../lambdas/newsletter/tasks/send-batch';
import {
  setWorkflowRunner,
  type WorkflowRunner,
} from '../../../../lambdas/shared/adapters/workflow';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  LEAD_SUCCESS_MESSAGE,
  SITE_UPDATES_NEWSLETTER_ID,
  type NewsletterStatus,
} from '../../../../contract/newsletter';
import {
  CONFIRM_INVALID_MESSAGE,
  UNSUBSCRIBE_INVALID_MESSAGE,
  type AdminNewsletterIssue,
  type AdminNewsletterIssueDetail,
  type AdminNewsletterIssueList,
  type UnsubscribeResult,
} from '../../../../contract/newsletter-issues';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { NewsletterRecipientEntity } from '../../../../lambdas/shared/db/entities/newsletter-recipient';
import { seedNewsletterTypes } from '../../../../lib/local/seed/newsletter';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

const sesEndpoint = inject('localCloud').sesEndpoint;
const ADMIN = `admin-${randomUUID()}`;

const failures: unknown[] = [];
const runner = createLocalWorkflowRunner({
  retryIntervalMs: 10,
  log: () => undefined,
  onSettled: (_execution, outcome) => {
    if (!outcome.ok) failures.push(outcome.error);
  },
});

interface StoredMail {
  messageId: string;
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

const tokenIn = (text: string, path: string): string => {
  const match = new RegExp(`${path}\\?token=([^\\s&>"]+)`).exec(text);
  if (!match) throw new Error(`No ${path} link in: ${text}`);
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
    lambdaContext('newsletter'),
  );

/** A signed-in user subscribed (or subscribed, then not) to site_updates. */
const subscribedUser = async (active = true) => {
  const sub = `reader-${randomUUID()}`;
  await putProfile({ id: sub, role: 'buyer', email: `${sub}@example.com` });
  expect(
    (await call('PUT', '/api/me/newsletter', { sub, body: { subscribed: true } })).statusCode,
  ).toBe(200);
  if (!active) {
    await call('PUT', '/api/me/newsletter', { sub, body: { subscribed: false } });
  }
  return { sub, email: `${sub}@example.com` };
};

/** An anonymous sign-up through the launch form; confirmed through its e-mail when asked. */
const lead = async (confirm: boolean) => {
  const email = `lead-${randomUUID()}@example.com`;
  const captured = await call('POST', '/api/leads', { body: { email, agreed_to_terms: true } });
  expect(captured.statusCode).toBe(200);
  expect(jsonBody<{ message: string }>(captured).message).toBe(LEAD_SUCCESS_MESSAGE);
  if (confirm) {
    const [confirmation] = await mailFor(email);
    const token = tokenIn(confirmation!.body.text!, '/newsletter/confirm');
    expect((await call('POST', '/api/newsletter/confirm', { body: { token } })).statusCode).toBe(
      200,
    );
  }
  return { email };
};

const compose = async (subject: string, typeId = SITE_UPDATES_NEWSLETTER_ID) => {
  const created = await call('POST', '/api/admin/newsletter-issues', {
    sub: ADMIN,
    body: { newsletter_type_id: typeId, subject, body: '# Hello\n\nNews with **bold** text.' },
  });
  expect(created.statusCode).toBe(201);
  return jsonBody<AdminNewsletterIssue>(created);
};

/** Composes and sends an issue, and waits until the state machine is done. */
const sendIssue = async (subject: string) => {
  const issue = await compose(subject);
  const sent = await call('POST', `/api/admin/newsletter-issues/${issue.id}/send`, { sub: ADMIN });
  expect(sent.statusCode).toBe(202);
  await Promise.all([...runner.running]);
  expect(failures).toEqual([]);
  return issue;
};

const issueMails = async (email: string, subject: string) =>
  (await mailFor(email)).filter((mail) => mail.subject === subject);

beforeAll(async () => {
  setWorkflowRunner(runner);
  await seedNewsletterTypes();
  await putProfile({ id: ADMIN, role: 'admin', email: `${ADMIN}@example.com` });
});
afterAll(() => {
  setWorkflowRunner(undefined);
});

describe('newsletter issues', () => {
  it('reach active subscribers and confirmed sign-ups once each, with one-click headers', async () => {
    const [active, inactive, confirmed, unconfirmed] = [
      await subscribedUser(true),
      await subscribedUser(false),
      await lead(true),
      await lead(false),
    ];
    const subject = `Issue ${randomUUID()}`;
    const draft = await compose(subject);

    const detail = await call('GET', `/api/admin/newsletter-issues/${draft.id}`, { sub: ADMIN });
    expect(jsonBody<AdminNewsletterIssueDetail>(detail)).toMatchObject({
      status: 'draft',
      audience: 2,
    });

    const sent = await call('POST', `/api/admin/newsletter-issues/${draft.id}/send`, {
      sub: ADMIN,
    });
    expect(sent.statusCode).toBe(202);
    // A double click: the issue is no longer a draft.
    const again = await call('POST', `/api/admin/newsletter-issues/${draft.id}/send`, {
      sub: ADMIN,
    });
    expect(again.statusCode).toBe(409);
    await Promise.all([...runner.running]);
    expect(failures).toEqual([]);

    expect(await issueMails(active.email, subject)).toHaveLength(1);
    expect(await issueMails(confirmed.email, subject)).toHaveLength(1);
    expect(await issueMails(inactive.email, subject)).toHaveLength(0);
    expect(await issueMails(unconfirmed.email, subject)).toHaveLength(0);

    const [mail] = await issueMails(confirmed.email, subject);
    expect(mail!.body.html).toContain('<h2>Hello</h2>');
    expect(mail!.body.html).toContain('<strong>bold</strong>');
    expect(mail!.body.text).toContain('/newsletter/unsubscribe?token=');
    const header = (name: string) => mail!.headers?.find((h) => h.name === name)?.value;
    expect(header('List-Unsubscribe')).toMatch(
      /^<http.*\/api\/newsletter\/unsubscribe\?token=.+>$/,
    );
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const progress = jsonBody<AdminNewsletterIssueDetail>(
      await call('GET', `/api/admin/newsletter-issues/${draft.id}`, { sub: ADMIN }),
    );
    expect(progress).toMatchObject({ status: 'sent', recipients: 2, sent: 2, failed: 0 });
    expect(progress.sent_at).not.toBeNull();

    const list = jsonBody<AdminNewsletterIssueList>(
      await call('GET', '/api/admin/newsletter-issues', { sub: ADMIN }),
    );
    expect(list.items[0]).toMatchObject({ id: draft.id, status: 'sent' });

    const { data: audit } = await AuditEntryEntity.query.byTime({}).go({ pages: 'all' });
    expect(
      audit
        .filter((entry) => entry.target_id === draft.id)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['newsletter_issue.create', 'newsletter_issue.send']);
  });

  it('sends each address once when a batch runs twice at once (a retried task)', async () => {
    const readers = [await subscribedUser(), await subscribedUser(), await subscribedUser()];
    const subject = `Retried ${randomUUID()}`;
    const issue = await compose(subject);
    // The send route only accepts; this runner takes the start, the test runs the tasks itself.
    const started: string[] = [];
    const holding: WorkflowRunner = {
      start: async (_workflow, input) => void started.push(String(input.issue_id)),
    };
    setWorkflowRunner(holding);
    try {
      await call('POST', `/api/admin/newsletter-issues/${issue.id}/send`, { sub: ADMIN });
    } finally {
      setWorkflowRunner(runner);
    }
    expect(started).toEqual([issue.id]);

    const prepared = await prepareTask({ issue_id: issue.id });
    // Prepare retried: the same snapshot, not a second one.
    expect(await prepareTask({ issue_id: issue.id })).toEqual(prepared);
    expect(prepared.batches).toEqual([0]);
    const results = await Promise.all([
      sendBatchTask({ issue_id: issue.id, batch: 0 }),
      sendBatchTask({ issue_id: issue.id, batch: 0 }),
    ]);
    // Earlier tests' subscribers are in the audience too: what matters is that it adds up.
    expect(prepared.recipients).toBeGreaterThanOrEqual(readers.length);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(prepared.recipients);
    // And once more after the fact: nothing left to send.
    expect((await sendBatchTask({ issue_id: issue.id, batch: 0 })).sent).toBe(0);
    await finishTask({ issue_id: issue.id });

    for (const reader of readers) expect(await issueMails(reader.email, subject)).toHaveLength(1);
    const { data: recipients } = await NewsletterRecipientEntity.query
      .byIssue({ issue_id: issue.id })
      .go({ pages: 'all' });
    expect(recipients).toHaveLength(prepared.recipients);
    expect(recipients.every((recipient) => recipient.status === 'sent')).toBe(true);
    const detail = jsonBody<AdminNewsletterIssueDetail>(
      await call('GET', `/api/admin/newsletter-issues/${issue.id}`, { sub: ADMIN }),
    );
    expect(detail).toMatchObject({
      status: 'sent',
      recipients: prepared.recipients,
      sent: prepared.recipients,
      failed: 0,
    });
  });

  it('unsubscribes through the link, idempotently, and the next issue skips the address', async () => {
    const user = await subscribedUser();
    const anonymous = await lead(true);
    const first = `Before ${randomUUID()}`;
    await sendIssue(first);
    const [userMail] = await issueMails(user.email, first);
    const [leadMail] = await issueMails(anonymous.email, first);

    // The mail client's one-click POST: the token in the query, a form body.
    const oneClick = userMail!.headers!.find((h) => h.name === 'List-Unsubscribe')!.value;
    const userToken = tokenIn(oneClick, '/api/newsletter/unsubscribe');
    const clicked = await handler(
      apiEvent({
        method: 'POST',
        path: '/api/newsletter/unsubscribe',
        query: { token: userToken },
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      lambdaContext('newsletter'),
    );
    expect(clicked.statusCode).toBe(200);
    expect(jsonBody<UnsubscribeResult>(clicked).message).toBe(
      'You have been unsubscribed from Site updates.',
    );
    // The page's POST of the same link: the same answer.
    const repeated = await call('POST', '/api/newsletter/unsubscribe', {
      body: { token: userToken },
    });
    expect(repeated.statusCode).toBe(200);
    const status = await call('GET', '/api/me/newsletter', { sub: user.sub });
    expect(jsonBody<NewsletterStatus>(status).subscribed).toBe(false);

    const leadToken = tokenIn(leadMail!.body.text!, '/newsletter/unsubscribe');
    for (let i = 0; i < 2; i += 1) {
      const result = await call('POST', '/api/newsletter/unsubscribe', {
        body: { token: leadToken },
      });
      expect(result.statusCode).toBe(200);
    }
    expect((await getSubscriber(anonymous.email))?.unsubscribed_at).toBeDefined();

    const second = `After ${randomUUID()}`;
    await sendIssue(second);
    expect(await issueMails(user.email, second)).toHaveLength(0);
    expect(await issueMails(anonymous.email, second)).toHaveLength(0);
  });

  it('refuses a tampered or foreign token with the same message', async () => {
    const user = await subscribedUser();
    const subject = `Tamper ${randomUUID()}`;
    await sendIssue(subject);
    const [mail] = await issueMails(user.email, subject);
    const token = tokenIn(mail!.body.text!, '/newsletter/unsubscribe');
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        e: 'someone-else@example.com',
      }),
    ).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature}x`, 'nonsense']) {
      const result = await call('POST', '/api/newsletter/unsubscribe', { body: { token: bad } });
      expect(result.statusCode).toBe(400);
      expect(jsonBody<ApiErrorBody>(result).message).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
    }
    // An unsubscribe token is not a confirmation token.
    const confirm = await call('POST', '/api/newsletter/confirm', { body: { token } });
    expect(confirm.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(confirm).message).toBe(CONFIRM_INVALID_MESSAGE);
    const status = await call('GET', '/api/me/newsletter', { sub: user.sub });
    expect(jsonBody<NewsletterStatus>(status).subscribed).toBe(true);
  });

  it('double opt-in: one confirmation per 10 minutes, no issue before confirming, issues after', async () => {
    const email = `optin-${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i += 1) {
      const result = await call('POST', '/api/leads', { body: { email, agreed_to_terms: true } });
      expect(result.statusCode).toBe(200);
    }
    const confirmations = await mailFor(email);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.headers ?? []).toEqual([]);

    const before = `Unconfirmed ${randomUUID()}`;
    await sendIssue(before);
    expect(await issueMails(email, before)).toHaveLength(0);

    const token = tokenIn(confirmations[0]!.body.text!, '/newsletter/confirm');
    for (let i = 0; i < 2; i += 1) {
      const confirmed = await call('POST', '/api/newsletter/confirm', { body: { token } });
      expect(confirmed.statusCode).toBe(200);
    }
    expect((await getSubscriber(email))?.confirmed_at).toBeDefined();

    const after = `Confirmed ${randomUUID()}`;
    await sendIssue(after);
    expect(await issueMails(email, after)).toHaveLength(1);
    // Signing up again while confirmed sends no new confirmation.
    await call('POST', '/api/leads', { body: { email, agreed_to_terms: true } });
    expect((await mailFor(email)).filter((mail) => mail.subject !== after)).toHaveLength(1);
  });

  it('validates drafts and refuses non-admins', async () => {
    const empty = await call('POST', '/api/admin/newsletter-issues', {
      sub: ADMIN,
      body: { newsletter_type_id: SITE_UPDATES_NEWSLETTER_ID, subject: ' ', body: 'x' },
    });
    expect(empty.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(empty).message).toBe('Subject is required.');
    const unknownType = await call('POST', '/api/admin/newsletter-issues', {
      sub: ADMIN,
      body: { newsletter_type_id: 'no-such-type', subject: 'S', body: 'B' },
    });
    expect(unknownType.statusCode).toBe(400);
    const missing = await call('GET', '/api/admin/newsletter-issues/nope', { sub: ADMIN });
    expect(missing.statusCode).toBe(404);
    const reader = await subscribedUser();
    const forbidden = await call('GET', '/api/admin/newsletter-issues', { sub: reader.sub });
    expect(forbidden.statusCode).toBe(403);
  });
});
