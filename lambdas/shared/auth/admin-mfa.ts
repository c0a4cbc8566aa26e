/**
 * Admin rights need a second factor in the cloud: an admin route refuses an admin whose Cognito
 * user has no authenticator app (TOTP) enabled (docs/operations.md, "Admin MFA"). The ID token
 * says nothing about MFA, so the check asks Cognito (AdminGetUser's UserMFASettingList) and keeps
 * a yes for five minutes per container: an admin's clicks cost one Cognito call per function and
 * five minutes, far below AdminGetUser's quota. A no is not kept, so an admin who has just set up
 * the app gets in at once. Switched off by MFA_REQUIRED_FOR_ADMINS=false (the local stack only).
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_MAX_ATTEMPTS, USER_POOL_TIMEOUTS } from '../adapters/user-pool';
import { watchDependency } from '../dependencies';
import { ForbiddenError } from '../errors';

export const ADMIN_MFA_REQUIRED_MESSAGE =
  'Admin access needs an authenticator app: set one up in Settings → Security, then try again.';

/** How long a confirmed "has TOTP" is believed. */
export const ADMIN_MFA_CACHE_MS = 5 * 60 * 1000;

export interface AdminMfaCheckOptions {
  userPoolId: () => string;
  /** The Cognito client (tests inject one); loaded on first use otherwise. */
  client?: Pick<CognitoIdentityProviderClient, 'send'>;
  now?: () => number;
}

/** `assert(userId)`: resolves when the user has TOTP enabled, else throws a 403 in words. */
export const createAdminMfaCheck = (options: AdminMfaCheckOptions) => {
  const now = options.now ?? Date.now;
  const confirmedUntil = new Map<string, number>();
  // Imported on the first admin request only: no other route's cold start pays for the SDK.
  let sdk: Promise<typeof import('@aws-sdk/client-cognito-identity-provider')> | undefined;
  let client: Pick<CognitoIdentityProviderClient, 'send'> | undefined = options.client;

  const hasTotp = async (userId: string): Promise<boolean> => {
    sdk ??= import('@aws-sdk/client-cognito-identity-provider');
    const loaded = await sdk;
    // The pool's time limits and 503 naming the sign-in service, as every other call on it.
    client ??= watchDependency(
      new loaded.CognitoIdentityProviderClient({
        maxAttempts: USER_POOL_MAX_ATTEMPTS,
        requestHandler: USER_POOL_TIMEOUTS,
      }),
      'identity',
      () => false,
    );
    const { AdminGetUserCommand } = loaded;
    // The pool signs in by e-mail, so its user names are the users' `sub`.
    const user = await client.send(
      new AdminGetUserCommand({ UserPoolId: options.userPoolId(), Username: userId }),
    );
    return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  };

  return async (userId: string): Promise<void> => {
    if ((confirmedUntil.get(userId) ?? 0) > now()) return;
    if (!(await hasTotp(userId))) throw new ForbiddenError(ADMIN_MFA_REQUIRED_MESSAGE);
    confirmedUntil.set(userId, now() + ADMIN_MFA_CACHE_MS);
  };
};
