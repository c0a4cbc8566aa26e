/**
 * `PATCH /api/me` against DynamoDB Local: profile fields, username uniqueness through claims
 * (docs/data-model.md, section 4.3), and that nobody changes anyone's profile but their own.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/profiles/index';
import { findProfileByUsername, getProfileById } from '../../../../lambdas/profiles/repo';
import { PROFILE_CHANGED_CONCURRENTLY_MESSAGE } from '../../../../lambdas/profiles/service';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { Profile } from '../../../../contract/profile';
import {
  INVALID_URL_MESSAGE,
  USERNAME_REQUIRED_MESSAGE,
  USERNAME_SPACES_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from '../../../../contract/profile-update';
import { UsernameClaimEntity } from '../../../../lambdas/shared/db/entities/username-claim';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { overlapTransactWrites } from '../../../fixtures/dynamodb-commands';

const newUser = () => {
  const sub = randomUUID();
  return { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
};

const patchMe = (claims: Record<string, string> | undefined, body: unknown) =>
  handler(apiEvent({ method: 'PATCH', path: '/api/me', claims, body }), lambdaContext('profiles'));

const uniqueName = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;

describe('PATCH /api/me', () => {
  it('saves the profile fields, drops empty social links and removes cleared fields', async () => {
    const user = newUser();
    const username = uniqueName('Alice');
    const first = await patchMe(user.claims, {
      username,
      display_name: 'Alice A.',
      bio: 'Builds things.',
      website_url: 'https://alice.example.com',
      profile_picture_url: '',
      social_links: { twitter: 'https://x.com/alice', linkedin: '', github: '  ' },
    });
    expect(first.statusCode).toBe(200);
    expect(jsonBody<Profile>(first)).toMatchObject({
      id: user.sub,
      username,
      display_name: 'Alice A.',
      bio: 'Builds things.',
      website_url: 'https://alice.example.com',
      profile_picture_url: null,
      social_links: { twitter: 'https://x.com/alice' },
    });

    const cleared = await patchMe(user.claims, { username, bio: '', social_links: {} });
    expect(cleared.statusCode).toBe(200);
    const stored = await getProfileById(user.sub);
    expect(stored?.bio).toBeUndefined();
    expect(stored?.social_links).toBeUndefined();
    expect(stored?.username).toBe(username);
  });

  it('a username chosen later finds its profile by name (the public seller page reads it so)', async () => {
    const user = newUser();
    const first = uniqueName('first');
    expect((await patchMe(user.claims, { username: first })).statusCode).toBe(200);
    expect((await findProfileByUsername(first))?.id).toBe(user.sub);
    // And a second change moves it: the new name finds it, the old one no longer does.
    const later = uniqueName('later');
    expect((await patchMe(user.claims, { username: later })).statusCode).toBe(200);
    expect((await findProfileByUsername(later))?.id).toBe(user.sub);
    expect(await findProfileByUsername(first)).toBeNull();
  });

  it('answers the product’s texts for a missing username or one with spaces', async () => {
    const user = newUser();
    const missing = await patchMe(user.claims, { username: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(missing).fields?.username).toBe(USERNAME_REQUIRED_MESSAGE);
    const spaced = await patchMe(user.claims, { username: 'two words' });
    expect(spaced.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(spaced).message).toBe(USERNAME_SPACES_MESSAGE);
    const badUrl = await patchMe(user.claims, { username: uniqueName('u'), website_url: 'nope' });
    expect(badUrl.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(badUrl).fields?.website_url).toBe(INVALID_URL_MESSAGE);
  });

  it('refuses a username another user holds, in any letter case, with 409', async () => {
    const owner = newUser();
    const other = newUser();
    const name = uniqueName('Taken');
    expect((await patchMe(owner.claims, { username: name })).statusCode).toBe(200);
    const clash = await patchMe(other.claims, { username: name.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(clash).message).toBe(USERNAME_TAKEN_MESSAGE);
    expect((await getProfileById(other.sub))?.username).toBeUndefined();
  });

  it('lets exactly one of two concurrent claims of the same name win', async () => {
    const name = uniqueName('race');
    for (let round = 0; round < 3; round += 1) {
      const contested = `${name}${round}`;
      const users = [newUser(), newUser(), newUser(), newUser()];
      const results = await Promise.all(
        users.map((u) => patchMe(u.claims, { username: contested })),
      );
      const codes = results.map((result) => result.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      const winner = users[results.findIndex((result) => result.statusCode === 200)]!;
      const claim = await UsernameClaimEntity.get({ username: contested }).go();
      expect(claim.data?.user_id).toBe(winner.sub);
      const holders = await Promise.all(users.map((u) => getProfileById(u.sub)));
      expect(holders.filter((profile) => profile?.username === contested)).toHaveLength(1);
    }
  });

  it('answers one of two simultaneous changes of one user with 409, never 500', async () => {
    const user = newUser();
    const original = uniqueName('mine');
    expect((await patchMe(user.claims, { username: original })).statusCode).toBe(200);
    for (const [left, right] of [
      [uniqueName('left'), uniqueName('right')],
      [uniqueName('same'), null],
    ] as const) {
      const names = [left, right ?? left];
      // Both read the profile before either writes, as two saves at the same time do.
      const overlap = overlapTransactWrites(2);
      const results = await Promise.all(
        names.map((username) => patchMe(user.claims, { username })),
      ).finally(overlap.stop);
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((result) => result.statusCode === 409)!;
      expect(jsonBody<ApiErrorBody>(loser).message).toBe(PROFILE_CHANGED_CONCURRENTLY_MESSAGE);
      const winner = names[results.findIndex((result) => result.statusCode === 200)]!;
      expect((await getProfileById(user.sub))?.username).toBe(winner);
      const claim = await UsernameClaimEntity.get({ username: winner }).go();
      expect(claim.data).toMatchObject({ user_id: user.sub });
      expect(claim.data?.released_at).toBeUndefined();
      if (right) {
        const other = names.find((name) => name !== winner)!;
        expect((await UsernameClaimEntity.get({ username: other }).go()).data).toBeNull();
      }
    }
  });

  it('releases the old name to its owner only, and lets them take it back', async () => {
    const alice = newUser();
    const mallory = newUser();
    const first = uniqueName('first');
    const second = uniqueName('second');
    expect((await patchMe(alice.claims, { username: first })).statusCode).toBe(200);
    expect((await patchMe(alice.claims, { username: second })).statusCode).toBe(200);
    const released = await UsernameClaimEntity.get({ username: first }).go();
    expect(released.data).toMatchObject({ user_id: alice.sub });
    expect(released.data?.expires_at).toBeGreaterThan(Date.now() / 1000);
    // Held for its former owner: someone else cannot grab it right after.
    expect((await patchMe(mallory.claims, { username: first })).statusCode).toBe(409);
    expect((await patchMe(alice.claims, { username: first })).statusCode).toBe(200);
    expect((await getProfileById(alice.sub))?.username).toBe(first);
    // The name given up meanwhile is held for Alice as well.
    expect((await patchMe(mallory.claims, { username: second })).statusCode).toBe(409);
  });

  it('keeps the claim on a change of letter case only', async () => {
    const user = newUser();
    const name = uniqueName('case');
    expect((await patchMe(user.claims, { username: name })).statusCode).toBe(200);
    const recased = await patchMe(user.claims, { username: name.toUpperCase() });
    expect(recased.statusCode).toBe(200);
    expect(jsonBody<Profile>(recased).username).toBe(name.toUpperCase());
  });

  it('only ever changes the caller: a body naming another user changes nothing of theirs', async () => {
    const victim = newUser();
    const attacker = newUser();
    const victimName = uniqueName('victim');
    await patchMe(victim.claims, { username: victimName, bio: 'Original bio' });
    const result = await patchMe(attacker.claims, {
      id: victim.sub,
      username: uniqueName('attacker'),
      bio: 'Hacked',
    });
    expect(result.statusCode).toBe(200);
    expect(jsonBody<Profile>(result).id).toBe(attacker.sub);
    const stored = await getProfileById(victim.sub);
    expect(stored?.bio).toBe('Original bio');
    expect(stored?.username).toBe(victimName);
  });

  it('needs a signed-in caller', async () => {
    const result = await patchMe(undefined, { username: 'anon' });
    expect(result.statusCode).toBe(401);
  });
});
