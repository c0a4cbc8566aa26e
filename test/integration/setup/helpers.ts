/**
 * Helpers for integration tests: real users of the run's local user pool with real ID tokens, and
 * the confirmation codes cognito-local issued. Call them inside tests or hooks (they use `inject`).
 */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { waitForConfirmationCode } from '../../../lib/local/confirmation-codes';
import { createCognitoClient } from '../../../lib/local/resources';
import { authDesign } from '../../../lambdas/shared/design/auth-design';
import type { Role } from '../../../lambdas/shared/contracts/profile';
import type { LocalCloudContext } from './provided-context';
import './provided-context';

/** The run's emulators and user pool. */
export const localCloud = (): LocalCloudContext => inject('localCloud');

export interface TestUserOptions {
  /** Defaults to a unique address. */
  email?: string;
  password?: string;
  /** The `custom:role` attribute chosen at sign-up; absent when omitted. */
  role?: Role;
  /** A Cognito group to put the user in; none when omitted. */
  group?: Role;
}

export interface TestUser {
  sub: string;
  email: string;
  password: string;
  /** A real ID token from cognito-local (USER_PASSWORD_AUTH), as the web client sends it. */
  idToken: string;
}

const cognito = () => createCognitoClient(localCloud().cognitoEndpoint);

/**
 * A confirmed user with a permanent password, signed in. The pool is shared by the whole run, so
 * an email used before (by another file) yields that same user, with the password reset.
 */
export const createTestUser = async (options: TestUserOptions = {}): Promise<TestUser> => {
  const { userPoolId, userPoolClientId } = localCloud();
  const client = cognito();
  const email = (options.email ?? `user-${randomUUID()}@example.com`).toLowerCase();
  const password = options.password ?? 'test-password-1';
  try {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          ...(options.role ? [{ Name: authDesign.roleAttribute, Value: options.role }] : []),
        ],
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'UsernameExistsException') throw error;
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  if (options.group) {
    await client.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: userPoolId,
        Username: email,
        GroupName: options.group,
      }),
    );
  }
  const user = await client.send(
    new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }),
  );
  const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error(`cognito-local returned ${email} without a sub.`);
  const auth = await client.send(
    new InitiateAuthCommand({
      ClientId: userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const idToken = auth.AuthenticationResult?.IdToken;
  if (!idToken) throw new Error(`cognito-local issued no ID token for ${email}.`);
  return { sub, email, password, idToken };
};

/** The confirmation code cognito-local issued to `email` (sign-up, forgot password); waits up to 10 s. */
export const readConfirmationCode = (email: string): Promise<string> => {
  const { cognitoDataDir, userPoolId } = localCloud();
  return waitForConfirmationCode(cognitoDataDir, userPoolId, email);
};
