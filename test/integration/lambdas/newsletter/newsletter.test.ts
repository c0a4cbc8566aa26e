/**
 * Newsletter toggle (`GET/PUT /api/me/newsletter`) and lead capture (`POST /api/leads`) against
 * DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/newsletter/index';
import { getLead, getUserSubscription } from '../../../../lambdas/newsletter/repo';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  LEAD_CONSENT_REQUIRED_MESSAGE,
  LEAD_EMAIL_REQUIRED_MESSAGE,
  LEAD_SUCCESS_MESSAGE,
  SITE_UPDATES_NEWSLETTER_ID,
  type NewsletterStatus,
} from '../../../../contract/newsletter';
import { LeadEntity } from '../../../../lambdas/shared/db/entities/lead';
import { NewsletterSubscriberEntity } from '../../../../lambdas/shared/db/entities/newsletter-subscriber';
import { seedNewsletterTypes } from '../../../../lib/local/seed/newsletter';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';

const newUser = () => {
  const sub = randomUUID();
  return {
    sub,
    email: `${sub}@Example.com`,
    claims: idTokenClaims({ sub, email: `${sub}@Example.com` }),
  };
};

const call = (
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  claims?: Record<string, string>,
  body?: unknown,
) => handler(apiEvent({ method, path, claims, body }), lambdaContext('newsletter'));

beforeAll(async () => {
  await seedNewsletterTypes();
});

describe('newsletter toggle', () => {
  it('is off until switched on, then on, then off again; the address is tracked too', async () => {
    const user = newUser();
    const initial = await call('GET', '/api/me/newsletter', user.claims);
    expect(initial.statusCode).toBe(200);
    expect(jsonBody<NewsletterStatus>(initial)).toMatchObject({
      newsletter_type_id: SITE_UPDATES_NEWSLETTER_ID,
      subscribed: false,
    });

    const on = await call('PUT', '/api/me/newsletter', user.claims, { subscribed: true });
    expect(on.statusCode).toBe(200);
    expect(jsonBody<NewsletterStatus>(on).subscribed).toBe(true);
    expect(
      jsonBody<NewsletterStatus>(await call('GET', '/api/me/newsletter', user.claims)).subscribed,
    ).toBe(true);
    const subscriber = await NewsletterSubscriberEntity.get({
      email: user.email.toLowerCase(),
    }).go();
    expect(subscriber.data).toMatchObject({ source: 'user_settings' });
    expect(subscriber.data?.unsubscribed_at).toBeUndefined();

    const off = await call('PUT', '/api/me/newsletter', user.claims, { subscribed: false });
    expect(jsonBody<NewsletterStatus>(off).subscribed).toBe(false);
    const stored = await getUserSubscription(user.sub, SITE_UPDATES_NEWSLETTER_ID);
    expect(stored?.status).toBe('inactive');
    const after = await NewsletterSubscriberEntity.get({ email: user.email.toLowerCase() }).go();
    expect(Date.parse(after.data?.unsubscribed_at ?? '')).not.toBeNaN();
    expect(after.data?.subscribed_at).toBe(subscriber.data?.subscribed_at);
  });

  it("changes only the caller's own subscription", async () => {
    const alice = newUser();
    const bob = newUser();
    await call('PUT', '/api/me/newsletter', alice.claims, { subscribed: true });
    await call('PUT', '/api/me/newsletter', bob.claims, { subscribed: false, user_id: alice.sub });
    expect((await getUserSubscription(alice.sub, SITE_UPDATES_NEWSLETTER_ID))?.status).toBe(
      'active',
    );
  });

  it('refuses unknown newsletter types, bad bodies and anonymous callers', async () => {
    const user = newUser();
    const unknown = await call('PUT', '/api/me/newsletter', user.claims, {
      newsletter_type_id: 'nope',
      subscribed: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/me/newsletter', user.claims, { subscribed: 'yes' })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/me/newsletter')).statusCode).toBe(401);
  });
});

describe('POST /api/leads', () => {
  it('stores a lead once per address, counting repeats, and subscribes the address', async () => {
    const email = `Lead-${randomUUID()}@Example.com`;
    const body = {
      email,
      agreed_to_terms: true,
      source: 'launch_page',
      timestamp: new Date().toISOString(),
    };
    const first = await call('POST', '/api/leads', undefined, body);
    expect(first.statusCode).toBe(200);
    expect(jsonBody<{ message: string }>(first).message).toBe(LEAD_SUCCESS_MESSAGE);
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/leads', undefined, body)),
    );
    expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200]);

    const lead = await getLead(email.toLowerCase());
    expect(lead).toMatchObject({ agreed_to_terms: true, source: 'launch_page', submissions: 4 });
    const listed = await LeadEntity.query.byCreatedAt({}).go();
    expect(listed.data.filter((item) => item.email === email.toLowerCase())).toHaveLength(1);
    const subscriber = await NewsletterSubscriberEntity.query.bySubscribedAt({}).go();
    expect(subscriber.data.filter((item) => item.email === email.toLowerCase())).toHaveLength(1);
  });

  it('refuses a lead without consent or without an e-mail, and stores nothing', async () => {
    const email = `noconsent-${randomUUID()}@example.com`;
    const refused = await call('POST', '/api/leads', undefined, { email, agreed_to_terms: false });
    expect(refused.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(refused).message).toBe(LEAD_CONSENT_REQUIRED_MESSAGE);
    const missing = await call('POST', '/api/leads', undefined, {
      email: '',
      agreed_to_terms: true,
    });
    expect(jsonBody<ApiErrorBody>(missing).message).toBe(LEAD_EMAIL_REQUIRED_MESSAGE);
    expect(
      (
        await call('POST', '/api/leads', undefined, {
          email: 'not-an-email',
          agreed_to_terms: true,
        })
      ).statusCode,
    ).toBe(400);
    expect(await getLead(email)).toBeNull();
  });
});
