import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { describeAuthError } from '../../../lib/auth-errors';
import { validateFields } from '../../../lib/form-errors';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { confirmSignUpCode, confirmSignUpSchema, resendSignUpCode } from '../api/confirm-sign-up';
import { signInWithPassword } from '../api/sign-in';
import { FormAlert } from './form-alert';

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
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [info, setInfo] = useState<string>();
  const [busy, setBusy] = useState<'confirm' | 'resend'>();

  const fail = (error: unknown) => {
    const failure = describeAuthError(error);
    setFormError(failure.kind === 'message' ? failure.message : 'An error occurred');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    setInfo(undefined);
    const checked = validateFields(confirmSignUpSchema, { code });
    if (!checked.ok) return setCodeError(checked.errors.code);
    setCodeError(undefined);
    setBusy('confirm');
    try {
      await confirmSignUpCode(email, checked.data.code);
    } catch (error) {
      setBusy(undefined);
      return fail(error);
    }
    try {
      if (!password) return onConfirmed();
      const outcome = await signInWithPassword({ email, password });
      if (outcome === 'signedIn') onSignedIn();
      else onConfirmed();
    } catch (_error) {
      // The account is confirmed either way; a failed automatic sign-in just asks them to sign in.
      onConfirmed();
    } finally {
      setBusy(undefined);
    }
  };

  const resend = async () => {
    setFormError(undefined);
    setInfo(undefined);
    setBusy('resend');
    try {
      await resendSignUpCode(email);
      setInfo('A new verification code has been sent to your email.');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Confirm your email">
      <Stack gap="4">
        <Text color="fg.muted">
          We sent a 6-digit verification code to <strong>{email}</strong>. Enter it below to
          activate your account.
        </Text>
        {formError && <FormAlert status="error" message={formError} />}
        {info && <FormAlert status="info" message={info} />}
        <Field.Root invalid={Boolean(codeError)}>
          <Field.Label>Verification code</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            letterSpacing="0.3em"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Field.ErrorText>{codeError}</Field.ErrorText>
          {getRuntimeConfig().mode === 'local' && (
            <Field.HelperText>
              Running locally: no e-mail is sent, the code is printed in the terminal running npm
              start.
            </Field.HelperText>
          )}
        </Field.Root>
        <Button type="submit" colorPalette="purple" size="lg" loading={busy === 'confirm'}>
          Confirm
        </Button>
        <HStack justify="space-between">
          <Button variant="ghost" size="sm" onClick={onBack}>
            Back
          </Button>
          {/* cognito-local cannot resend codes; locally the code is in the terminal instead. */}
          {getRuntimeConfig().mode === 'cloud' && (
            <Button variant="ghost" size="sm" onClick={resend} loading={busy === 'resend'}>
              Resend code
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
