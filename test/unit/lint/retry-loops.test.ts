/**
 * No hand-written retry loop under lambdas/: a loop counting its own attempts is reported by the
 * repository's ESLint config with the way to do it instead (lambdas/shared/retry.ts), everywhere
 * but in that helper; loops that only look alike (over items, over pages, a stored attempt count)
 * are left alone.
 */
import { describe, expect, it } from 'vitest';
import { useRepoLinter } from '../../fixtures/lint';

const lint = useRepoLinter();

/** The retry rule's messages for `code` linted as the file at `filePath`. */
const retryMessages = (filePath: string, code: string) =>
  lint('no-restricted-syntax', filePath, code);

const attemptLoop = `export const save = async (write: () => Promise<boolean>) => {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    if (await write()) return;
  }
  throw new Error('kept conflicting');
};
`;

describe('retry loops', () => {
  it.each([
    ['a for loop counting attempts', attemptLoop],
    [
      'a while loop counting tries',
      `export const save = async (write: () => Promise<boolean>) => {
  let tries = 0;
  while (tries < 3) {
    if (await write()) return;
    tries += 1;
  }
};
`,
    ],
    [
      'a loop counting retries from zero',
      `export const save = async (write: () => Promise<boolean>) => {
  for (let retries = 0; ; retries += 1) {
    if ((await write()) || retries > 2) return;
  }
};
`,
    ],
  ])('reports %s in a domain', async (_name, code) => {
    expect(await retryMessages('lambdas/reviews/probe.ts', code)).toEqual([
      'Retry with lambdas/shared/retry.ts',
    ]);
  });

  it('reports one in shared code too', async () => {
    expect(await retryMessages('lambdas/shared/db/probe.ts', attemptLoop)).toEqual([
      'Retry with lambdas/shared/retry.ts',
    ]);
  });

  it.each([
    'lambdas/downloads/spend.ts',
    'lambdas/downloads/tally.ts',
    'lambdas/billing/subscription-sync.ts',
    'lambdas/profiles/repo.ts',
  ])('reports one in %s, which retries through the helper now', async (filePath) => {
    expect(await retryMessages(filePath, attemptLoop)).toEqual([
      'Retry with lambdas/shared/retry.ts',
    ]);
  });

  it('allows the helper its own loop', async () => {
    expect(await retryMessages('lambdas/shared/retry.ts', attemptLoop)).toEqual([]);
  });

  it('leaves loops over items, pages and stored counts alone', async () => {
    const code = `export const walk = async (
  items: readonly string[],
  next: (cursor?: string) => Promise<string | undefined>,
  entry: { attempts: number },
) => {
  for (let index = 0; index < items.length; index += 1) void items[index];
  let cursor: string | undefined;
  do {
    cursor = await next(cursor);
  } while (cursor);
  while (entry.attempts < 3) entry.attempts += 1;
};
`;
    expect(await retryMessages('lambdas/notifications/probe.ts', code)).toEqual([]);
  });
});
