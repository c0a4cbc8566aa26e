/**
 * OAuth state (lambdas/shared/auth/oauth-state.ts) against DynamoDB Local: accepted once, only for
 * the user and provider it was issued to, only before it expires; altered or made-up states are
 * refused; of concurrent callbacks with one state exactly one wins; one given back (its provider
 * did not answer) is accepted once more.
 */
import { describe, expect, it } from 'vitest';
import {
  OAUTH_STATE_INVALID_MESSAGE,
  OAUTH_STATE_TTL_SECONDS,
  consumeOAuthState,
  issueOAuthState,
} from '../../../../../lambdas/shared/auth/oauth-state';
import { OAuthStateEntity } from '../../../../../lambdas/shared/db/entities/oauth-state';

const refused = { name: 'ValidationError', message: OAUTH_STATE_INVALID_MESSAGE };

describe('OAuth state', () => {
  it('is accepted once for its user and provider, with where to return to', async () => {
    const state = await issueOAuthState({
      userId: 'user-a',
      provider: 'github-user',
      returnTo: '/mvps/abc/deploy',
    });
    await expect(
      consumeOAuthState({ state, userId: 'user-a', provider: 'github-user' }),
    ).resolves.toMatchObject({ returnTo: '/mvps/abc/deploy' });
    // Replayed: refused, and nothing is left to replay.
    await expect(
      consumeOAuthState({ state, userId: 'user-a', provider: 'github-user' }),
    ).rejects.toMatchObject(refused);
    const { data } = await OAuthStateEntity.get({ id: state.split('.')[0]! }).go({
      consistent: true,
    });
    expect(data).toBeNull();
  });

  it('is refused for another user or provider, and stays usable for its own user', async () => {
    const state = await issueOAuthState({ userId: 'user-a', provider: 'netlify' });
    await expect(
      consumeOAuthState({ state, userId: 'user-b', provider: 'netlify' }),
    ).rejects.toMatchObject(refused);
    await expect(
      consumeOAuthState({ state, userId: 'user-a', provider: 'github-user' }),
    ).rejects.toMatchObject(refused);
    await expect(
      consumeOAuthState({ state, userId: 'user-a', provider: 'netlify' }),
    ).resolves.toMatchObject({ returnTo: null });
  });

  it('works again once given back (the provider did not answer the exchange)', async () => {
    const state = await issueOAuthState({
      userId: 'user-a',
      provider: 'netlify',
      returnTo: '/deployments/x',
    });
    const first = await consumeOAuthState({ state, userId: 'user-a', provider: 'netlify' });
    await first.giveBack();
    await expect(
      consumeOAuthState({ state, userId: 'user-a', provider: 'netlify' }),
    ).resolves.toMatchObject({ returnTo: '/deployments/x' });
    // Still single use: accepted once after it came back.
    await expect(
      consumeOAuthState({ state, userId: 'user-a', provider: 'netlify' }),
    ).rejects.toMatchObject(refused);
  });

  it('is refused once expired', async () => {
    const issued = new Date('2026-01-01T10:00:00Z');
    const state = await issueOAuthState({ userId: 'user-a', provider: 'netlify', now: issued });
    const later = new Date(issued.getTime() + OAUTH_STATE_TTL_SECONDS * 1000);
    await expect(
      consumeOAuthState({ state, userId: 'user-a', provider: 'netlify', now: later }),
    ).rejects.toMatchObject(refused);
  });

  it('refuses altered and made-up states', async () => {
    const state = await issueOAuthState({ userId: 'user-a', provider: 'github-app' });
    const [id, expires, mac] = state.split('.') as [string, string, string];
    const forged = [
      'user-a',
      '',
      `${id}.${Number(expires) + 3600}.${mac}`,
      `${id}.${expires}.${'A'.repeat(mac.length)}`,
      `${'B'.repeat(43)}.${expires}.${mac}`,
      `${id}.${expires}`,
    ];
    for (const bad of forged) {
      await expect(
        consumeOAuthState({ state: bad, userId: 'user-a', provider: 'github-app' }),
      ).rejects.toMatchObject(refused);
    }
  });

  it('lets exactly one of concurrent callbacks with one state through', async () => {
    const state = await issueOAuthState({ userId: 'user-c', provider: 'github-user' });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        consumeOAuthState({ state, userId: 'user-c', provider: 'github-user' }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});
