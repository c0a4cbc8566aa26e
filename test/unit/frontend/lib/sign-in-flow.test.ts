/**
 * Sign-in's flow follows where the site runs (SRP in the cloud, USER_PASSWORD_AUTH only against
 * the local stack), and an account with an authenticator app gets the TOTP step. Amplify is
 * mocked at its module boundary.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({
  configure: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  mode: 'cloud' as 'cloud' | 'local',
}));

vi.mock('aws-amplify', () => ({ Amplify: { configure: amplify.configure } }));
vi.mock('aws-amplify/auth', () => ({
  signIn: amplify.signIn,
  confirmSignIn: amplify.confirmSignIn,
}));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn() } }));
vi.mock('../../../../frontend/src/lib/runtime-config', () => ({
  getRuntimeConfig: () => ({
    mode: amplify.mode,
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userPoolClientId: 'client',
    apiBaseUrl: '/api',
    betaAccess: false,
    launchAt: '2025-08-01T00:00:00Z',
    paymentsMode: 'stripe',
  }),
}));

const { authFlowTypeFor } = await import('../../../../frontend/src/lib/amplify');
const { confirmTotpCode, signInWithPassword } =
  await import('../../../../frontend/src/lib/sign-up-flow');
const { AUTH_TIME_LIMIT_MS, AUTH_UNREACHABLE_MESSAGE, AuthServiceTimeoutError, authErrorMessage } =
  await import('../../../../frontend/src/lib/auth-errors');

const signedIn = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
const credentials = { email: 'ada@example.com', password: 'secret1' };

beforeEach(() => {
  amplify.signIn.mockReset().mockResolvedValue(signedIn);
  amplify.confirmSignIn.mockReset().mockResolvedValue(signedIn);
});

describe('the sign-in flow', () => {
  it('is SRP in the cloud and a plain password only locally', () => {
    expect(authFlowTypeFor('cloud')).toBe('USER_SRP_AUTH');
    expect(authFlowTypeFor('local')).toBe('USER_PASSWORD_AUTH');
  });

  it.each([
    ['cloud', 'USER_SRP_AUTH'],
    ['local', 'USER_PASSWORD_AUTH'],
  ] as const)('signs in with %s config using %s', async (mode, flow) => {
    amplify.mode = mode;
    await expect(signInWithPassword(credentials)).resolves.toBe('signedIn');
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: credentials.email,
      password: credentials.password,
      options: { authFlowType: flow },
    });
  });
});

describe('the authenticator app step', () => {
  it('asks for the TOTP code when Cognito does, then confirms it without spaces', async () => {
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    await expect(signInWithPassword(credentials)).resolves.toBe('confirmTotp');
    await confirmTotpCode(' 123 456 ');
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  it('passes a refused code on to the form', async () => {
    amplify.confirmSignIn.mockRejectedValue(
      Object.assign(new Error('bad'), { name: 'CodeMismatchException' }),
    );
    await expect(confirmTotpCode('000000')).rejects.toThrow('bad');
  });
});

describe('a sign-in service that does not answer', () => {
  it('is said in words once the time limit passes, instead of spinning', async () => {
    vi.useFakeTimers();
    try {
      // Accepted and never answered, as a paused user pool does.
      amplify.signIn.mockReturnValue(new Promise(() => undefined));
      const attempt = signInWithPassword(credentials).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(AUTH_TIME_LIMIT_MS);
      const failure = await attempt;
      expect(failure).toBeInstanceOf(AuthServiceTimeoutError);
      expect(authErrorMessage(failure, 'signIn')).toBe(
        "We can't reach the sign-in service right now. Try again in a minute.",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the same when the connection fails or Cognito answers that it is failing', () => {
    for (const name of ['NetworkError', 'InternalErrorException']) {
      expect(authErrorMessage(Object.assign(new Error('x'), { name }), 'signIn')).toBe(
        AUTH_UNREACHABLE_MESSAGE,
      );
    }
  });

  it('keeps an answer that comes within the limit', async () => {
    vi.useFakeTimers();
    try {
      amplify.signIn.mockReturnValue(
        new Promise((resolve) => setTimeout(() => resolve(signedIn), AUTH_TIME_LIMIT_MS - 1)),
      );
      const attempt = signInWithPassword(credentials);
      await vi.advanceTimersByTimeAsync(AUTH_TIME_LIMIT_MS - 1);
      await expect(attempt).resolves.toBe('signedIn');
    } finally {
      vi.useRealTimers();
    }
  });
});
