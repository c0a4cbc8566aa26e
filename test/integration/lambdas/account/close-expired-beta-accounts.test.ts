/**
 * The hourly cleanup task of beta accounts (account/tasks/close-expired-beta-accounts.ts) against
 * DynamoDB Local and the run's cognito-local pool: past its day an account's Cognito user is
 * deleted, its profile closed (a still-valid ID token gets 401, never a new profile), its templates
 * archived out of the catalog, its tracking item removed; nothing happens before its day; running
 * again changes nothing, and a removal a failed run left half-done is finished.
 */
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSED_MESSAGE, type BetaCredentials } from '../../../../contract/beta';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { Profile } from '../../../../contract/profile';
import { BetaAccountEntity } from '../../../../lambdas/shared/db/entities/beta-account';
import { CatalogVersionEntity } from '../../../../lambdas/shared/db/entities/catalog-version';
import { TemplateEntity, type TemplateItem } from '../../../../lambdas/shared/db/entities/template';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import { createCognitoClient } from '../../../../lib/local/emulators/resources';
import { apiEvent, claimsFromIdToken, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { localCloud } from '../../../fixtures/users';
import { entitlementOf } from '../../../fixtures/profiles';

process.env.BETA_ACCESS_ENABLED = 'true';
const { handler: profiles } = await import('../../../../lambdas/profiles/index');
const { dispatch: seller } = await import('../../../fixtures/dispatch');
const { handler: closeExpired } =
  await import('../../../../lambdas/account/tasks/close-expired-beta-accounts');

const HOUR = 3_600_000;
let nextAddress = 1;

const createAccount = async (): Promise<BetaCredentials> => {
  const event = apiEvent({ method: 'POST', path: '/api/auth/beta' });
  event.requestContext.http.sourceIp = `198.51.100.${nextAddress++}`;
  const result = await profiles(event, lambdaContext('profiles'));
  expect(result.statusCode, result.body).toBe(201);
  return jsonBody<BetaCredentials>(result);
};

const cognito = () => createCognitoClient(localCloud().cognitoEndpoint);

const signIn = async (account: BetaCredentials) => {
  const auth = await cognito().send(
    new InitiateAuthCommand({
      ClientId: localCloud().userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  return claimsFromIdToken(auth.AuthenticationResult!.IdToken!);
};

const poolUserExists = async (email: string): Promise<boolean> => {
  try {
    await cognito().send(
      new AdminGetUserCommand({ UserPoolId: localCloud().userPoolId, Username: email }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
};

const getMe = (claims: Record<string, string>) =>
  profiles(apiEvent({ path: '/api/me', claims }), lambdaContext('profiles'));

/** Runs the task as EventBridge would, scheduled `hoursFromNow` hours from now. */
const runCleanup = (hoursFromNow: number) =>
  closeExpired({ time: new Date(Date.now() + hoursFromNow * HOUR).toISOString() });

const catalog = async () =>
  (await CatalogVersionEntity.get({ name: 'catalog' }).go({ consistent: true })).data;

const trackedIds = async () =>
  (await BetaAccountEntity.query.byExpiry({}).go({ pages: 'all', consistent: true })).data.map(
    (item) => item.user_id,
  );

describe('closeExpiredBetaAccounts (hourly task)', () => {
  let account: BetaCredentials;
  let claims: Record<string, string>;
  let profile: Profile;
  let templates: TemplateItem[];

  beforeAll(async () => {
    account = await createAccount();
    claims = await signIn(account);
    profile = jsonBody<Profile>(await getMe(claims));
    // What the beta seller uploaded: one live in the catalog, one still in processing, one
    // archived already; the catalog counts the live one.
    templates = [
      templateItem({ seller_id: profile.id, status: 'approved' }),
      templateItem({ seller_id: profile.id, status: 'pending_review', published_at: undefined }),
      templateItem({ seller_id: profile.id, status: 'archived' }),
    ];
    for (const template of templates) await TemplateEntity.create(template).go();
    await CatalogVersionEntity.upsert({ name: 'catalog' })
      .add({ version: 1, approved_count: 1 })
      .set({ updated_at: new Date().toISOString() })
      .go();
  });

  it('leaves an account alone before its day is over', async () => {
    expect(await runCleanup(23)).toEqual({ closed: 0, failed: 0 });
    expect(await poolUserExists(account.email)).toBe(true);
    expect((await getMe(claims)).statusCode).toBe(200);
    expect(await trackedIds()).toContain(profile.id);
  });

  it('deletes the Cognito user, closes the profile, archives its templates; a second run changes nothing', async () => {
    const before = await catalog();
    const result = await runCleanup(24.05);
    expect(result.failed).toBe(0);
    expect(result.closed).toBeGreaterThanOrEqual(1);

    // The Cognito user is gone: the password signs in no more.
    expect(await poolUserExists(account.email)).toBe(false);
    await expect(signIn(account)).rejects.toThrow();

    // An ID token issued before stays valid for up to an hour: it gets 401, not a new profile.
    const me = await getMe(claims);
    expect(me.statusCode).toBe(401);
    expect(jsonBody<ApiErrorBody>(me)).toEqual({ message: ACCOUNT_CLOSED_MESSAGE });
    const mine = await seller(
      apiEvent({ path: '/api/my/mvps', claims }),
      lambdaContext('templates'),
    );
    expect(mine.statusCode).toBe(401);
    const stored = (await ProfileEntity.get({ id: profile.id }).go({ consistent: true })).data!;
    expect(Date.parse(stored.closed_at ?? '')).not.toBeNaN();
    expect(stored).toMatchObject({ is_seller_approved: false });
    // TTL still deletes it, a day after the account's expiry.
    expect(stored.expires_at).toBeGreaterThan(Date.parse(account.expires_at) / 1000);
    // No downloads are left: its entitlement (written by the downloads domain) is ended, and
    // expires with the profile.
    const entitlement = await entitlementOf(profile.id);
    expect(entitlement).toMatchObject({
      downloads_remaining: 0,
      download_quota: 0,
      expires_at: stored.expires_at,
    });
    expect(entitlement.daily_download_limit).toBeUndefined();

    // Its templates left the catalog: archived, the catalog bumped and one approved fewer.
    for (const template of templates) {
      expect(
        (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data?.status,
      ).toBe('archived');
    }
    const after = await catalog();
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect(after?.approved_count).toBe((before?.approved_count ?? 0) - 1);
    expect(await trackedIds()).not.toContain(profile.id);

    // Idempotent: nothing is left to do, and nothing moves.
    expect(await runCleanup(24.1)).toEqual({ closed: 0, failed: 0 });
    expect((await ProfileEntity.get({ id: profile.id }).go({ consistent: true })).data).toEqual(
      stored,
    );
    expect(await entitlementOf(profile.id)).toEqual(entitlement);
    expect(await catalog()).toEqual(after);
  });

  it('finishes a removal that a failed run left half-done (the user already deleted)', async () => {
    const halfDone = await createAccount();
    const halfClaims = await signIn(halfDone);
    const halfProfile = jsonBody<Profile>(await getMe(halfClaims));
    const template = templateItem({
      id: ulid(),
      seller_id: halfProfile.id,
      status: 'pending_review',
    });
    await TemplateEntity.create(template).go();
    await cognito().send(
      new AdminDeleteUserCommand({ UserPoolId: localCloud().userPoolId, Username: halfDone.email }),
    );

    expect(await runCleanup(24.05)).toEqual({ closed: 1, failed: 0 });
    expect((await getMe(halfClaims)).statusCode).toBe(401);
    expect(
      (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data?.status,
    ).toBe('archived');
    expect(await trackedIds()).not.toContain(halfProfile.id);
  });
});
