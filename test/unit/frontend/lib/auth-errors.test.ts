import { describe, expect, it } from 'vitest';
import { describeAuthError, GENERIC_AUTH_ERROR } from '../../../../frontend/src/lib/auth-errors';

/** Amplify's AuthError carries the Cognito exception name in `name`. */
const cognitoError = (name: string) => Object.assign(new Error('service message'), { name });

describe('describeAuthError', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect email or password.'],
    ['UserNotFoundException', 'Incorrect email or password.'],
    ['UsernameExistsException', 'An account with this email already exists.'],
    ['CodeMismatchException', 'Invalid verification code, please try again.'],
    // The user pool's web ACL refusing a sign-up (production's rate limits).
    [
      'ForbiddenException',
      'Too many requests from your network right now. Please try again in a few minutes.',
    ],
  ])('maps %s to the readable text', (name, message) => {
    expect(describeAuthError(cognitoError(name))).toEqual({ kind: 'message', message });
  });

  it('sends an unconfirmed account to the confirmation step', () => {
    expect(describeAuthError(cognitoError('UserNotConfirmedException'))).toEqual({
      kind: 'unconfirmed',
    });
  });

  it('falls back to the generic text and never shows raw service messages', () => {
    expect(describeAuthError(cognitoError('InvalidLambdaResponseException'))).toEqual({
      kind: 'message',
      message: GENERIC_AUTH_ERROR,
    });
    expect(describeAuthError('boom')).toEqual({ kind: 'message', message: 'An error occurred' });
    expect(describeAuthError(null)).toEqual({ kind: 'message', message: 'An error occurred' });
  });
});

describe('describeAuthError during sign-in', () => {
  it("reads cognito-local's InvalidPasswordException as a wrong password on sign-in only", () => {
    const error = cognitoError('InvalidPasswordException');
    expect(describeAuthError(error, 'signIn')).toEqual({
      kind: 'message',
      message: 'Incorrect email or password.',
    });
    expect(describeAuthError(error)).toEqual({
      kind: 'message',
      message: 'Password must be at least 6 characters',
    });
  });
});
