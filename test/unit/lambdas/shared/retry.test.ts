/**
 * The retry helper: bounded attempts, jittered pauses within their caps, the explicit decision of
 * which outcomes retry (a thrown error through `retryOn`, a lost race through `RETRY`), and the
 * caller's error once the attempts run out.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  RETRY,
  lastErrorItself,
  retry,
  retryDelayBound,
  type RetryOptions,
} from '../../../../lambdas/shared/retry';

/** Options whose pauses are recorded instead of waited. */
const recorded = (options: Partial<RetryOptions> & { random?: () => number } = {}) => {
  const pauses: number[] = [];
  return {
    pauses,
    options: {
      attempts: 4,
      baseDelayMs: 10,
      exhausted: 'Gave up',
      sleep: async (ms: number) => {
        pauses.push(ms);
      },
      random: () => 1,
      ...options,
    } satisfies RetryOptions,
  };
};

class Transient extends Error {}

describe('retry', () => {
  it('answers the first attempt that returns a value, without a pause', async () => {
    const { pauses, options } = recorded();
    const work = vi.fn(async () => 'done');
    await expect(retry(work, options)).resolves.toBe('done');
    expect(work).toHaveBeenCalledTimes(1);
    expect(work).toHaveBeenCalledWith(1);
    expect(pauses).toEqual([]);
  });

  it('goes round again on RETRY, numbering the attempts from 1', async () => {
    const { options } = recorded();
    const seen: number[] = [];
    const answer = await retry(async (attempt) => {
      seen.push(attempt);
      return attempt < 3 ? RETRY : `attempt ${attempt}`;
    }, options);
    expect(answer).toBe('attempt 3');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('makes at most `attempts` attempts, then throws the exhausted message', async () => {
    const { pauses, options } = recorded({ attempts: 3 });
    const work = vi.fn(async (): Promise<string | typeof RETRY> => RETRY);
    const failure = await retry(work, options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('Gave up');
    expect((failure as Error).cause).toBeUndefined();
    expect(work).toHaveBeenCalledTimes(3);
    // A pause between attempts, none after the last.
    expect(pauses).toHaveLength(2);
  });

  it('builds the exhausted error from the last error, or keeps it as the cause', async () => {
    const last = new Transient('third');
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw calls === 3 ? last : new Transient(`attempt ${calls}`);
    };
    const built = recorded({
      attempts: 3,
      retryOn: (error) => error instanceof Transient,
      exhausted: (error) => new Error(`kept failing: ${(error as Error).message}`),
    });
    await expect(retry(failing, built.options)).rejects.toThrow('kept failing: third');

    calls = 0;
    const described = recorded({ attempts: 3, retryOn: () => true, exhausted: 'Lookup failed' });
    const failure = (await retry(failing, described.options).catch((e: unknown) => e)) as Error;
    expect(failure.message).toBe('Lookup failed');
    expect(failure.cause).toBe(last);
  });

  it('gives the function no last error when the last attempt returned RETRY', async () => {
    const exhausted = vi.fn((_last: unknown) => new Error('conflicting'));
    const { options } = recorded({ attempts: 2, exhausted });
    let calls = 0;
    const work = async () => {
      calls += 1;
      if (calls === 1) throw new Transient('first');
      return RETRY;
    };
    await expect(retry(work, { ...options, retryOn: () => true })).rejects.toThrow('conflicting');
    expect(exhausted).toHaveBeenCalledWith(undefined);
  });

  it('throws an error retryOn refuses at once, with no pause and no further attempt', async () => {
    const { pauses, options } = recorded({ retryOn: (error) => error instanceof Transient });
    const refused = new Error('not found');
    const work = vi.fn(async () => {
      throw refused;
    });
    await expect(retry(work, options)).rejects.toBe(refused);
    expect(work).toHaveBeenCalledTimes(1);
    expect(pauses).toEqual([]);
  });

  it('retries no thrown error without retryOn', async () => {
    const { options } = recorded();
    const work = vi.fn(async () => {
      throw new Transient('once');
    });
    await expect(retry(work, options)).rejects.toThrow('once');
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('passes retryOn the error and its attempt, and stops when it says no', async () => {
    const decisions: [string, number][] = [];
    const { options } = recorded({
      attempts: 5,
      retryOn: (error, attempt) => {
        decisions.push([(error as Error).message, attempt]);
        return attempt < 2;
      },
    });
    let calls = 0;
    const work = async () => {
      calls += 1;
      throw new Transient(`failure ${calls}`);
    };
    await expect(retry(work, options)).rejects.toThrow('failure 2');
    expect(decisions).toEqual([
      ['failure 1', 1],
      ['failure 2', 2],
    ]);
  });

  it('lets a retried error end in a value', async () => {
    const { pauses, options } = recorded({ retryOn: () => true });
    let calls = 0;
    const answer = await retry(async () => {
      calls += 1;
      if (calls < 3) throw new Transient('not yet');
      return 42;
    }, options);
    expect(answer).toBe(42);
    expect(pauses).toHaveLength(2);
  });

  it('doubles the pause bound, caps it, and draws each pause below the bound', async () => {
    const top = recorded({ attempts: 6, baseDelayMs: 10, maxDelayMs: 50, random: () => 1 });
    await expect(retry(async () => RETRY, top.options)).rejects.toThrow('Gave up');
    expect(top.pauses).toEqual([10, 20, 40, 50, 50]);

    const none = recorded({ attempts: 3, random: () => 0 });
    await expect(retry(async () => RETRY, none.options)).rejects.toThrow('Gave up');
    expect(none.pauses).toEqual([0, 0]);

    const draws = [0.25, 0.5, 0.75];
    const half = recorded({ attempts: 4, baseDelayMs: 100, random: () => draws.shift()! });
    await expect(retry(async () => RETRY, half.options)).rejects.toThrow('Gave up');
    expect(half.pauses).toEqual([25, 100, 300]);
  });

  it('keeps real random pauses within their bounds', async () => {
    const pauses: number[] = [];
    const options: RetryOptions = {
      attempts: 8,
      baseDelayMs: 8,
      maxDelayMs: 200,
      exhausted: 'Gave up',
      sleep: async (ms) => {
        pauses.push(ms);
      },
    };
    for (let run = 0; run < 50; run += 1) {
      await expect(retry(async () => RETRY, options)).rejects.toThrow('Gave up');
    }
    pauses.forEach((ms, index) => {
      const bound = retryDelayBound(options, (index % 7) + 1);
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThanOrEqual(bound);
    });
    expect(pauses).toHaveLength(50 * 7);
    // Jitter, not a fixed pause: the draws differ.
    expect(new Set(pauses).size).toBeGreaterThan(100);
  });

  it('grows the bound by the multiplier given', () => {
    const options = { baseDelayMs: 200, multiplier: 4 };
    expect([1, 2, 3].map((attempt) => retryDelayBound(options, attempt))).toEqual([200, 800, 3200]);
  });

  it('never sleeps when the base delay is 0', async () => {
    const sleep = vi.fn(async () => undefined);
    await expect(
      retry(async () => RETRY, { attempts: 3, baseDelayMs: 0, exhausted: 'Gave up', sleep }),
    ).rejects.toThrow('Gave up');
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits for real by default', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const pending = retry(
        async () => {
          calls += 1;
          return calls === 1 ? RETRY : 'late';
        },
        { attempts: 2, baseDelayMs: 1_000, exhausted: 'Gave up', random: () => 0.5 },
      );
      await vi.advanceTimersByTimeAsync(499);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toBe('late');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('lastErrorItself', () => {
  it('keeps an Error as it is and wraps anything else', () => {
    const error = new Transient('kept');
    expect(lastErrorItself(error)).toBe(error);
    expect(lastErrorItself('text').message).toBe('text');
  });
});
