import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { describeAuthError } from '../../../lib/auth-errors';
import { validateFields } from '../../../lib/form-errors';
import type { FieldErrors } from '../../../lib/form-errors';
import { requestPasswordReset, requestResetSchema } from '../api/reset-password';
import { signInSchema, signInWithPassword } from '../api/sign-in';
import { FormAlert } from './form-alert';

export interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  notice?: string;
  onStart: () => void;
  onSignedIn: () => void;
  onNeedsConfirmation: (email: string, password: string) => void;
  onResetRequested: (email: string) => void;
}

export function SignInForm({
  email,
  onEmailChange,
  notice,
  onStart,
  onSignedIn,
  onNeedsConfirmation,
  onResetRequested,
}: SignInFormProps) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState<'signIn' | 'reset'>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const checked = validateFields(signInSchema, { email, password });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    onStart();
    setBusy('signIn');
    try {
      const outcome = await signInWithPassword(checked.data);
      if (outcome === 'confirmSignUp') onNeedsConfirmation(checked.data.email, password);
      else onSignedIn();
    } catch (error) {
      const failure = describeAuthError(error, 'signIn');
      if (failure.kind === 'unconfirmed') onNeedsConfirmation(checked.data.email, password);
      else setFormError(failure.message);
    } finally {
      setBusy(undefined);
    }
  };

  const forgotPassword = async () => {
    setFormError(undefined);
    const checked = validateFields(requestResetSchema, { email });
    if (!checked.ok) {
      setErrors({});
      return setFormError(checked.errors.email);
    }
    onStart();
    setBusy('reset');
    try {
      await requestPasswordReset(checked.data.email);
      onResetRequested(checked.data.email);
    } catch (error) {
      const failure = describeAuthError(error);
      setFormError(failure.kind === 'message' ? failure.message : 'An error occurred');
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="4">
        {notice && <FormAlert status="success" message={notice} />}
        {formError && <FormAlert status="error" message={formError} />}
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => onEmailChange(event.target.value)}
          />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <HStack justify="space-between" w="full">
            <Field.Label>Password</Field.Label>
            <Button
              variant="plain"
              size="xs"
              colorPalette="purple"
              px="0"
              h="auto"
              onClick={forgotPassword}
              loading={busy === 'reset'}
            >
              Forgot password?
            </Button>
          </HStack>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="purple" size="lg" loading={busy === 'signIn'}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
