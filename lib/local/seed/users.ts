/**
 * The demo accounts in the user pool: each Cognito user (confirmed, permanent password, role
 * group) and its profile, found by email so a reseed leaves them as they are.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { importProfile } from '../../../lambdas/profiles/import';
import { importEntitlement } from '../../../lambdas/downloads/entitlement';
import { authDesign } from '../../../contract/design/auth-design';
import { demoAccounts, type DemoAccount, type DemoAccountKey } from './accounts';

/** The user pool the demo accounts live in. */
export interface CognitoPool {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
}

export interface SeededUser {
  sub: string;
  account: DemoAccount;
}

const findUserSub = async (options: CognitoPool, email: string): Promise<string | undefined> => {
  try {
    const user = await options.cognito.send(
      new AdminGetUserCommand({ UserPoolId: options.userPoolId, Username: email }),
    );
    return user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return undefined;
    throw error;
  }
};

/** The Cognito user for `account`, created confirmed with a permanent password when missing. */
const ensureCognitoUser = async (options: CognitoPool, account: DemoAccount): Promise<string> => {
  const existing = await findUserSub(options, account.email);
  if (existing) return existing;
  const created = await options.cognito
    .send(
      new AdminCreateUserCommand({
        UserPoolId: options.userPoolId,
        Username: account.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: authDesign.roleAttribute, Value: account.role },
        ],
      }),
    )
    .catch((error: unknown) => {
      // Two seeds at once (test files sharing a user pool): the other one created it first.
      if ((error as { name?: string }).name === 'UsernameExistsException') return null;
      throw error;
    });
  if (!created) {
    const sub = await findUserSub(options, account.email);
    if (!sub) throw new Error(`cognito-local lost ${account.email} after creating it.`);
    return sub;
  }
  const sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error(`cognito-local created ${account.email} without a sub.`);
  await options.cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: options.userPoolId,
      Username: account.email,
      Password: account.password,
      Permanent: true,
    }),
  );
  await options.cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: options.userPoolId,
      Username: account.email,
      GroupName: account.role,
    }),
  );
  return sub;
};

/**
 * Earlier seeds created `beta@demo.local`, whose fixed password beta access handed to every
 * visitor. A `.local/` kept from then still holds it: its Cognito user is deleted, so that
 * credential signs in nowhere any more (its templates and reviews stay as demo data).
 */
const LEGACY_SHARED_BETA_EMAIL = 'beta@demo.local';

const retireLegacySharedBetaAccount = async (options: CognitoPool): Promise<void> => {
  try {
    await options.cognito.send(
      new AdminDeleteUserCommand({
        UserPoolId: options.userPoolId,
        Username: LEGACY_SHARED_BETA_EMAIL,
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
  }
};

/** Creates the demo accounts and their profiles; returns them keyed by account. */
export const seedAccounts = async (
  options: CognitoPool,
): Promise<Map<DemoAccountKey, SeededUser>> => {
  await retireLegacySharedBetaAccount(options);
  const now = new Date().toISOString();
  const users = new Map<DemoAccountKey, SeededUser>();
  for (const account of demoAccounts) {
    const sub = await ensureCognitoUser(options, account);
    await importProfile({ id: sub, ...account }, now);
    await importEntitlement({
      userId: sub,
      downloadsRemaining: account.downloadsRemaining,
      downloadQuota: account.downloadQuota,
      ...(account.dailyDownloadLimit !== undefined && {
        dailyDownloadLimit: account.dailyDownloadLimit,
      }),
      now,
    });
    users.set(account.key, { sub, account });
  }
  return users;
};

export const userOf = (users: Map<DemoAccountKey, SeededUser>, key: DemoAccountKey) => {
  const user = users.get(key);
  if (!user) throw new Error(`Demo account ${key} was not seeded.`);
  return user;
};
