/**
 * The account fields of sign-in, sign-up and the seller wizard, with the product's messages. Sign-up
 * and the seller wizard (its step 1) word a malformed e-mail differently, so that one message is a
 * parameter; everything else is the same rule.
 */
import * as z from 'zod';
import { getRuntimeConfig } from './runtime-config';

/** The product's shortest password (the specification's 6). */
export const PRODUCT_PASSWORD_MIN_LENGTH = 6;

/**
 * The shortest password the user pool takes: the product's 6 unless `/config.json` says more
 * (production). Before the config is loaded (unit tests render forms without it), the product's.
 */
export const passwordMinLength = (): number => {
  try {
    return getRuntimeConfig().passwordMinLength ?? PRODUCT_PASSWORD_MIN_LENGTH;
  } catch (_notLoaded) {
    return PRODUCT_PASSWORD_MIN_LENGTH;
  }
};

/** "Password must be at least 6 characters", with the stack's length (8 in production). */
export const passwordTooShortMessage = (min = passwordMinLength()): string =>
  `Password must be at least ${min} characters`;

/** The password field's hint on sign-up, with the stack's length. */
export const passwordHint = (): string => `At least ${passwordMinLength()} characters.`;

/** Sign-in and sign-up's wording; the seller wizard says 'Invalid email format'. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email';

export const emailFieldWith = (invalidMessage: string) =>
  z.string().trim().min(1, 'Email is required').pipe(z.email(invalidMessage));

export const emailField = emailFieldWith(INVALID_EMAIL_MESSAGE);

export const passwordField = z
  .string()
  .min(1, 'Password is required')
  // Read when the form is checked: the length comes with /config.json, after this module loads.
  .refine((value) => value.length >= passwordMinLength(), {
    error: () => passwordTooShortMessage(),
  });

export const codeField = z
  .string()
  .trim()
  .min(1, 'Please enter the verification code')
  .regex(/^\d{6}$/, 'The verification code has 6 digits');

/** The e-mailed code that confirms a new account. */
export const confirmationCodeSchema = z.object({ code: codeField });

/** A new account's fields: e-mail, password, and the password again. */
export const newAccountFields = (invalidEmailMessage: string) => ({
  email: emailFieldWith(invalidEmailMessage),
  password: passwordField,
  confirmPassword: z.string(),
});

/** The check a new account's form adds: `.refine(...passwordsMatch)`. */
export const passwordsMatch: [
  check: (values: { password: string; confirmPassword: string }) => boolean,
  issue: { message: string; path: string[] },
] = [
  (values) => values.password === values.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
];
