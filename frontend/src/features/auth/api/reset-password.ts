/** Forgot password: Cognito mails a code, then the code and a new password set it. */
import * as z from 'zod';
import { loadAuth } from '@/lib/amplify';
import { codeField, emailField, passwordField } from '@/lib/credential-fields';

export const RESET_NEEDS_EMAIL = 'Please enter your email address to reset your password.';

/** The link on the sign-in form: an empty email gets the product's own reminder. */
export const requestResetSchema = z.object({
  email: z.string().trim().min(1, RESET_NEEDS_EMAIL).pipe(emailField),
});

export const confirmResetSchema = z
  .object({
    code: codeField,
    newPassword: passwordField,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ConfirmResetInput = z.output<typeof confirmResetSchema>;

export async function requestPasswordReset(email: string): Promise<void> {
  const { auth } = await loadAuth();
  await auth.resetPassword({ username: email });
}

export async function confirmPasswordReset(
  email: string,
  { code, newPassword }: ConfirmResetInput,
): Promise<void> {
  const { auth } = await loadAuth();
  await auth.confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}
