/**
 * The admin routes' authenticator-app requirement through the real handler chain and the run's
 * cognito-local (which keeps UserMFASettingList and runs TOTP set-up): switched on here as in the
 * cloud, an admin without TOTP gets a 403 pointing to Settings → Security; after setting up an
 * authenticator app the same admin gets in.
 */
import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { createCognitoClient } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';
import { createTestUser, localCloud } from '../../../fixtures/users';

// As the cloud sets it; read on the first request of this file's fresh modules.
process.env.MFA_REQUIRED_FOR_ADMINS = 'true';
const { handler } = await import('../../../../lambdas/contact/index');
const { ADMIN_MFA_REQUIRED_MESSAGE } = await import('../../../../lambdas/shared/auth/admin-mfa');
// cognito-local's own TOTP generator, the same an authenticator app would compute.
const { generate } = (await import('cognito-local/lib/services/totp')) as {
  generate: (secret: string) => string;
};

const listAsAdmin = (user: { sub: string; email: string }) =>
  handler(
    apiEvent({
      path: '/api/admin/contact-messages',
      query: { status: 'new' },
      claims: idTokenClaims({ sub: user.sub, email: user.email }),
    }),
    lambdaContext('contact'),
  );

const setUpAuthenticatorApp = async (user: { email: string; password: string }) => {
  const { cognitoEndpoint, userPoolClientId } = localCloud();
  const client = createCognitoClient(cognitoEndpoint);
  const signedIn = await client.send(
    new InitiateAuthCommand({
      ClientId: userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  const AccessToken = signedIn.AuthenticationResult!.AccessToken!;
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  await client.send(
    new VerifySoftwareTokenCommand({ AccessToken, UserCode: generate(SecretCode!) }),
  );
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
};

describe('admin routes with MFA required', () => {
  it('refuses an admin without an authenticator app, then lets them in once set up', async () => {
    const user = await createTestUser({ role: 'admin', group: 'admin' });
    await putProfile({ id: user.sub, email: user.email, role: 'admin' });

    const refused = await listAsAdmin(user);
    expect(refused.statusCode).toBe(403);
    expect(jsonBody<{ message: string }>(refused).message).toBe(ADMIN_MFA_REQUIRED_MESSAGE);

    await setUpAuthenticatorApp(user);
    const allowed = await listAsAdmin(user);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('refuses a non-admin by role first, not with the MFA message', async () => {
    const user = await createTestUser({ role: 'buyer', group: 'buyer' });
    await putProfile({ id: user.sub, email: user.email, role: 'buyer' });
    const refused = await listAsAdmin(user);
    expect(refused.statusCode).toBe(403);
    expect(jsonBody<{ message: string }>(refused).message).not.toBe(ADMIN_MFA_REQUIRED_MESSAGE);
  });
});
