import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { describeAuthError } from '../../../lib/auth-errors';
import { validateFields } from '../../../lib/form-errors';
import type { FieldErrors } from '../../../lib/form-errors';
import {
  confirmPasswordReset,
  confirmResetSchema,
  requestPasswordReset,
} from '../api/reset-password';
import { signInWithPassword } from '../api/sign-in';
import { FormAlert } from './form-alert';

export interface ResetPasswordFormProps {
  email: string;
  /** Signed in with the new password. */
  onSignedIn: () => void;
  /** The password changed but the sign-in did not complete. */
  onReset: () => void;
  onBack: () => void;
}

export function ResetPasswordForm({ email, onSignedIn, onReset, onBack }: ResetPasswordFormProps) {
  const [values, setValues] = useState({ code: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [info, setInfo] = useState<string>();
  const [busy, setBusy] = useState<'reset' | 'resend'>();

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  const fail = (error: unknown) => {
    const failure = describeAuthError(error);
    setFormError(failure.kind === 'message' ? failure.message : 'An error occurred');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    setInfo(undefined);
    const checked = validateFields(confirmResetSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy('reset');
    try {
      await confirmPasswordReset(email, checked.data);
    } catch (error) {
      setBusy(undefined);
      return fail(error);
    }
    try {
      const outcome = await signInWithPassword({ email, password: checked.data.newPassword });
      if (outcome === 'signedIn') onSignedIn();
      else onReset();
    } catch (_error) {
      onReset();
    } finally {
      setBusy(undefined);
    }
  };

  const resend = async () => {
    setFormError(undefined);
    setBusy('resend');
    try {
      await requestPasswordReset(email);
      setInfo('A new verification code has been sent to your email.');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="4">
        <Text color="fg.muted">
          We sent a verification code to <strong>{email}</strong>. Enter it with your new password.
        </Text>
        {formError && <FormAlert status="error" message={formError} />}
        {info && <FormAlert status="info" message={info} />}
        <Field.Root invalid={Boolean(errors.code)}>
          <Field.Label>Verification code</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.code}
            onChange={set('code')}
          />
          <Field.ErrorText>{errors.code}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.newPassword)}>
          <Field.Label>New password</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
          />
          <Field.ErrorText>{errors.newPassword}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmPassword)}>
          <Field.Label>Confirm new password</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
          />
          <Field.ErrorText>{errors.confirmPassword}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="purple" size="lg" loading={busy === 'reset'}>
          Reset Password
        </Button>
        <HStack justify="space-between">
          <Button variant="ghost" size="sm" onClick={onBack}>
            Back to sign in
          </Button>
          <Button variant="ghost" size="sm" onClick={resend} loading={busy === 'resend'}>
            Resend code
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
