import { describe, expect, it } from 'vitest';
import { signInSchema } from '../../../../../frontend/src/features/auth/api/sign-in';
import {
  confirmResetSchema,
  requestResetSchema,
} from '../../../../../frontend/src/features/auth/api/reset-password';
import { signUpSchema } from '../../../../../frontend/src/features/auth/api/sign-up';
import {
  afterSignInPath,
  afterSignUpPath,
} from '../../../../../frontend/src/features/auth/lib/redirect';
import { credentialsSchema } from '../../../../../frontend/src/features/seller-application/lib/application-form';
import { confirmationCodeSchema } from '../../../../../frontend/src/lib/credential-fields';
import { errorsOf, validateForm } from '../../../../fixtures/form-validation';

describe('sign-in validation', () => {
  it.each([
    [{ email: '', password: 'secret1' }, { email: 'Email is required' }],
    [{ email: 'not-an-email', password: 'secret1' }, { email: 'Please enter a valid email' }],
    [{ email: 'a@b.co', password: '' }, { password: 'Password is required' }],
    [
      { email: 'a@b.co', password: '12345' },
      { password: 'Password must be at least 6 characters' },
    ],
  ])('%o gives %o', async (values, expected) => {
    expect(errorsOf(await validateForm(signInSchema, values))).toEqual(expected);
  });

  it('accepts valid credentials and trims the email', async () => {
    const result = await validateForm(signInSchema, { email: ' a@b.co ', password: '123456' });
    expect(result).toEqual({ ok: true, data: { email: 'a@b.co', password: '123456' } });
  });
});

describe('one sign-up, two wordings of a bad e-mail', () => {
  const typed = { email: 'not-an-email', password: '12345', confirmPassword: '54321' };

  it('says every problem of /auth at once', async () => {
    expect(errorsOf(await validateForm(signUpSchema, { ...typed, role: 'buyer' }))).toEqual({
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      errorsOf(
        await validateForm(signUpSchema, {
          email: 'a@b.co',
          password: 'secret1',
          confirmPassword: 'secret2',
          role: 'seller',
        }),
      ),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it("words the seller wizard's bad e-mail its own way ('Invalid email format'), with the same other rules", async () => {
    expect(errorsOf(await validateForm(credentialsSchema, typed))).toEqual({
      email: 'Invalid email format',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      errorsOf(
        await validateForm(credentialsSchema, { ...typed, email: '', confirmPassword: '12345' }),
      ),
    ).toEqual({ email: 'Email is required', password: 'Password must be at least 6 characters' });
  });
});

describe('password reset validation', () => {
  it('asks for the email first with the product’s text', async () => {
    expect(errorsOf(await validateForm(requestResetSchema, { email: '' }))).toEqual({
      email: 'Please enter your email address to reset your password.',
    });
    expect(errorsOf(await validateForm(requestResetSchema, { email: 'x' }))).toEqual({
      email: 'Please enter a valid email',
    });
  });

  it('checks the code, the new password and that both passwords match', async () => {
    expect(
      errorsOf(
        await validateForm(confirmResetSchema, {
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
        await validateForm(confirmResetSchema, {
          code: '123456',
          newPassword: 'abcdef',
          confirmPassword: 'abcdeg',
        }),
      ),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('wants a 6-digit confirmation code', async () => {
    expect((await validateForm(confirmationCodeSchema, { code: '12a456' })).ok).toBe(false);
    expect((await validateForm(confirmationCodeSchema, { code: ' 123456 ' })).ok).toBe(true);
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

describe('afterSignUpPath', () => {
  it('sends a new seller into the application, whatever page sent them', () => {
    expect(afterSignUpPath('seller', null)).toBe('/seller-signup');
    expect(afterSignUpPath('seller', { from: '/pricing' })).toBe('/seller-signup');
  });

  it('sends a new buyer back where they came from, or else to the first steps', () => {
    expect(afterSignUpPath('buyer', { from: '/mvp/01ABC' })).toBe('/mvp/01ABC');
    expect(afterSignUpPath('buyer', null)).toBe('/welcome');
    expect(afterSignUpPath('buyer', { from: '/signup' })).toBe('/welcome');
  });
});
