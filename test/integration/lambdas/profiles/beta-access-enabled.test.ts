/**
 * `POST /api/auth/beta` switched on: the credentials of the seeded beta account, which really
 * signs in with Cognito. The environment is changed before the handler module loads (it reads
 * its configuration once), so every import of `lambdas/` here is dynamic.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../../lib/local/seed/accounts';
import { createCognitoClient } from '../../../../lib/local/resources';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { createTestUser, localCloud } from '../../setup/helpers';

const beta = demoAccounts.find((account) => account.key === 'beta')!;
process.env.BETA_ACCESS_ENABLED = 'true';
process.env.BETA_ACCOUNT_EMAIL = beta.email;
process.env.BETA_ACCOUNT_PASSWORD = beta.password;

describe('POST /api/auth/beta, switched on', () => {
  it('returns a sign-in that Cognito accepts', async () => {
    await createTestUser({ email: beta.email, password: beta.password, group: 'both' });
    const { handler } = await import('../../../../lambdas/profiles/index');
    const result = await handler(
      apiEvent({ method: 'POST', path: '/api/auth/beta' }),
      lambdaContext('profiles'),
    );
    expect(result.statusCode).toBe(200);
    const credentials = jsonBody<{ email: string; password: string }>(result);
    expect(credentials).toEqual({ email: beta.email, password: beta.password });
    const { userPoolClientId, cognitoEndpoint } = localCloud();
    const auth = await createCognitoClient(cognitoEndpoint).send(
      new InitiateAuthCommand({
        ClientId: userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: credentials.email, PASSWORD: credentials.password },
      }),
    );
    expect(auth.AuthenticationResult?.IdToken).toBeTruthy();
  });
});
