/** The sign-in and sign-up fields with the spec's messages (buyer spec §5). */
import * as z from 'zod';

export const MIN_PASSWORD_LENGTH = 6;

export const emailField = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email'));

export const passwordField = z
  .string()
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters');

export const codeField = z
  .string()
  .trim()
  .min(1, 'Please enter the verification code')
  .regex(/^\d{6}$/, 'The verification code has 6 digits');
