/**
 * Self sign-up with the chosen role stored as the `custom:role` attribute; Cognito then mails a
 * confirmation code (locally, `npm start` prints it).
 */
import * as z from 'zod';
import { SIGN_UP_ROLES } from '@contracts/profile';
import { loadAuth } from '../../../lib/amplify';
import { emailField, passwordField } from '../lib/credential-fields';

export const signUpSchema = z
  .object({
    email: emailField,
    password: passwordField,
    confirmPassword: z.string(),
    role: z.enum(SIGN_UP_ROLES),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type SignUpInput = z.output<typeof signUpSchema>;

/** Whether the new account must confirm its e-mail before signing in. */
export async function signUpWithRole({
  email,
  password,
  role,
}: SignUpInput): Promise<{ needsConfirmation: boolean }> {
  const { auth } = await loadAuth();
  const result = await auth.signUp({
    username: email,
    password,
    options: { userAttributes: { email, 'custom:role': role } },
  });
  return { needsConfirmation: result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
}
