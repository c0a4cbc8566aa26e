/**
 * Double opt-in when SES cannot be reached: the lead and its (unconfirmed) subscriber are kept,
 * the visitor gets an error instead of a false "check your inbox", and the confirmation slot is
 * given back, so submitting again tries to send at once (not only after 10 minutes).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/newsletter/index';
import { getLead, getSubscriber } from '../../../../lambdas/newsletter/repo';
import { apiEvent, lambdaContext } from '../../../fixtures/api-event';

// Nothing listens on the discard port: every send fails to connect. The mailer's client is
// created on first use, so this file's sends go there.
process.env.AWS_ENDPOINT_URL_SESV2 = 'http://127.0.0.1:9';

const submit = (email: string) =>
  handler(
    apiEvent({ method: 'POST', path: '/api/leads', body: { email, agreed_to_terms: true } }),
    lambdaContext('newsletter'),
  );

describe('lead capture when the confirmation cannot be sent', () => {
  it('keeps the lead unconfirmed, answers an error and lets a resubmission try again', async () => {
    const email = `unreachable-${randomUUID()}@example.com`;
    const first = await submit(email);
    expect(first.statusCode).toBe(503);
    const lead = await getLead(email);
    expect(lead).toMatchObject({ email, submissions: 1 });
    expect(lead?.confirmation_sent_at).toBeUndefined();
    const subscriber = await getSubscriber(email);
    expect(subscriber).not.toBeNull();
    expect(subscriber?.confirmed_at).toBeUndefined();

    // Within the 10 minutes, yet the send is attempted again (and fails again here).
    const second = await submit(email);
    expect(second.statusCode).toBe(503);
    expect((await getLead(email))?.submissions).toBe(2);
    expect((await getLead(email))?.confirmation_sent_at).toBeUndefined();
  });
});
