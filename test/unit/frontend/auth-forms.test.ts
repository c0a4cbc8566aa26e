import { describe, expect, it } from 'vitest';
import { validateFields } from '../../../frontend/src/lib/form-errors';
import { signInSchema } from '../../../frontend/src/features/auth/api/sign-in';
import {
  confirmResetSchema,
  requestResetSchema,
} from '../../../frontend/src/features/auth/api/reset-password';
import { confirmSignUpSchema } from '../../../frontend/src/features/auth/api/confirm-sign-up';
import { afterSignInPath } from '../../../frontend/src/features/auth/lib/redirect';

const errorsOf = (result: ReturnType<typeof validateFields>) => (result.ok ? {} : result.errors);

describe('sign-in validation (buyer spec §5)', () => {
  it.each([
    [{ email: '', password: 'secret1' }, { email: 'Email is required' }],
    [{ email: 'not-an-email', password: 'secret1' }, { email: 'Please enter a valid email' }],
    [{ email: 'a@b.co', password: '' }, { password: 'Password is required' }],
    [
      { email: 'a@b.co', password: '12345' },
      { password: 'Password must be at least 6 characters' },
    ],
  ])('%o gives %o', (values, expected) => {
    expect(errorsOf(validateFields(signInSchema, values))).toEqual(expected);
  });

  it('accepts valid credentials and trims the email', () => {
    const result = validateFields(signInSchema, { email: ' a@b.co ', password: '123456' });
    expect(result).toEqual({ ok: true, data: { email: 'a@b.co', password: '123456' } });
  });
});

describe('password reset validation', () => {
  it('asks for the email first with the spec text', () => {
    expect(errorsOf(validateFields(requestResetSchema, { email: '' }))).toEqual({
      email: 'Please enter your email address to reset your password.',
    });
    expect(errorsOf(validateFields(requestResetSchema, { email: 'x' }))).toEqual({
      email: 'Please enter a valid email',
    });
  });

  it('checks the code, the new password and that both passwords match', () => {
    expect(
      errorsOf(
        validateFields(confirmResetSchema, {
          code: '',
          newPassword: '123',
          confirmPassword: '123',
        }),
      ),
    ).toEqual({
      code: 'Please enter the verification code',
      newPassword: 'Password must be at least 6 characters',
    });
    expect(
      errorsOf(
        validateFields(confirmResetSchema, {
          code: '123456',
          newPassword: 'abcdef',
          confirmPassword: 'abcdeg',
        }),
      ),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('wants a 6-digit confirmation code', () => {
    expect(validateFields(confirmSignUpSchema, { code: '12a456' }).ok).toBe(false);
    expect(validateFields(confirmSignUpSchema, { code: ' 123456 ' }).ok).toBe(true);
  });
});

describe('afterSignInPath', () => {
  it('returns to the page the person came from', () => {
    expect(afterSignInPath({ from: '/mvp/01ABC?x=1' })).toBe('/mvp/01ABC?x=1');
  });

  it('falls back to /mvps for no state, other sites and the auth screen itself', () => {
    expect(afterSignInPath(null)).toBe('/mvps');
    expect(afterSignInPath({ from: 'https://evil.example' })).toBe('/mvps');
    expect(afterSignInPath({ from: '//evil.example' })).toBe('/mvps');
    expect(afterSignInPath({ from: '/signup?x' })).toBe('/mvps');
  });
});
