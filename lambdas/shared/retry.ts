/**
 * One way to try a piece of work again: a bounded number of attempts, a jittered pause between
 * them, and an explicit decision of which outcomes go round again. Two kinds of outcome do:
 *
 * - the attempt returns `RETRY`: it saw a lost race without an error (a transaction refused on a
 *   condition or cancelled by a conflict, an item changed since it was read) and wants to start
 *   again from a fresh read;
 * - the attempt throws an error that `retryOn` accepts (a network failure, a throttled request).
 *
 * Any other error is thrown to the caller at once, and any other value is the answer. When the
 * last attempt still asks for another, the caller's `exhausted` error is thrown, so each caller
 * keeps naming what failed in its own words.
 */

/** What an attempt returns to be tried again: a lost race, not a failure. */
export const RETRY: unique symbol = Symbol('retry');
export type Retry = typeof RETRY;

export interface RetryOptions {
  /** Attempts in all, the first one included (at least 1). */
  attempts: number;
  /**
   * The longest pause before the second attempt; each later one may be `multiplier` times longer.
   * Each pause is a random time between zero and that bound ("full jitter"), so callers that lost
   * the same race do not collide again. 0: no pause (a re-read after a lost condition may go on at
   * once, the fresh read is what it needed).
   */
  baseDelayMs: number;
  /** No pause is ever longer than this. */
  maxDelayMs?: number;
  /** How much the bound grows from one pause to the next (2 unless given). */
  multiplier?: number;
  /** Whether a thrown error gets another attempt; without it, no error does. */
  retryOn?: (error: unknown, attempt: number) => boolean;
  /**
   * The error thrown when the attempts run out: a message (the last error, if any, becomes its
   * cause) or a function of the last attempt's error (undefined when it returned `RETRY`).
   */
  exhausted: string | ((lastError: unknown) => Error);
  /** For unit tests only: the pause and the random number behind the jitter. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * The bound of the first pause after a transaction collided with another one on the same items
 * (`TransactionConflict`): the other one is done within tens of milliseconds.
 */
export const CONFLICT_DELAY_MS = 80;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The bound of the pause after attempt `attempt` failed (1 for the first). */
export const retryDelayBound = (
  options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'multiplier'>,
  attempt: number,
): number =>
  Math.min(
    options.maxDelayMs ?? Number.POSITIVE_INFINITY,
    options.baseDelayMs * (options.multiplier ?? 2) ** (attempt - 1),
  );

/** For `exhausted` when the caller throws the last error itself, as it was. */
export const lastErrorItself = (lastError: unknown): Error =>
  lastError instanceof Error ? lastError : new Error(String(lastError));

/**
 * `work(attempt)` (attempt 1, 2, …) until it returns something other than `RETRY` or throws an
 * error `retryOn` does not accept, at most `attempts` times; see the module's comment.
 */
export const retry = async <T>(
  work: (attempt: number) => Promise<T | Retry>,
  options: RetryOptions,
): Promise<T> => {
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    let lastError: unknown;
    try {
      const outcome = await work(attempt);
      if (outcome !== RETRY) return outcome;
    } catch (error) {
      if (!options.retryOn?.(error, attempt)) throw error;
      lastError = error;
    }
    if (attempt >= options.attempts) {
      throw typeof options.exhausted === 'string'
        ? new Error(options.exhausted, lastError === undefined ? {} : { cause: lastError })
        : options.exhausted(lastError);
    }
    const bound = retryDelayBound(options, attempt);
    if (bound > 0) await sleep(random() * bound);
  }
};
