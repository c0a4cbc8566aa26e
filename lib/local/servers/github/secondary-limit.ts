/**
 * GitHub's secondary rate limit on content-creating requests, as GitHub documents it: at most 80
 * a minute and 500 an hour per credential, counted over the last minute and the last hour. A
 * request past either is refused with GitHub's answer: 403 (or 429, which GitHub also sends) with
 * its message, `retry-after` in seconds until the window has room again, and the request not
 * carried out. Refused requests are not counted.
 *
 * Content-creating: POST, PATCH, PUT and DELETE on the REST API (repositories, contents, blobs,
 * trees, commits, refs, pulls, hooks, keys), but not the exchange of a token. The counts and
 * settings live in memory; `/_local/reset` empties the counts and restores the settings the
 * server started with. Tests shorten the windows (`minuteMs`, `hourMs`) to stay fast.
 */
import { randomBytes } from 'node:crypto';
import { GithubApiError } from './http';

export interface SecondaryLimitSettings {
  enabled: boolean;
  perMinute: number;
  perHour: number;
  /** The "minute" and the "hour": 60,000 and 3,600,000 ms unless a test shortens them. */
  minuteMs: number;
  hourMs: number;
  /** The status of a refusal: GitHub answers 403 or 429. */
  status: 403 | 429;
}

export const DOCUMENTED_SECONDARY_LIMIT: SecondaryLimitSettings = {
  enabled: true,
  perMinute: 80,
  perHour: 500,
  minuteMs: 60_000,
  hourMs: 3_600_000,
  status: 403,
};

const DOCS =
  'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits';

const CONTENT_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Whether GitHub counts the request as content-creating. */
export const createsContent = (method: string, path: string): boolean =>
  CONTENT_METHODS.has(method) && !/^\/app\/installations\/[^/]+\/access_tokens$/.test(path);

/** GitHub's request ids look like `C0DE:1A2B:3C4D5E:6F7A8B:65A1B2C3`. */
const requestId = () =>
  [2, 2, 3, 3, 4].map((bytes) => randomBytes(bytes).toString('hex').toUpperCase()).join(':');

export interface SecondaryLimiter {
  readonly settings: SecondaryLimitSettings;
  configure(change: Partial<SecondaryLimitSettings>): SecondaryLimitSettings;
  /** Counts one content-creating request of `credential`, or throws GitHub's refusal. */
  admit(credential: string, now?: number): void;
  /** Requests admitted and refused since the last reset, over every credential. */
  usage(): { admitted: number; refused: number };
  reset(): void;
}

export const createSecondaryLimiter = (
  initial: Partial<SecondaryLimitSettings> | false = {},
): SecondaryLimiter => {
  const startWith = (): SecondaryLimitSettings =>
    initial === false
      ? { ...DOCUMENTED_SECONDARY_LIMIT, enabled: false }
      : { ...DOCUMENTED_SECONDARY_LIMIT, ...initial };
  let settings = startWith();
  const seen = new Map<string, number[]>();
  let admitted = 0;
  let refused = 0;
  const refuse = (waitMs: number) => {
    refused += 1;
    const id = requestId();
    return new GithubApiError(
      settings.status,
      `You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ${id}.`,
      undefined,
      DOCS,
      {
        'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
        'x-github-request-id': id,
      },
    );
  };
  return {
    get settings() {
      return settings;
    },
    configure: (change) => {
      settings = { ...settings, ...change };
      return settings;
    },
    admit: (credential, now = Date.now()) => {
      if (!settings.enabled) return;
      const times = (seen.get(credential) ?? []).filter((time) => time > now - settings.hourMs);
      seen.set(credential, times);
      const inMinute = times.filter((time) => time > now - settings.minuteMs);
      // The wait is until the oldest request of the full window leaves it.
      if (inMinute.length >= settings.perMinute)
        throw refuse(inMinute[inMinute.length - settings.perMinute]! + settings.minuteMs - now);
      if (times.length >= settings.perHour)
        throw refuse(times[times.length - settings.perHour]! + settings.hourMs - now);
      times.push(now);
      admitted += 1;
    },
    usage: () => ({ admitted, refused }),
    reset: () => {
      seen.clear();
      admitted = 0;
      refused = 0;
      settings = startWith();
    },
  };
};
