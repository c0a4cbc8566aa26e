/**
 * Change password through Cognito (Amplify `updatePassword` = ChangePassword, which cognito-local
 * supports too). The form's rules are the product's; Cognito checks the current one.
 */
import * as z from 'zod';
import { loadAuth } from '@/lib/amplify';
import { passwordMinLength } from '@/lib/credential-fields';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully!';
export const PASSWORD_CHANGE_FAILED_MESSAGE = 'Failed to change password.';
export const WRONG_CURRENT_PASSWORD_MESSAGE =
  'Failed to change password. The current password is incorrect.';
export const NOT_SIGNED_IN_MESSAGE = 'You must be logged in to change your password.';

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required.'),
    newPassword: z
      .string()
      .min(1, 'New password is required.')
      .refine((value) => value.length >= passwordMinLength(), {
        error: () => `New password must be at least ${passwordMinLength()} characters.`,
      }),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'New passwords do not match.',
    path: ['confirmPassword'],
  });

export async function changePassword(input: { currentPassword: string; newPassword: string }) {
  const { auth } = await loadAuth();
  await auth.updatePassword({ oldPassword: input.currentPassword, newPassword: input.newPassword });
}

/** Cognito's error to the text shown (a wrong current password is the common case). */
export function describePasswordChangeError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAuthorizedException') return WRONG_CURRENT_PASSWORD_MESSAGE;
  if (name === 'UserUnAuthenticatedException') return NOT_SIGNED_IN_MESSAGE;
  return PASSWORD_CHANGE_FAILED_MESSAGE;
}
