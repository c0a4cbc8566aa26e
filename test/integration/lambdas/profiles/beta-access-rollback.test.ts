/**
 * Beta access leaves nothing half-made: when a step after the Cognito user's creation fails, the
 * user is deleted again. Against the run's cognito-local pool and DynamoDB Local; the profile
 * write is made to fail by a profile that already holds the new user's id (the conditional create
 * refuses it), slipped in through a wrapper of the real user-pool adapter.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../contract/profile';
import { BetaAccountEntity } from '../../../../lambdas/shared/db/entities/beta-account';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import { createCognitoClient } from '../../../../lib/local/emulators/resources';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { localCloud } from '../../../fixtures/users';

const created = vi.hoisted(() => [] as { email: string; sub: string }[]);

vi.mock('../../../../lambdas/shared/adapters/user-pool', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../../../lambdas/shared/adapters/user-pool')>();
  const { putProfile } = await import('../../../fixtures/profiles');
  return {
    ...actual,
    createPoolUser: async (user: Parameters<typeof actual.createPoolUser>[0]) => {
      const result = await actual.createPoolUser(user);
      created.push({ email: user.email, sub: result.sub });
      await putProfile({ id: result.sub, email: 'squatter@example.com' });
      return result;
    },
  };
});

process.env.BETA_ACCESS_ENABLED = 'true';
const { handler: profiles } = await import('../../../../lambdas/profiles/index');
const { createPoolUser } = await vi.importActual<
  typeof import('../../../../lambdas/shared/adapters/user-pool')
>('../../../../lambdas/shared/adapters/user-pool');

const poolUserExists = async (email: string): Promise<boolean> => {
  try {
    await createCognitoClient(localCloud().cognitoEndpoint).send(
      new AdminGetUserCommand({ UserPoolId: localCloud().userPoolId, Username: email }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
};

describe('beta access rollback', () => {
  it('deletes the Cognito user again when its profile cannot be stored', async () => {
    const result = await profiles(
      apiEvent({ method: 'POST', path: '/api/auth/beta' }),
      lambdaContext('profiles'),
    );
    expect(result.statusCode).toBe(500);
    // No credentials of a half-made account reach the caller.
    expect(jsonBody<Record<string, unknown>>(result)).not.toHaveProperty('password');
    const [user] = created;
    expect(user).toBeDefined();
    expect(await poolUserExists(user!.email)).toBe(false);
    // The profile in the way is untouched, and no tracking item was written.
    expect((await ProfileEntity.get({ id: user!.sub }).go()).data?.email).toBe(
      'squatter@example.com',
    );
    const tracked = await BetaAccountEntity.query.byExpiry({}).go({ pages: 'all' });
    expect(tracked.data).toEqual([]);
  });

  it('deletes a user whose group could not be set, inside the adapter', async () => {
    const email = `beta-rollback-${Date.now()}@beta.invalid`;
    await expect(
      createPoolUser({ email, password: 'Rollback-Pass-1234', group: 'no-such-group' as Role }),
    ).rejects.toThrow();
    expect(await poolUserExists(email)).toBe(false);
  });
});
