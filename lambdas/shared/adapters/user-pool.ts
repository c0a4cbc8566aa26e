/**
 * The few calls the API makes on the Cognito user pool: create a confirmed user with a
 * permanent password in a group, and delete one (beta accounts, account closure), check a user's
 * password (account closure), move a user to another role group (admin user management), and
 * turn off a user's authenticator app (an admin's reset of a lost one). The pool id comes from configuration; the endpoint is the SDK's
 * own (`AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` points it at cognito-local on a laptop). The
 * CDK grants the beta actions only where beta access is switched on, the group actions always.
 *
 * The Cognito SDK is imported on first use: only a press of the beta button (and the hourly
 * cleanup) pays for loading it, never the profile routes' cold starts.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../../contract/profile';
import { config } from '../config';
import { unavailableMessage } from '../../../contract/errors';
import { noChangeSent, watchDependency } from '../dependencies';
import { ServiceUnavailableError } from '../errors';
import { logger } from '../observability';

type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider');

let loading: Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> | undefined;

/**
 * Time limits of every call on the pool: a connection gets 1 s, a request 2.5 s without a byte,
 * at most 2 attempts, so a pool that stops answering fails a request within about 5 s (503 naming
 * the sign-in service, shared/dependencies.ts) instead of holding it for the Lambda's timeout.
 */
export const USER_POOL_TIMEOUTS = {
  connectionTimeout: 1_000,
  requestTimeout: 2_500,
  throwOnRequestTimeout: true,
} as const;
export const USER_POOL_MAX_ATTEMPTS = 2;

/** Commands that only read or check (a password check signs nobody in for good). */
const READS = /^(AdminGet|AdminList|List|Describe|Get|InitiateAuth)/;

const cognito = () => {
  loading ??= import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
    sdk,
    client: watchDependency(
      new sdk.CognitoIdentityProviderClient({
        maxAttempts: USER_POOL_MAX_ATTEMPTS,
        requestHandler: USER_POOL_TIMEOUTS,
      }),
      'identity',
      (command) => !READS.test(command),
    ),
  }));
  return loading;
};

const nameOf = (error: unknown): string | undefined => (error as { name?: string } | null)?.name;

/** Cognito throttles with its own error names; to the caller that is "try again later" (503). */
const unavailableOnThrottling = (error: unknown): never => {
  if (nameOf(error) === 'TooManyRequestsException' || nameOf(error) === 'LimitExceededException') {
    throw new ServiceUnavailableError(
      unavailableMessage('identity', noChangeSent() ? 'unchanged' : 'maybe_changed'),
    );
  }
  throw error;
};

export interface NewPoolUser {
  /** Also the user name: the pool signs in by e-mail. */
  email: string;
  /** Permanent; never logged. */
  password: string;
  group: Role;
}

/**
 * Creates a confirmed user (no invitation sent, e-mail marked verified) with a permanent password,
 * in `group`, and returns its `sub`. If a step after the creation fails, the user is deleted again
 * before the error is rethrown, so no half-made user stays behind.
 */
export const createPoolUser = async (user: NewPoolUser): Promise<{ sub: string }> => {
  const { sdk, client } = await cognito();
  const UserPoolId = config().USER_POOL_ID;
  const created = await client
    .send(
      new sdk.AdminCreateUserCommand({
        UserPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    )
    .catch(unavailableOnThrottling);
  try {
    const sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error('Cognito created a user without a sub.');
    await client.send(
      new sdk.AdminSetUserPasswordCommand({
        UserPoolId,
        Username: user.email,
        Password: user.password,
        Permanent: true,
      }),
    );
    await client.send(
      new sdk.AdminAddUserToGroupCommand({
        UserPoolId,
        Username: user.email,
        GroupName: user.group,
      }),
    );
    return { sub };
  } catch (error) {
    await deletePoolUser(user.email).catch((deleteError: unknown) => {
      logger.error('A half-made pool user was not deleted', {
        username: user.email,
        error: nameOf(deleteError),
      });
    });
    return unavailableOnThrottling(error);
  }
};

/**
 * Deletes a user by user name (its e-mail). A user that is already gone is fine: `absent`.
 * Deleting the user also ends its refresh tokens; an ID token already issued lives until it
 * expires, which is why a removed account's profile is closed as well.
 */
export const deletePoolUser = async (username: string): Promise<'deleted' | 'absent'> => {
  const { sdk, client } = await cognito();
  try {
    await client.send(
      new sdk.AdminDeleteUserCommand({ UserPoolId: config().USER_POOL_ID, Username: username }),
    );
    return 'deleted';
  } catch (error) {
    if (nameOf(error) === 'UserNotFoundException') return 'absent';
    return unavailableOnThrottling(error);
  }
};

/**
 * Whether `password` is the user's current password: a sign-in through the web client
 * (USER_PASSWORD_AUTH, which the client allows), whose tokens are dropped. Used to confirm an
 * irreversible action by the account's owner, not to sign anyone in. A wrong password, an unknown
 * or disabled user all answer false; throttling is a 503.
 */
export const checkPoolPassword = async (username: string, password: string): Promise<boolean> => {
  const { sdk, client } = await cognito();
  try {
    const answer = await client.send(
      new sdk.InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config().USER_POOL_CLIENT_ID,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    // A challenge (a new password required, MFA) still proves the password.
    return Boolean(answer.AuthenticationResult ?? answer.ChallengeName);
  } catch (error) {
    const name = nameOf(error);
    // Cognito answers a wrong password with NotAuthorizedException, cognito-local with
    // InvalidPasswordException.
    if (
      name === 'NotAuthorizedException' ||
      name === 'InvalidPasswordException' ||
      name === 'UserNotFoundException' ||
      name === 'UserNotConfirmedException' ||
      name === 'PasswordResetRequiredException'
    ) {
      return false;
    }
    return unavailableOnThrottling(error);
  }
};

/**
 * Puts the user (by user name or `sub`) in exactly the group `role` among the role groups: adds
 * the new group, then removes the others. Idempotent, so a repeated call converges; other groups
 * than the roles are left alone. `absent` when the pool has no such user.
 */
export const setPoolUserRoleGroup = async (
  username: string,
  role: Role,
  roles: readonly Role[],
): Promise<'set' | 'absent'> => {
  const { sdk, client } = await cognito();
  const UserPoolId = config().USER_POOL_ID;
  try {
    const { Groups = [] } = await client.send(
      new sdk.AdminListGroupsForUserCommand({ UserPoolId, Username: username, Limit: 60 }),
    );
    const current = new Set(Groups.map((group) => group.GroupName));
    if (!current.has(role)) {
      await client.send(
        new sdk.AdminAddUserToGroupCommand({ UserPoolId, Username: username, GroupName: role }),
      );
    }
    for (const other of roles.filter((name) => name !== role && current.has(name))) {
      await client.send(
        new sdk.AdminRemoveUserFromGroupCommand({
          UserPoolId,
          Username: username,
          GroupName: other,
        }),
      );
    }
    return 'set';
  } catch (error) {
    if (nameOf(error) === 'UserNotFoundException') return 'absent';
    return unavailableOnThrottling(error);
  }
};

/**
 * Turns off the user's authenticator app (TOTP), for an admin's reset after the user lost it:
 * AdminSetUserMFAPreference with the factor disabled and no longer preferred, so sign-in asks for
 * the password only until the user sets up a new app. `absent` when the pool has no such user,
 * `none` when the app was not on (nothing is changed then).
 */
export const turnOffPoolUserTotp = async (username: string): Promise<'off' | 'none' | 'absent'> => {
  const { sdk, client } = await cognito();
  const UserPoolId = config().USER_POOL_ID;
  try {
    const user = await client.send(new sdk.AdminGetUserCommand({ UserPoolId, Username: username }));
    if (!(user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')) return 'none';
    await client.send(
      new sdk.AdminSetUserMFAPreferenceCommand({
        UserPoolId,
        Username: username,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    return 'off';
  } catch (error) {
    if (nameOf(error) === 'UserNotFoundException') return 'absent';
    return unavailableOnThrottling(error);
  }
};
