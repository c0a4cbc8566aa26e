/**
 * The sign-up form's rules with the chosen role; the account is created by the
 * shared flow (lib/sign-up-flow.ts), which the seller wizard runs too.
 */
import * as z from 'zod';
import { SIGN_UP_ROLES } from '@contract/profile';
import { INVALID_EMAIL_MESSAGE, newAccountFields, passwordsMatch } from '@/lib/credential-fields';

export const signUpSchema = z
  .object({ ...newAccountFields(INVALID_EMAIL_MESSAGE), role: z.enum(SIGN_UP_ROLES) })
  .refine(...passwordsMatch);
