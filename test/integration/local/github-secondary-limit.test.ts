/**
 * The local GitHub server's secondary limit on content-creating requests
 * (lib/local/servers/github/secondary-limit.ts): on by default at GitHub's documented 80 a minute
 * and 500 an hour; past it, GitHub's 403 with its message and `retry-after`, the request not
 * carried out; counted per token, never for reads or a token exchange; configurable through the
 * options and `/_local/secondary-limit`, and `/_local/reset` restores the start's settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGithub, type LocalGithub } from '../../../lib/local/servers/github/index';

let github: LocalGithub;

beforeAll(async () => {
  github = await startLocalGithub({ port: 0 });
});

afterAll(async () => {
  await github.stop();
});

const api = (token: string, method: string, path: string, body?: object) =>
  fetch(`${github.endpoint}${path}`, {
    method,
    headers: {
      authorization: `token ${token}`,
      accept: 'application/vnd.github+json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const userToken = async (login: string) => {
  await github.control.createUser({ login });
  return github.control.createToken(login, ['repo']);
};

describe('secondary limit', () => {
  it("starts at GitHub's documented figures", async () => {
    expect((await github.control.secondaryLimit()).settings).toEqual({
      enabled: true,
      per_minute: 80,
      per_hour: 500,
      minute_ms: 60_000,
      hour_ms: 3_600_000,
      status: 403,
    });
  });

  it("refuses content past the limit with GitHub's 403 and retry-after, per token; reads pass", async () => {
    await github.control.secondaryLimit({ per_minute: 2, minute_ms: 30_000, per_hour: 100 });
    const token = await userToken('limit-owner');
    expect((await api(token, 'POST', '/user/repos', { name: 'one', auto_init: true })).status).toBe(
      201,
    );
    const blob = { content: 'hello', encoding: 'utf-8' };
    expect((await api(token, 'POST', '/repos/limit-owner/one/git/blobs', blob)).status).toBe(201);
    const refused = await api(token, 'POST', '/repos/limit-owner/one/git/blobs', blob);
    expect(refused.status).toBe(403);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
    const body = (await refused.json()) as Record<string, string>;
    expect(body.message).toMatch(
      /^You have exceeded a secondary rate limit\. Please wait a few minutes before you try again\./,
    );
    expect(body.documentation_url).toContain('secondary-rate-limits');
    expect(body.status).toBe('403');
    // Reads are not content; another token has its own count.
    expect((await api(token, 'GET', '/repos/limit-owner/one')).status).toBe(200);
    const other = await userToken('limit-other');
    expect((await api(other, 'POST', '/user/repos', { name: 'two' })).status).toBe(201);
    expect((await github.control.secondaryLimit()).usage).toEqual({ admitted: 3, refused: 1 });
  });

  it('counts the hour too, answers 429 when told, and reset restores the defaults', async () => {
    await github.control.reset();
    await github.control.secondaryLimit({ per_minute: 50, per_hour: 1, status: 429 });
    const token = await userToken('limit-hour');
    expect((await api(token, 'POST', '/user/repos', { name: 'h' })).status).toBe(201);
    const refused = await api(token, 'POST', '/user/repos', { name: 'h2' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_500);
    // Not carried out.
    expect((await api(token, 'GET', '/repos/limit-hour/h2')).status).toBe(404);
    await expect(github.control.secondaryLimit({ status: 500 as 429 })).rejects.toThrow(
      /403 or 429/,
    );
    await github.control.reset();
    expect((await github.control.secondaryLimit()).settings).toMatchObject({
      per_hour: 500,
      status: 403,
    });
    expect((await github.control.secondaryLimit()).usage).toEqual({ admitted: 0, refused: 0 });
  });
});
