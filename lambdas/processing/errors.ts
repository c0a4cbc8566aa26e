/**
 * How the processing tasks classify errors for the state machine: a `TransientError` (shared,
 * since the GitHub and deployment tasks throw it too) is retried by every task's Retry
 * (state-machines/mvp-processing.asl.json); anything else goes straight to the Catch that
 * records `ipfs_pin_failed`.
 */
import { TransactionRefusedError, TransientError, isDependencyUnavailable } from '../shared/errors';

/** A pinning service refused the request for a reason retrying cannot fix (4xx). */
export class PinningServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PinningServiceError';
  }
}

/** Whether an AWS SDK or network error is worth retrying. */
export const isTransient = (error: unknown): boolean => {
  if (error instanceof TransientError || isDependencyUnavailable(error)) return true;
  const e = error as {
    name?: string;
    $retryable?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode ?? 0;
  return (
    Boolean(e.$retryable) ||
    status >= 500 ||
    status === 429 ||
    e.name === 'InternalError' ||
    // A lost race of two transactions: the next attempt sees the winner's state.
    e.name === 'TransactionConflictException' ||
    (error instanceof TransactionRefusedError && error.code === 'TransactionConflict')
  );
};

/** Rethrows `error` as a TransientError when it is one, so the state machine retries it. */
export const classifyError = (error: unknown, context: string): Error => {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const message = `${context}: ${(cause as Error).message ?? String(cause)}`;
  if (isTransient(error) || isTransient(cause)) return new TransientError(message, { cause });
  const wrapped = new Error(message, { cause });
  wrapped.name = (cause as Error).name || 'Error';
  return wrapped;
};
