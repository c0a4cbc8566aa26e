import { useState } from 'react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { authErrorMessage } from '@/lib/auth-errors';
import { signInWithPassword } from '@/lib/sign-up-flow';
import {
  confirmPasswordReset,
  confirmResetSchema,
  requestPasswordReset,
} from '../api/reset-password';
import { CODE_RESENT_MESSAGE } from './confirm-sign-up-form';
import { EmailText } from '@/components/email-text';

export interface ResetPasswordFormProps {
  email: string;
  /** Signed in with the new password. */
  onSignedIn: () => void;
  /** The password changed but the sign-in did not complete. */
  onReset: () => void;
  onBack: () => void;
}

export function ResetPasswordForm({ email, onSignedIn, onReset, onBack }: ResetPasswordFormProps) {
  const [info, setInfo] = useState<string>();
  const form = useZodForm(confirmResetSchema, { code: '', newPassword: '', confirmPassword: '' });
  const submit = useFormSubmit(form, {
    onStart: () => setInfo(undefined),
    onValid: async (reset) => {
      await confirmPasswordReset(email, reset);
      // The new password is set either way; a failed sign-in just asks them to sign in.
      try {
        const outcome = await signInWithPassword({ email, password: reset.newPassword });
        if (outcome === 'signedIn') onSignedIn();
        else onReset();
      } catch (_error) {
        onReset();
      }
    },
    failureMessage: (error) => authErrorMessage(error),
  });
  const resend = () =>
    submit.runAction('resend', async () => {
      await requestPasswordReset(email);
      setInfo(CODE_RESENT_MESSAGE);
    });
  const { errors } = form.formState;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Reset password">
      <Stack gap="4">
        <Text color="fg.muted">
          We sent a verification code to <EmailText email={email} fit="wrap" fontWeight="bold" />.
          Enter it with your new password.
        </Text>
        {submit.failure && (
          <FormAlert status="error" title={submit.failure} data-testid="auth-error" />
        )}
        {info && <FormAlert status="info" title={info} data-testid="auth-info" />}
        <FormField label="Verification code" error={errors.code?.message}>
          <Input
            {...form.register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        </FormField>
        <FormField label="New password" error={errors.newPassword?.message}>
          <Input {...form.register('newPassword')} type="password" autoComplete="new-password" />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input
            {...form.register('confirmPassword')}
            type="password"
            autoComplete="new-password"
          />
        </FormField>
        <Button type="submit" colorPalette="purple" size="lg" loading={submit.busy}>
          Reset Password
        </Button>
        <HStack justify="space-between">
          <Button variant="ghost" size="sm" onClick={onBack}>
            Back to sign in
          </Button>
          <Button variant="ghost" size="sm" onClick={resend} loading={submit.running === 'resend'}>
            Resend code
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
