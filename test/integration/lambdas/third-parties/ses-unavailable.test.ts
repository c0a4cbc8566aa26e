/**
 * Amazon SES not answering, through the newsletter Lambda's handler, the newsletter-send state
 * machine (the ASL run in process with the real tasks) and the AWS SDK against aws-ses-v2-local
 * reached through a fault proxy of this file's own (test/fixtures/fault-proxy.ts): first with its
 * port closed, then hanging (connections accepted, never answered).
 *
 * - A visitor's sign-up answers 503 with SES's one message within SES's budget
 *   (contract/third-parties.ts); no e-mail leaves and the confirmation is not marked sent. With
 *   SES back, the same sign-up passes and one confirmation is sent.
 * - An issue sent during the outage ends failed with no one reached, every address still to
 *   send; with SES back, the admin sends it again, and each subscriber gets it exactly once; a
 *   third send is refused, as no one is left.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiErrorBody } from '../../../../contract/errors';
import { LEAD_SUCCESS_MESSAGE } from '../../../../contract/newsletter';
import {
  NEWSLETTER_ISSUE_NOT_DRAFT_MESSAGE,
  type AdminNewsletterIssue,
  type AdminNewsletterIssueDetail,
} from '../../../../contract/newsletter-issues';
import { THIRD_PARTY_UNAVAILABLE_MESSAGES, worstCaseMs } from '../../../../contract/third-parties';
import { startFaultProxy, type FaultMode } from '../../../fixtures/fault-proxy';
import { outageBound, timed } from '../../../fixtures/third-party-outage';

const sesEndpoint = inject('localCloud').sesEndpoint;

// Before the mailer's client is made (on first use): the SDK sends to SES through this proxy
// (this file's process only; the server is the run's).
const sesProxy = await startFaultProxy(sesEndpoint);
process.env.AWS_ENDPOINT_URL_SESV2 = sesProxy.endpoint;

const { handler } = await import('../../../../lambdas/newsletter/index');
const { getLead } = await import('../../../../lambdas/newsletter/repo');
const { setWorkflowRunner } = await import('../../../../lambdas/shared/adapters/workflow');
const { createLocalWorkflowRunner } = await import('../../../../lib/local/cloud/state-machines');
const { seedNewsletterTypes } = await import('../../../../lib/local/seed/newsletter');
const { NewsletterRecipientEntity } =
  await import('../../../../lambdas/shared/db/entities/newsletter-recipient');
const { apiEvent, idTokenClaims, jsonBody, lambdaContext } =
  await import('../../../fixtures/api-event');
const { putProfile } = await import('../../../fixtures/profiles');

const BUDGET = outageBound(worstCaseMs('ses'));
const ADMIN = `admin-${randomUUID()}`;

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });

beforeAll(async () => {
  setWorkflowRunner(runner);
  await seedNewsletterTypes();
  await putProfile({ id: ADMIN, role: 'admin', email: `${ADMIN}@example.com` });
});
afterAll(async () => {
  setWorkflowRunner(undefined);
  await sesProxy.close();
});

interface StoredMail {
  destination: { to: string[] };
  subject: string;
}

/** What aws-ses-v2-local holds for `email` (read directly, not through the proxy). */
const mailFor = async (email: string): Promise<StoredMail[]> => {
  const response = await fetch(`${sesEndpoint}/store`);
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails.filter((mail) => mail.destination.to.includes(email));
};

const call = (
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  options: { sub?: string; body?: unknown } = {},
) =>
  handler(
    apiEvent({
      method,
      path,
      body: options.body,
      claims: options.sub
        ? idTokenClaims({ sub: options.sub, email: `${options.sub}@example.com` })
        : undefined,
    }),
    lambdaContext('newsletter'),
  );

const signUp = (email: string) =>
  call('POST', '/api/leads', { body: { email, agreed_to_terms: true } });

/** A signed-in user subscribed to site updates. */
const subscriber = async () => {
  const sub = `reader-${randomUUID()}`;
  await putProfile({ id: sub, role: 'buyer', email: `${sub}@example.com` });
  const subscribed = await call('PUT', '/api/me/newsletter', { sub, body: { subscribed: true } });
  expect(subscribed.statusCode).toBe(200);
  return `${sub}@example.com`;
};

const issueOf = async (id: string) =>
  jsonBody<AdminNewsletterIssueDetail>(
    await call('GET', `/api/admin/newsletter-issues/${id}`, { sub: ADMIN }),
  );

const sendIssue = async (id: string) => {
  const sent = await call('POST', `/api/admin/newsletter-issues/${id}/send`, { sub: ADMIN });
  await Promise.all([...runner.running]);
  return sent;
};

const recipientStatuses = async (issueId: string) =>
  (
    await NewsletterRecipientEntity.query
      .byIssue({ issue_id: issueId })
      .go({ pages: 'all', consistent: true })
  ).data.map((recipient) => recipient.status);

describe.each<FaultMode>(['refuse', 'hang'])('SES %s', (mode) => {
  afterAll(() => sesProxy.setMode('pass'));

  it(
    'a sign-up answers 503 naming SES, within its budget, with no e-mail sent; the same sign-up passes once it is back',
    async () => {
      const email = `lead-${randomUUID()}@example.com`;
      await sesProxy.setMode(mode);
      const { result, ms } = await timed(() => signUp(email));
      expect(result.statusCode, result.body).toBe(503);
      expect(jsonBody<ApiErrorBody>(result).message).toBe(THIRD_PARTY_UNAVAILABLE_MESSAGES.ses);
      expect(ms).toBeLessThan(BUDGET);

      await sesProxy.setMode('pass');
      expect(await mailFor(email)).toEqual([]);
      expect((await getLead(email))?.confirmation_sent_at).toBeUndefined();

      const back = await signUp(email);
      expect(back.statusCode, back.body).toBe(200);
      expect(jsonBody<{ message: string }>(back).message).toBe(LEAD_SUCCESS_MESSAGE);
      expect(await mailFor(email)).toHaveLength(1);
    },
    BUDGET + 30_000,
  );

  it(
    'an issue sent during the outage reaches no one and can be sent again: each subscriber gets it once',
    async () => {
      const readers = [await subscriber(), await subscriber()];
      const subject = `Outage issue ${randomUUID()}`;
      const created = await call('POST', '/api/admin/newsletter-issues', {
        sub: ADMIN,
        body: { newsletter_type_id: 'site_updates', subject, body: 'News.' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = jsonBody<AdminNewsletterIssue>(created);
      const received = async () =>
        Promise.all(
          readers.map(async (email) =>
            (await mailFor(email)).filter((mail) => mail.subject === subject),
          ),
        );

      await sesProxy.setMode(mode);
      expect((await sendIssue(id)).statusCode).toBe(202);
      await sesProxy.setMode('pass');
      const failed = await issueOf(id);
      // Everyone in this file's table subscribed to site updates is on the issue; none got it.
      expect(failed).toMatchObject({ status: 'failed', sent: 0 });
      expect(failed.audience).toBe(failed.recipients);
      expect((await received()).flat()).toEqual([]);
      expect(new Set(await recipientStatuses(id))).toEqual(new Set(['pending']));

      // SES is back: the admin sends it again, to those it did not reach.
      expect((await sendIssue(id)).statusCode).toBe(202);
      const sent = await issueOf(id);
      expect(sent).toMatchObject({ status: 'sent', failed: 0, sent: failed.recipients });
      for (const mails of await received()) expect(mails).toHaveLength(1);

      // No one is left: a third send is refused and sends nothing.
      const third = await call('POST', `/api/admin/newsletter-issues/${id}/send`, { sub: ADMIN });
      expect(third.statusCode).toBe(409);
      expect(jsonBody<ApiErrorBody>(third).message).toBe(NEWSLETTER_ISSUE_NOT_DRAFT_MESSAGE);
      for (const mails of await received()) expect(mails).toHaveLength(1);
    },
    // The batch tries four times (the state machine's retries), each waiting SES's budget.
    4 * BUDGET + 30_000,
  );
});
