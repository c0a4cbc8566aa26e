/**
 * The buyers' GitHub client within GitHub's limits (docs/operations.md, "Buyer deploys and
 * GitHub's limits"): `@octokit/rest` with `@octokit/plugin-throttling` and `@octokit/plugin-retry`.
 *
 * - Throttling spaces one buyer's content-creating requests (POST, PATCH, PUT, DELETE) at least
 *   GITHUB_WRITE_INTERVAL_MS apart (1 s by default, as GitHub advises), which alone keeps a client
 *   under the 80-a-minute secondary limit, and one request at a time.
 * - A 403 or 429 that says a secondary limit was hit, or a primary limit at 0 remaining, is
 *   retried after the time GitHub gives (`retry-after`, or `x-ratelimit-reset`), as long as the
 *   wait fits what a step can spend: LIMIT_WAIT. A longer wait reaches the caller as the error,
 *   which the deploy steps turn into GithubRateLimitedError for the state machine to retry later.
 * - 5xx and dropped connections are retried twice (1 s, then 4 s); 4xx never (429 is the
 *   throttler's).
 *
 * Loaded on first use by the adapter, so functions that never write to GitHub never load it.
 */
import { createHash } from 'node:crypto';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import Bottleneck from 'bottleneck/light.js';
import { TASK_CALL_TIMEOUT_MS } from '../../../contract/third-parties';
import { config } from '../config';
import { fetchWithTimeout } from './unavailable';

/**
 * What one client may wait for GitHub's limits: each wait, all waits together, and retries of one
 * request. The buyer-deploy steps run in a 9-minute function whose content requests alone may take
 * a few minutes at one a second; 3 minutes of waiting leaves that room.
 */
export const LIMIT_WAIT = { eachSeconds: 60, totalSeconds: 180, retries: 3 };

const ThrottledOctokit = Octokit.plugin(throttling, retry);

const writeGroups = new Map<number, Bottleneck.Group>();

/** The throttler's spacing of writes when the configuration asks for another than its own 1 s. */
const writeGroup = (interval = config().GITHUB_WRITE_INTERVAL_MS): Bottleneck.Group | undefined => {
  if (interval === undefined) return undefined;
  let group = writeGroups.get(interval);
  if (!group) {
    group = new Bottleneck.Group({ maxConcurrent: 1, minTime: interval, timeout: 120_000 });
    writeGroups.set(interval, group);
  }
  return group;
};

/** Says whether to wait `retryAfter` seconds and retry, within LIMIT_WAIT; counts the wait. */
export const limitWaitPolicy = () => {
  let waited = 0;
  return (retryAfter: number, retryCount: number): boolean => {
    if (retryCount >= LIMIT_WAIT.retries || retryAfter > LIMIT_WAIT.eachSeconds) return false;
    if (waited + retryAfter > LIMIT_WAIT.totalSeconds) return false;
    waited += retryAfter;
    return true;
  };
};

export const buyerOctokit = (options: {
  baseUrl: string;
  auth: string;
  log: Record<'debug' | 'info' | 'warn' | 'error', () => void>;
  /** Instead of GITHUB_WRITE_INTERVAL_MS (tests against a server of their own). */
  writeIntervalMs?: number;
  /** Each request's deadline (an API request: GitHub's budget); else a task's two minutes. */
  timeoutMs?: number;
  /** Retries of a 5xx or a dropped connection (an API request: none); else two. */
  retries?: number;
}): Octokit => {
  const { writeIntervalMs, timeoutMs = TASK_CALL_TIMEOUT_MS, retries = 2, ...client } = options;
  const shouldWait = limitWaitPolicy();
  const write = writeGroup(writeIntervalMs);
  return new ThrottledOctokit({
    ...client,
    request: { fetch: fetchWithTimeout(timeoutMs) },
    throttle: {
      // One buyer's requests are spaced together, whichever client of theirs sends them; the
      // token itself never becomes a key.
      id: createHash('sha256').update(client.auth).digest('hex').slice(0, 16),
      ...(write ? { write } : {}),
      onSecondaryRateLimit: (retryAfter, _options, _octokit, retryCount) =>
        shouldWait(retryAfter, retryCount),
      onRateLimit: (retryAfter, _options, _octokit, retryCount) =>
        shouldWait(retryAfter, retryCount),
    },
    retry: {
      retries,
      retryAfterBaseValue: config().GITHUB_RETRY_BASE_MS,
      doNotRetry: [400, 401, 403, 404, 409, 410, 422, 429, 451],
    },
  });
};
