import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import {
  changePassword,
  changePasswordSchema,
  describePasswordChangeError,
  PASSWORD_CHANGED_MESSAGE,
  type ChangePasswordInput,
} from '../api/change-password';
import { fieldErrorsOf, type FieldErrors } from '../lib/field-errors';
import { Message } from './message';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings, Security tab: change password through Cognito. */
export function SecurityTab() {
  const [values, setValues] = useState<ChangePasswordInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await changePassword(parsed.data);
      setValues(EMPTY);
      setOutcome({ status: 'success', text: PASSWORD_CHANGED_MESSAGE });
    } catch (error) {
      setOutcome({ status: 'error', text: describePasswordChangeError(error) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof ChangePasswordInput, label: string, autoComplete: string) => (
    <Field.Root invalid={Boolean(errors[name])}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="5" maxW="md">
        {outcome && <Message status={outcome.status} text={outcome.text} />}
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
        <Button type="submit" colorPalette="purple" alignSelf="flex-start" loading={busy}>
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
