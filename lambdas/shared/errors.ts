/**
 * The domain errors every Lambda throws. They carry no HTTP types: the one error mapper
 * (`http/error-mapper.ts`) turns them into status codes with `instanceof`, so services stay free of
 * transport concerns and a new error class is one line there.
 */
import {
  THIRD_PARTY_READ_MESSAGES,
  THIRD_PARTY_RETRY_SAFE_MESSAGES,
  THIRD_PARTY_UNAVAILABLE_MESSAGES,
  type ThirdParty,
} from '../../contract/third-parties';

/** Base class, so the mapper can tell our errors from the runtime's. */
export abstract class DomainError extends Error {
  protected constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input that breaks a rule; `fields` maps a field name to its message. */
export class ValidationError extends DomainError {
  readonly fields: Record<string, string>;

  constructor(message: string, fields: Record<string, string> = {}) {
    super(message);
    this.fields = fields;
  }
}

/** No verified identity where one is needed. */
export class UnauthorizedError extends DomainError {
  constructor(message = 'Unauthorized') {
    super(message);
  }
}

/** A verified identity without the right to do this. */
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** The request conflicts with the current state (a duplicate, a lost race). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** The request is understood but its target cannot be processed (e.g. a binary file as text). */
export class UnprocessableError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** A limit per period is reached (e.g. the daily download limit); retry after it resets. */
export class TooManyRequestsError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** The answer would be larger than one response may be (an export); the message says what to do. */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

export const SERVICE_UNAVAILABLE_MESSAGE =
  'The marketplace is temporarily unavailable. Please try again in a minute.';

/** A service we depend on (the database, storage) did not answer in time; retrying later helps. */
export class ServiceUnavailableError extends DomainError {
  constructor(message = SERVICE_UNAVAILABLE_MESSAGE) {
    super(message);
  }
}

/**
 * A third party (Stripe, GitHub, Netlify, Amazon SES) did not answer within its budget
 * (contract/third-parties.ts), refused the connection or answered with its own 5xx: 503 with the
 * one message of that service, which names it and says nothing was charged or changed.
 */
export class ThirdPartyUnavailableError extends ServiceUnavailableError {
  constructor(
    readonly service: ThirdParty,
    /**
     * `retrySafe`: the call moves money or changes something and may have been done before its
     * answer was lost; the message then says trying again is safe instead of "nothing was
     * charged". `reading`: the request only reads (a GET), so nothing is said about changes.
     */
    options?: { cause?: unknown; retrySafe?: boolean; reading?: boolean },
  ) {
    super(
      (options?.reading
        ? THIRD_PARTY_READ_MESSAGES
        : options?.retrySafe
          ? THIRD_PARTY_RETRY_SAFE_MESSAGES
          : THIRD_PARTY_UNAVAILABLE_MESSAGES)[service],
    );
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * A third party (Stripe, GitHub, Netlify) answered but refused or failed what we asked: the
 * caller gets 502 with our message (never the provider's raw error, which may name accounts).
 */
export class DependencyFailedError extends DomainError {
  constructor(message: string) {
    super(message);
  }
}

/** Network-level failure codes of Node sockets: the other side is down or unreachable. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** AWS error names that mean "the service is there but cannot serve you right now". */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'SlowDown',
]);

/**
 * True when `error` (after the SDK's own retries) says a dependency is down, slow or throttling,
 * rather than that our request or code is wrong: the caller gets 503 "temporarily unavailable",
 * not a 500 or a hang.
 */
export const isDependencyUnavailable = (error: unknown): boolean => {
  if (error instanceof ServiceUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, cause } = error as { name?: string; code?: string; cause?: unknown };
  if (name && UNAVAILABLE_NAMES.has(name)) return true;
  if (code && UNREACHABLE_CODES.has(code)) return true;
  // The SDK wraps socket errors; some carry the system error as `cause`.
  return cause !== undefined && cause !== error && isDependencyUnavailable(cause);
};

/**
 * A transaction was refused: `item` names the first item that failed (its name among the
 * transaction's items, never its position), with DynamoDB's cancellation code. Not a failure of
 * the caller's request: services decide what it means (a status that moved meanwhile is a 409).
 */
export class TransactionRefusedError extends Error {
  constructor(
    readonly item: string,
    readonly code: string | undefined,
  ) {
    super(`Transaction refused at ${item} (${code ?? 'unknown'}).`);
    this.name = 'TransactionRefusedError';
  }
}

/**
 * A failure that may pass by itself (throttling, a 5xx, a dropped connection, a lost race): the
 * Step Functions tasks throw it so that their state machine's Retry runs the step again.
 */
export class TransientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientError';
  }
}
