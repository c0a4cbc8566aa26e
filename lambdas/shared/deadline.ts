/**
 * One time limit on a piece of work, for the budgets of our dependencies (third parties in
 * adapters/unavailable.ts, storage in storage/s3.ts, the health checks): `work` gets a signal that
 * aborts its requests at the deadline, and the caller gets `onTimeout()`'s error then, whether or
 * not the work has noticed.
 */
export const withinDeadline = async <T>(
  timeoutMs: number,
  onTimeout: () => Error,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> => {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(onTimeout());
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
};
