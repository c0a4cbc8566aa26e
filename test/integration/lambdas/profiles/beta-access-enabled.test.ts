/**
 * `POST /api/auth/beta` switched on, through the real handlers against DynamoDB Local and the
 * run's cognito-local pool: a fresh account per press whose random password really signs in, the
 * product's beta profile, seller and buyer rights on its own things but no admin rights on anyone
 * else's, and the hourly limits per client network and in all.
 *
 * The environment is changed before any handler module loads (configuration is read once), so
 * every import of `lambdas/` handlers here is dynamic.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { hourlyWindow } from '../../../../lambdas/profiles/beta-accounts';
import {
  BETA_CLIENT_LIMIT_MESSAGE,
  BETA_GLOBAL_LIMIT_MESSAGE,
  type BetaCredentials,
} from '../../../../contract/beta';
import { DISPUTE_MESSAGES, type Dispute } from '../../../../contract/disputes';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { Profile, Role } from '../../../../contract/profile';
import {
  TEMPLATE_MESSAGES,
  type ManagedTemplate,
  type MyTemplatesResult,
} from '../../../../contract/templates';
import { documentClient, tableName } from '../../../../lambdas/shared/db/client';
import { BetaAccountEntity } from '../../../../lambdas/shared/db/entities/beta-account';
import { DisputeEntity, type DisputeItem } from '../../../../lambdas/shared/db/entities/dispute';
import { TemplateEntity, type TemplateItem } from '../../../../lambdas/shared/db/entities/template';
import { RateLimitEntity } from '../../../../lambdas/shared/db/entities/rate-limit';
import type { HttpMethod } from '../../../../contract/routes';
import { createCognitoClient } from '../../../../lib/local/emulators/resources';
import {
  apiEvent,
  claimsFromIdToken,
  idTokenClaims,
  jsonBody,
  lambdaContext,
} from '../../../fixtures/api-event';
import { templateWithFile, templateFormFields } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';
import { localCloud } from '../../../fixtures/users';
import { storeTemplateFile } from '../../../fixtures/template-items';

process.env.BETA_ACCESS_ENABLED = 'true';
const { handler: profiles } = await import('../../../../lambdas/profiles/index');
const { handler: disputes } = await import('../../../../lambdas/disputes/index');
const { dispatch: seller } = await import('../../../fixtures/dispatch');
const { handler: downloads } = await import('../../../../lambdas/downloads/index');
const { setWorkflowRunner } = await import('../../../../lambdas/shared/adapters/workflow');

const handlers = { profiles, disputes, seller, downloads } as const;

let nextAddress = 1;
/** A press of the button from `sourceIp` (by default a client of its own). */
const pressBeta = async (sourceIp = `198.51.100.${nextAddress++}`) => {
  const event = apiEvent({ method: 'POST', path: '/api/auth/beta' });
  event.requestContext.http.sourceIp = sourceIp;
  const result = await profiles(event, lambdaContext('profiles'));
  return { status: result.statusCode ?? 0, headers: result.headers ?? {}, body: result.body };
};

const createAccount = async (sourceIp?: string): Promise<BetaCredentials> => {
  const result = await pressBeta(sourceIp);
  expect(result.status, result.body).toBe(201);
  return jsonBody<BetaCredentials>(result);
};

const cognito = () => createCognitoClient(localCloud().cognitoEndpoint);

/** Signs in as the browser does (USER_PASSWORD_AUTH) and returns the ID token's claims. */
const signIn = async (email: string, password: string): Promise<Record<string, string>> => {
  const auth = await cognito().send(
    new InitiateAuthCommand({
      ClientId: localCloud().userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const idToken = auth.AuthenticationResult?.IdToken;
  if (!idToken) throw new Error(`No ID token for ${email}`);
  return claimsFromIdToken(idToken);
};

const call = async <T>(
  domain: keyof typeof handlers,
  method: HttpMethod,
  path: string,
  claims: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: T }> => {
  const result = await handlers[domain](
    apiEvent({ method, path, claims, body }),
    lambdaContext(domain),
  );
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
};

/** Presses in one test must fall in one hourly window. */
const awayFromHourBoundary = async () => {
  const untilNextHour = 3_600_000 - (Date.now() % 3_600_000);
  if (untilNextHour < 15_000) await new Promise((resolve) => setTimeout(resolve, untilNextHour));
};

/** A complete edit form, so the refusal comes from the rights check, not from validation. */
const validFields = templateFormFields({
  title: 'Hijacked Starter',
  tagline: 'Taken over',
  description: 'Someone else edits this template.',
});

const createProfile = (id: string, role: Role, approved: boolean) =>
  putProfile({
    id,
    role,
    downloads_remaining: 10,
    download_quota: 10,
    is_seller_approved: approved,
  });

const templateOf = async (sellerId: string, overrides: Partial<TemplateItem> = {}) => {
  const item = templateWithFile({ seller_id: sellerId, ...overrides });
  await TemplateEntity.create(item).go();
  await storeTemplateFile(item);
  return item;
};

beforeAll(() => {
  setWorkflowRunner({ start: async () => undefined });
  return () => setWorkflowRunner(undefined);
});

describe('POST /api/auth/beta, switched on', () => {
  it("creates a fresh account per press, each signing in with its own password, with the product's beta profile", async () => {
    const before = Date.now();
    const [first, second] = [await createAccount(), await createAccount()];
    expect(first.email).not.toBe(second.email);
    expect(first.password).not.toBe(second.password);
    for (const account of [first, second]) {
      expect(account.email).toMatch(/^beta-[0-9a-f]+@beta\.invalid$/);
      const hours = (Date.parse(account.expires_at) - before) / 3_600_000;
      expect(hours).toBeGreaterThanOrEqual(24);
      expect(hours).toBeLessThan(24.1);
    }
    // Each password signs in its own account only.
    await expect(signIn(second.email, first.password)).rejects.toThrow();
    const claims = await signIn(first.email, first.password);
    const me = await call<Profile>('profiles', 'GET', '/api/me', claims);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: first.email,
      role: 'both',
      is_seller_approved: true,
      downloads_remaining: 999,
      download_quota: 999,
      daily_download_limit: 50,
      display_name: 'Beta Tester',
      beta_expires_at: first.expires_at,
    });
    const secondMe = await call<Profile>(
      'profiles',
      'GET',
      '/api/me',
      await signIn(second.email, second.password),
    );
    expect(secondMe.body.id).not.toBe(me.body.id);
    // The cleanup's tracking item was written with the profile.
    const tracked = await BetaAccountEntity.query.byExpiry({}).go({ pages: 'all' });
    expect(tracked.data.map((item) => item.user_id)).toEqual(
      expect.arrayContaining([me.body.id, secondMe.body.id]),
    );
    // The password reaches this caller only: never cached on the way.
    const press = await pressBeta();
    expect(press.headers['cache-control']).toBe('no-store');
  });

  it("acts as seller and buyer on its own, but cannot read another user's dispute or change another seller's template", async () => {
    const account = await createAccount();
    const claims = await signIn(account.email, account.password);
    const beta = (await call<Profile>('profiles', 'GET', '/api/me', claims)).body;

    // Someone else's world: a seller's templates and a buyer's dispute about one of them.
    const otherSeller = `other-seller-${randomUUID()}`;
    const victim = `victim-${randomUUID()}`;
    await createProfile(otherSeller, 'seller', true);
    await createProfile(victim, 'buyer', false);
    const theirs = await templateOf(otherSeller, {
      status: 'scan_failed',
      last_processing_error: 'x',
    });
    const approvedOfTheirs = await templateOf(otherSeller);
    const now = new Date().toISOString();
    const dispute = {
      id: ulid(),
      buyer_id: victim,
      seller_id: otherSeller,
      mvp_id: approvedOfTheirs.id,
      reason: 'Non-functioning code',
      details: 'The build fails on a clean install.',
      status: 'open',
      opened_at: now,
      timeline: [{ status: 'open', at: now, by: victim }],
      updated_at: now,
      buyer_email: `${victim}@example.com`,
      seller_email: `${otherSeller}@example.com`,
      mvp_title: approvedOfTheirs.title,
      mvp_slug: approvedOfTheirs.slug,
    } satisfies DisputeItem;
    await DisputeEntity.create(dispute).go();

    // No admin rights: the dispute and the other seller's template are out of reach.
    const read = await call<ApiErrorBody>('disputes', 'GET', `/api/disputes/${dispute.id}`, claims);
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(DISPUTE_MESSAGES.forbidden);
    expect(read.body.message).not.toContain(`${victim}@example.com`);
    const attempts: [HttpMethod, string, unknown?][] = [
      ['GET', `/api/mvps/${theirs.id}/manage`],
      ['PATCH', `/api/mvps/${theirs.id}`, { fields: validFields, version_number: '9.0.0' }],
      [
        'POST',
        `/api/mvps/${theirs.id}/versions`,
        {
          uploadId: 'u',
          version_number: '9.9.9',
          changelog: 'Taken over',
          bundle: { key: 'k', fileName: 'a.zip', size: 2048, contentType: 'application/zip' },
        },
      ],
      ['POST', `/api/mvps/${theirs.id}/retry`],
      ['DELETE', `/api/mvps/${theirs.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const result = await call<ApiErrorBody>('seller', method, path, claims, body);
      expect(result.status, `${method} ${path}`).toBe(403);
      expect(result.body.message).toBe(TEMPLATE_MESSAGES.notAuthorized);
    }
    expect((await TemplateEntity.get({ id: theirs.id }).go()).data).toMatchObject({
      status: 'scan_failed',
      title: theirs.title,
      version_number: theirs.version_number,
    });
    // A regular `both` account (not beta) still has the product's admin rights.
    const regularBoth = `both-${randomUUID()}`;
    await createProfile(regularBoth, 'both', true);
    const adminRead = await call<Dispute>(
      'disputes',
      'GET',
      `/api/disputes/${dispute.id}`,
      idTokenClaims({ sub: regularBoth, email: `${regularBoth}@example.com` }),
    );
    expect(adminRead.status).toBe(200);

    // Seller rights on its own templates.
    const own = await templateOf(beta.id, { status: 'scan_failed', last_processing_error: 'y' });
    const mine = await call<MyTemplatesResult>('seller', 'GET', '/api/my/mvps', claims);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((item) => item.id)).toEqual([own.id]);
    const managed = await call<ManagedTemplate>(
      'seller',
      'GET',
      `/api/mvps/${own.id}/manage`,
      claims,
    );
    expect(managed.status).toBe(200);
    const edited = await call<{ mvp: ManagedTemplate }>(
      'seller',
      'PATCH',
      `/api/mvps/${own.id}`,
      claims,
      {
        fields: { ...validFields, title: 'My Beta Starter' },
        version_number: '1.0.1',
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.mvp.title).toBe('My Beta Starter');

    // Buyer rights: downloads another seller's template, disputes it, and reads its own dispute.
    const download = await call(
      'downloads',
      'POST',
      `/api/mvps/${approvedOfTheirs.id}/download`,
      claims,
    );
    expect(download.status).toBe(200);
    const filed = await call<Dispute>('disputes', 'POST', '/api/disputes', claims, {
      mvp_id: approvedOfTheirs.id,
      reason: 'Non-functioning code',
      details: 'The build fails on a clean install with a missing module.',
    });
    expect(filed.status).toBe(201);
    const ownDispute = await call<Dispute>(
      'disputes',
      'GET',
      `/api/disputes/${filed.body.id}`,
      claims,
    );
    expect(ownDispute.status).toBe(200);
    expect(ownDispute.body.viewer_role).toBe('buyer');
    const listed = await call<{ items: Dispute[] }>('disputes', 'GET', '/api/disputes', claims);
    expect(listed.body.items.map((item) => item.id)).toEqual([filed.body.id]);
  });

  it('allows 3 presses per client network per hour and 50 in all, then answers 429', async () => {
    await awayFromHourBoundary();
    const client = '203.0.113.7';
    for (let press = 0; press < 3; press += 1) {
      expect((await pressBeta(client)).status).toBe(201);
    }
    const refused = await pressBeta(client);
    expect(refused.status).toBe(429);
    expect(jsonBody<ApiErrorBody>(refused)).toEqual({ message: BETA_CLIENT_LIMIT_MESSAGE });
    // Another client is not affected; the addresses of one IPv6 /64 count as one client.
    expect((await pressBeta('203.0.113.8')).status).toBe(201);
    for (let press = 1; press <= 3; press += 1) {
      expect((await pressBeta(`2001:db8:aa:bb::${press}`)).status).toBe(201);
    }
    expect((await pressBeta('2001:db8:aa:bb:ffff::9')).status).toBe(429);

    // No raw address is stored: the client counters are keyed by an HMAC.
    const { Items = [] } = await documentClient().send(new ScanCommand({ TableName: tableName() }));
    const stored = JSON.stringify(Items);
    expect(stored).toContain('beta-client-');
    for (const address of ['203.0.113', '2001:db8', '198.51.100']) {
      expect(stored).not.toContain(address);
    }

    // The global cap: once the hour's count is reached, nobody gets an account.
    const { window, expiresAt } = hourlyWindow(new Date());
    const global = await RateLimitEntity.get({ key: 'beta-global', window }).go({
      consistent: true,
    });
    expect(global.data?.hits).toBeGreaterThan(0);
    await RateLimitEntity.put({ key: 'beta-global', window, hits: 50, expires_at: expiresAt }).go();
    const busy = await pressBeta('192.0.2.50');
    expect(busy.status).toBe(429);
    expect(jsonBody<ApiErrorBody>(busy)).toEqual({ message: BETA_GLOBAL_LIMIT_MESSAGE });
    // The refused press counted nowhere: with room again, that client gets all 3 of its presses.
    await RateLimitEntity.put({
      key: 'beta-global',
      window,
      hits: global.data!.hits,
      expires_at: expiresAt,
    }).go();
    for (let press = 0; press < 3; press += 1) {
      expect((await pressBeta('192.0.2.50')).status).toBe(201);
    }
  });

  it('creates a confirmed Cognito user with a verified address, in the group both', async () => {
    const account = await createAccount();
    const user = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: localCloud().userPoolId, Username: account.email }),
    );
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([{ Name: 'email_verified', Value: 'true' }]),
    );
    // In the group `both`: its ID token says so.
    const claims = await signIn(account.email, account.password);
    expect(claims['cognito:groups']).toBe('[both]');
  });
});
