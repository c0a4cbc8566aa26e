import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTINGS_MESSAGES } from '../../../../contract/site-settings';
import { checkLiveSite, logTailOf } from '../../../../lambdas/deployments/steps/live-check';

/** Sites by path prefix: each answers its paths as a table says (status and content type). */
type Answer = { status: number; type: string; body: string };
const sites: Record<string, Record<string, Answer>> = {
  built: {
    '/': { status: 200, type: 'text/html; charset=utf-8', body: '<h1>Built</h1>' },
  },
  // A single-page app answers every path with its index.html: not the repository's file.
  spa: {
    '*': { status: 200, type: 'text/html', body: '<div id="root"></div>' },
  },
  leaky: {
    '/': { status: 200, type: 'text/html', body: '<h1>Root</h1>' },
    '/package.json': { status: 200, type: 'application/json', body: '{}' },
  },
  readme: {
    '/': { status: 200, type: 'text/html', body: '<h1>Root</h1>' },
    '/README.md': { status: 200, type: 'text/markdown', body: '# Repo' },
  },
  missing: {},
  json: { '/': { status: 200, type: 'application/json', body: '[]' } },
};

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    const [, site, ...rest] = (request.url ?? '/').split('/');
    const path = `/${rest.join('/')}`;
    const table = sites[site ?? ''] ?? {};
    const answer = table[path] ??
      table['*'] ?? { status: 404, type: 'text/html', body: 'Not Found' };
    response.writeHead(answer.status, { 'content-type': answer.type });
    response.end(answer.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('checkLiveSite', () => {
  it('is live when the root answers a page and no repository file is public', async () => {
    await expect(checkLiveSite(`${base}/built/`, { publish_dir: 'dist' })).resolves.toEqual({
      live: true,
    });
    await expect(checkLiveSite(`${base}/spa/`, { publish_dir: 'dist' })).resolves.toEqual({
      live: true,
    });
  });

  it('is not live, and asks again, while the address answers 404', async () => {
    await expect(checkLiveSite(`${base}/missing/`, undefined)).resolves.toEqual({
      live: false,
      retry: true,
      reason: SITE_SETTINGS_MESSAGES.siteNotServing(404),
    });
  });

  it("is never live when the repository's files are served", async () => {
    await expect(checkLiveSite(`${base}/leaky/`, { publish_dir: 'dist' })).resolves.toEqual({
      live: false,
      reason: SITE_SETTINGS_MESSAGES.siteServesRepository('package.json'),
    });
    await expect(checkLiveSite(`${base}/readme/`, { publish_dir: 'dist' })).resolves.toMatchObject({
      live: false,
    });
    // A static template published from its root: its README is one of its pages.
    await expect(checkLiveSite(`${base}/readme/`, { publish_dir: '.' })).resolves.toEqual({
      live: true,
    });
  });

  it('is not live when the root is no web page, or nothing answers', async () => {
    await expect(checkLiveSite(`${base}/json/`, undefined)).resolves.toEqual({
      live: false,
      reason: SITE_SETTINGS_MESSAGES.siteNotHtml,
    });
    await expect(checkLiveSite('http://127.0.0.1:9/', undefined)).resolves.toMatchObject({
      live: false,
      retry: true,
      reason: SITE_SETTINGS_MESSAGES.siteUnreachable,
    });
  });
});

describe('logTailOf', () => {
  it('keeps the last 20 lines without credentials', () => {
    const log = [
      ...Array.from({ length: 30 }, (_, index) => `line ${index}`),
      'Cloning https://x-access-token:ghs_abcdefghijklmnop@github.com/a/b.git',
      'token ghp_0123456789abcdefABCDEF and key sk_live_51Habc and nfp_secretvalue',
      'Authorization: Bearer eyJhbGciOi.payload.sig',
      'AWS AKIAABCDEFGHIJKLMNOP',
    ].join('\n');
    const tail = logTailOf(log)!;
    expect(tail.split('\n')).toHaveLength(20);
    expect(tail).not.toContain('line 13');
    expect(tail).toContain('line 14');
    for (const secret of [
      'ghs_abcdefghijklmnop',
      'ghp_0123456789',
      'sk_live_51Habc',
      'nfp_secretvalue',
      'eyJhbGciOi',
      'AKIAABCDEFGHIJKLMNOP',
    ]) {
      expect(tail).not.toContain(secret);
    }
    expect(tail).toContain('https://***@github.com/a/b.git');
  });

  it('is nothing for an empty log, and at most 2,000 characters', () => {
    expect(logTailOf('')).toBeUndefined();
    expect(logTailOf(null)).toBeUndefined();
    expect(logTailOf('x'.repeat(5000))!.length).toBe(2000);
  });
});
