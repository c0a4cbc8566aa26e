/**
 * A lost authenticator app: `POST /api/admin/users/{id}/mfa-reset` through the account Lambda,
 * against cognito-local (with the design's MFA setting), DynamoDB Local and aws-ses-v2-local.
 * Admins only; the user's app goes off so the password alone signs in again; the audit entry
 * names the admin, the user and the reason; the user is told by bell and e-mail. Refusals change
 * nothing: the signed-out, non-admins, one's own app, a user without an app or without a sign-in
 * account, an unknown user, a missing or disguised reason.
 */
import {
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, inject, it } from 'vitest';
import { handler } from '../../../../lambdas/account/index';
import type { ApiErrorBody } from '../../../../contract/errors';
import { MFA_RESET_MESSAGES, type MfaReset } from '../../../../contract/mfa-reset';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { createCognitoClient } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';
import { createTestUser, localCloud, type TestUser } from '../../../fixtures/users';

const REASON = 'Lost their phone; confirmed by a reply from the account e-mail and the last order.';

const cognito = () => createCognitoClient(localCloud().cognitoEndpoint);

const reset = (caller: TestUser | null, id: string, body: unknown = { reason: REASON }) =>
  handler(
    apiEvent({
      method: 'POST',
      path: `/api/admin/users/${id}/mfa-reset`,
      body,
      ...(caller ? { claims: idTokenClaims({ sub: caller.sub, email: caller.email }) } : {}),
    }),
    lambdaContext('account'),
  );

/** A pool user with a profile of `role`. */
const newUser = async (role: 'buyer' | 'seller' | 'admin', displayName?: string) => {
  const user = await createTestUser({ group: role });
  await putProfile({
    id: user.sub,
    email: user.email,
    role,
    ...(displayName ? { display_name: displayName } : {}),
    ...(role === 'seller' ? { is_seller_approved: true } : {}),
  });
  return user;
};

const signIn = (user: TestUser) =>
  cognito().send(
    new InitiateAuthCommand({
      ClientId: localCloud().userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );

/** Turns the user's authenticator app on, as Settings → Security does through Amplify. */
const turnOnApp = async (user: TestUser): Promise<void> => {
  const AccessToken = (await signIn(user)).AuthenticationResult?.AccessToken;
  const { SecretCode } = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken }));
  const app = new TOTP({ secret: Secret.fromBase32(SecretCode!) });
  await cognito().send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: app.generate() }));
  await cognito().send(
    new SetUserMFAPreferenceCommand({
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
};

const factorsOf = async (user: TestUser): Promise<string[]> =>
  (
    await cognito().send(
      new AdminGetUserCommand({ UserPoolId: localCloud().userPoolId, Username: user.sub }),
    )
  ).UserMFASettingList ?? [];

const auditOf = async (targetId: string) =>
  (await AuditEntryEntity.query.byTime({}).go({ pages: 'all' })).data.filter(
    (entry) => entry.target_id === targetId,
  );

const noticesOf = async (userId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go()).data.filter(
    (item) => item.type === 'account_security',
  );

/** The subjects of every message aws-ses-v2-local holds for `email`. */
const subjectsFor = async (email: string): Promise<string[]> => {
  const response = await fetch(`${inject('localCloud').sesEndpoint}/store`);
  const { emails } = (await response.json()) as {
    emails: { destination: { to: string[] }; subject: string }[];
  };
  return emails.filter((mail) => mail.destination.to.includes(email)).map((mail) => mail.subject);
};

describe('an admin resets a lost authenticator app', () => {
  it('turns the app off, so the password alone signs in; audited with the reason; the user is told', async () => {
    const admin = await newUser('admin');
    const user = await newUser('buyer', 'Ada Lovelace');
    await turnOnApp(user);
    expect((await signIn(user)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const answer = await reset(admin, user.sub);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(jsonBody<MfaReset>(answer)).toEqual({
      user_id: user.sub,
      message: MFA_RESET_MESSAGES.done,
    });

    expect(await factorsOf(user)).toEqual([]);
    const signedIn = await signIn(user);
    expect(signedIn.ChallengeName).toBeUndefined();
    expect(signedIn.AuthenticationResult?.IdToken).toBeTruthy();

    const [entry, ...more] = await auditOf(user.sub);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_id: admin.sub,
      actor_email: admin.email,
      action: 'user.mfa_reset',
      target_type: 'user',
      target_id: user.sub,
      target_name: `Ada Lovelace (${user.email})`,
      before: { authenticator_app: true },
      after: { authenticator_app: false, reason: REASON },
    });

    const [notice] = await noticesOf(user.sub);
    expect(notice).toMatchObject({
      message: MFA_RESET_MESSAGES.notice,
      link: '/settings?tab=security',
      read: false,
    });
    await expect
      .poll(() => subjectsFor(user.email), { timeout: 15_000 })
      .toContain('Your authenticator app was turned off');

    // Done once: a second reset finds no app and changes nothing more.
    const again = await reset(admin, user.sub);
    expect(again.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(again).message).toBe(MFA_RESET_MESSAGES.noApp);
    expect(await auditOf(user.sub)).toHaveLength(1);
    expect(await noticesOf(user.sub)).toHaveLength(1);
  });
});

describe('who may reset', () => {
  it('refuses the signed-out (401), buyers and sellers (403); the app stays on, nothing is written', async () => {
    const user = await newUser('buyer');
    await turnOnApp(user);
    const buyer = await newUser('buyer');
    const seller = await newUser('seller');

    expect((await reset(null, user.sub)).statusCode).toBe(401);
    for (const caller of [buyer, seller, user]) {
      const refused = await reset(caller, user.sub);
      expect(refused.statusCode, refused.body).toBe(403);
    }
    expect(await factorsOf(user)).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(await auditOf(user.sub)).toEqual([]);
    expect(await noticesOf(user.sub)).toEqual([]);
    expect((await signIn(user)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it("refuses an admin's own app, a user without an app, without a sign-in account, or unknown", async () => {
    const admin = await newUser('admin');
    await turnOnApp(admin);
    const own = await reset(admin, admin.sub);
    expect(own.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(own).message).toBe(MFA_RESET_MESSAGES.ownApp);
    expect(await factorsOf(admin)).toEqual(['SOFTWARE_TOKEN_MFA']);

    const withoutApp = await newUser('buyer');
    const none = await reset(admin, withoutApp.sub);
    expect(none.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(none).message).toBe(MFA_RESET_MESSAGES.noApp);

    const profileOnly = await putProfile({ role: 'buyer' });
    const noPool = await reset(admin, profileOnly.id);
    expect(noPool.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(noPool).message).toBe(MFA_RESET_MESSAGES.noPoolUser);

    const unknown = await reset(admin, 'no-such-user');
    expect(unknown.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(unknown).message).toBe(MFA_RESET_MESSAGES.userNotFound);

    for (const id of [admin.sub, withoutApp.sub, profileOnly.id]) {
      expect(await auditOf(id)).toEqual([]);
    }
  });

  it('needs a reason in plain words (400, nothing changes)', async () => {
    const admin = await newUser('admin');
    const user = await newUser('buyer');
    await turnOnApp(user);
    for (const body of [{}, { reason: '   ' }, { reason: null }, { reason: 42 }]) {
      const refused = await reset(admin, user.sub, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(jsonBody<ApiErrorBody>(refused).message).toContain(MFA_RESET_MESSAGES.reasonRequired);
    }
    const disguised = await reset(admin, user.sub, { reason: 'Lost \u202Eenohp' });
    expect(disguised.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(disguised).message).toContain('direction of the text');
    const long = await reset(admin, user.sub, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(await factorsOf(user)).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(await auditOf(user.sub)).toEqual([]);
  });
});
