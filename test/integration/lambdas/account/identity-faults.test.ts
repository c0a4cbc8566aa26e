/**
 * The sign-in service (Cognito) failing under a route that needs it: closing an account checks the
 * password with the user pool before it changes anything. With the pool refusing connections, then
 * accepting them and never answering, the route answers 503 naming the sign-in service and saying
 * nothing was changed, within the pool client's budget, and the profile, the template and the pool
 * user are exactly as before; with the pool back, the same request closes the account.
 *
 * This file's Cognito client goes through a fault proxy in front of the run's cognito-local (the
 * client is created on first use, after the endpoint is pointed here); the emulator is left alone.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../../contract/account';
import { unavailableMessage } from '../../../../contract/errors';
import { handler } from '../../../../lambdas/account/index';
import {
  USER_POOL_MAX_ATTEMPTS,
  USER_POOL_TIMEOUTS,
} from '../../../../lambdas/shared/adapters/user-pool';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { createCognitoClient } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { startFaultProxy, type FaultMode, type FaultProxy } from '../../../fixtures/fault-proxy';
import { putProfile } from '../../../fixtures/profiles';
import { templateItem } from '../../../fixtures/template-fixtures';
import { createTestUser, localCloud, type TestUser } from '../../../fixtures/users';

/** Every attempt timing out, with room for the route's database reads on a busy machine. */
const ANSWER_BUDGET_MS = USER_POOL_MAX_ATTEMPTS * USER_POOL_TIMEOUTS.requestTimeout + 4_000;
const PASSWORD = 'Closing-password-1';

let proxy: FaultProxy;
let user: TestUser;
const template = templateItem({ title: 'Kept While The Pool Is Down' });

const close = async () => {
  const started = Date.now();
  const result = (await handler(
    apiEvent({
      method: 'POST',
      path: '/api/me/close',
      body: { password: PASSWORD },
      claims: idTokenClaims({ sub: user.sub, email: user.email }),
    }),
    lambdaContext('account'),
  )) as { statusCode: number; body: string };
  return { result, ms: Date.now() - started };
};

const poolUserExists = async (): Promise<boolean> => {
  try {
    await createCognitoClient(localCloud().cognitoEndpoint).send(
      new AdminGetUserCommand({ UserPoolId: localCloud().userPoolId, Username: user.email }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
};

/** What closing would change: the profile, the seller's template and the pool user. */
const state = async () => {
  const profile = (await ProfileEntity.get({ id: user.sub }).go({ consistent: true })).data;
  return {
    email: profile?.email,
    closed: profile?.closed_at !== undefined,
    template: (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data?.status,
    poolUser: await poolUserExists(),
  };
};

beforeAll(async () => {
  user = await createTestUser({ password: PASSWORD });
  await putProfile({ id: user.sub, email: user.email, role: 'both', is_seller_approved: true });
  await TemplateEntity.create({ ...template, seller_id: user.sub }).go();
  proxy = await startFaultProxy(localCloud().cognitoEndpoint);
  process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = proxy.endpoint;
});

afterAll(async () => {
  await proxy.close();
});

describe('closing an account while the sign-in service fails', () => {
  it.each<[string, FaultMode]>([
    ['refuses connections', 'refuse'],
    ['accepts connections and never answers', 'hang'],
  ])(
    'answers 503 naming the sign-in service and changes nothing while it %s',
    async (_, mode) => {
      const before = await state();
      expect(before).toEqual({
        email: user.email,
        closed: false,
        template: 'approved',
        poolUser: true,
      });
      await proxy.setMode(mode);
      try {
        const { result, ms } = await close();
        expect(result.statusCode).toBe(503);
        expect(jsonBody(result)).toEqual({ message: unavailableMessage('identity', 'unchanged') });
        expect(ms).toBeLessThan(ANSWER_BUDGET_MS);
      } finally {
        await proxy.setMode('pass');
      }
      expect(await state()).toEqual(before);
    },
    30_000,
  );

  it('closes the account once the sign-in service answers again', async () => {
    const { result } = await close();
    expect(result.statusCode).toBe(200);
    expect(jsonBody<{ message: string }>(result).message).toBe(ACCOUNT_MESSAGES.closed);
    expect(await state()).toMatchObject({ closed: true, template: 'archived', poolUser: false });
  }, 30_000);
});
