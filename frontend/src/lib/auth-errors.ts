/**
 * Cognito's error names to the texts a person reads. Amplify surfaces service errors as
 * `AuthError` objects whose `name` is the Cognito exception name, so the name is the only stable
 * discriminator here.
 */
import { passwordTooShortMessage } from './credential-fields';

export const GENERIC_AUTH_ERROR = 'An error occurred';

/** The sign-in service did not answer (in time, or at all), or answered that it is failing. */
export const AUTH_UNREACHABLE_MESSAGE =
  "We can't reach the sign-in service right now. Try again in a minute.";

/**
 * How long one call of the sign-in service may take before the form says it does not answer.
 * Cognito answers in well under a second (SRP's two round trips included); Amplify has no time
 * limit of its own, so a service that accepts the connection and never answers would otherwise
 * keep the button spinning for good.
 */
export const AUTH_TIME_LIMIT_MS = 8_000;

/** No answer from the sign-in service within {@link AUTH_TIME_LIMIT_MS}. */
export class AuthServiceTimeoutError extends Error {
  constructor() {
    super(AUTH_UNREACHABLE_MESSAGE);
    this.name = 'AuthServiceTimeoutError';
  }
}

/**
 * `call`, or an {@link AuthServiceTimeoutError} when it has not settled within the limit. The call
 * itself cannot be cancelled (Amplify takes no signal); if it completes later, Amplify's own
 * events still sign the person in.
 */
export function withinAuthTimeLimit<T>(call: Promise<T>, limitMs = AUTH_TIME_LIMIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AuthServiceTimeoutError()), limitMs);
  });
  return Promise.race([call, limit]).finally(() => clearTimeout(timer));
}

const MESSAGES: Readonly<Record<string, string>> = {
  NotAuthorizedException: 'Incorrect email or password.',
  // Same text as a wrong password: telling them apart would reveal which emails have accounts.
  UserNotFoundException: 'Incorrect email or password.',
  UsernameExistsException: 'An account with this email already exists.',
  CodeMismatchException: 'Invalid verification code, please try again.',
  ExpiredCodeException: 'This code has expired. Please request a new one.',
  LimitExceededException: 'Too many attempts. Please wait a moment and try again.',
  TooManyRequestsException: 'Too many attempts. Please wait a moment and try again.',
  // The user pool's web ACL (production, docs/operations.md "Abuse protection") refused the call:
  // too many sign-ups, codes or resets from one address, or from everyone at once.
  ForbiddenException:
    'Too many requests from your network right now. Please try again in a few minutes.',
  // No answer in time, no connection (Amplify's name for a failed fetch), or Cognito failing.
  AuthServiceTimeoutError: AUTH_UNREACHABLE_MESSAGE,
  NetworkError: AUTH_UNREACHABLE_MESSAGE,
  InternalErrorException: AUTH_UNREACHABLE_MESSAGE,
  ServiceUnavailableException: AUTH_UNREACHABLE_MESSAGE,
};

/**
 * On sign-in, cognito-local reports a wrong password as InvalidPasswordException where Cognito
 * says NotAuthorizedException; both must read the same. Elsewhere (sign-up, new password) the
 * name means the password policy refused it.
 */
const SIGN_IN_MESSAGES: Readonly<Record<string, string>> = {
  InvalidPasswordException: 'Incorrect email or password.',
};

/** What the auth screen does with a failed call. */
export type AuthFailure = { kind: 'unconfirmed' } | { kind: 'message'; message: string };

const errorName = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : undefined;

/**
 * Maps an error thrown by Amplify Auth to the screen's reaction: an unconfirmed account moves to
 * the confirmation-code step, anything else becomes a readable message.
 */
export function describeAuthError(error: unknown, during?: 'signIn'): AuthFailure {
  const name = errorName(error);
  if (name === 'UserNotConfirmedException') return { kind: 'unconfirmed' };
  const message =
    name === undefined
      ? undefined
      : ((during === 'signIn' ? SIGN_IN_MESSAGES[name] : undefined) ??
        // The pool's own length (8 in production), as the forms say it.
        (name === 'InvalidPasswordException' ? passwordTooShortMessage() : MESSAGES[name]));
  return { kind: 'message', message: message ?? GENERIC_AUTH_ERROR };
}

/** The text of a failed call on a form where an unconfirmed account needs no step of its own. */
export function authErrorMessage(error: unknown, during?: 'signIn'): string {
  const failure = describeAuthError(error, during);
  return failure.kind === 'message' ? failure.message : GENERIC_AUTH_ERROR;
}
