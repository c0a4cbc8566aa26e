import { useState } from 'react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { authErrorMessage } from '@/lib/auth-errors';
import { confirmationCodeSchema } from '@/lib/credential-fields';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { confirmAndSignIn, LOCAL_CODE_HINT, resendCode } from '@/lib/sign-up-flow';
import { EmailText } from '@/components/email-text';

export const CODE_RESENT_MESSAGE = 'A new verification code has been sent to your email.';

export interface ConfirmSignUpFormProps {
  email: string;
  /** Known when the person just typed it here: then we sign them in right away. */
  password?: string;
  onSignedIn: () => void;
  /** Confirmed but not signed in: back to the sign-in form with a note. */
  onConfirmed: () => void;
  onBack: () => void;
}

export function ConfirmSignUpForm({
  email,
  password,
  onSignedIn,
  onConfirmed,
  onBack,
}: ConfirmSignUpFormProps) {
  const [info, setInfo] = useState<string>();
  const form = useZodForm(confirmationCodeSchema, { code: '' });
  const submit = useFormSubmit(form, {
    onStart: () => setInfo(undefined),
    onValid: async ({ code }) => {
      const { outcome } = await confirmAndSignIn({ email, password }, code);
      // A failed automatic sign-in just asks them to sign in: the account is confirmed.
      if (outcome === 'signedIn') onSignedIn();
      else onConfirmed();
    },
    failureMessage: (error) => authErrorMessage(error),
  });
  const resend = () =>
    submit.runAction('resend', async () => {
      setInfo(undefined);
      await resendCode(email);
      setInfo(CODE_RESENT_MESSAGE);
    });
  const local = getRuntimeConfig().mode === 'local';

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Confirm your email">
      <Stack gap="4">
        <Text color="fg.muted">
          We sent a 6-digit verification code to{' '}
          <EmailText email={email} fit="wrap" fontWeight="bold" />. Enter it below to activate your
          account.
        </Text>
        {submit.failure && (
          <FormAlert status="error" title={submit.failure} data-testid="auth-error" />
        )}
        {info && <FormAlert status="info" title={info} data-testid="auth-info" />}
        <FormField
          label="Verification code"
          error={form.formState.errors.code?.message}
          helperText={local ? LOCAL_CODE_HINT : undefined}
        >
          <Input
            {...form.register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            letterSpacing="0.3em"
          />
        </FormField>
        <Button type="submit" colorPalette="purple" size="lg" loading={submit.busy}>
          Confirm
        </Button>
        <HStack justify="space-between">
          <Button variant="ghost" size="sm" onClick={onBack}>
            Back
          </Button>
          {/* cognito-local cannot resend codes; locally the code is in the terminal instead. */}
          {!local && (
            <Button
              variant="ghost"
              size="sm"
              onClick={resend}
              loading={submit.running === 'resend'}
            >
              Resend code
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
