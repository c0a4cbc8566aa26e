import { useState } from 'react';
import { Button, Input, Stack } from '@chakra-ui/react';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import {
  changePassword,
  changePasswordSchema,
  describePasswordChangeError,
  PASSWORD_CHANGED_MESSAGE,
} from '../api/change-password';
import { AuthenticatorAppSection } from './authenticator-app-section';
import { Message } from './message';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings, Security tab: change password through Cognito, and the authenticator app. */
export function SecurityTab({ accountName }: { accountName?: string }) {
  const [changed, setChanged] = useState(false);
  const form = useZodForm(changePasswordSchema, EMPTY);
  const submit = useFormSubmit(form, {
    onStart: () => setChanged(false),
    onValid: async (passwords) => {
      await changePassword(passwords);
      form.reset(EMPTY);
      setChanged(true);
    },
    failureMessage: describePasswordChangeError,
  });
  const { errors } = form.formState;

  const passwordField = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <FormField label={label} error={errors[name]?.message}>
      <Input {...form.register(name)} type="password" autoComplete={autoComplete} />
    </FormField>
  );

  return (
    <Stack gap="10">
      <form onSubmit={submit.onSubmit} noValidate aria-label="Change password">
        <Stack gap="5" maxW="md">
          {changed && <Message status="success" text={PASSWORD_CHANGED_MESSAGE} />}
          {submit.failure && <Message status="error" text={submit.failure} />}
          {passwordField('currentPassword', 'Current password', 'current-password')}
          {passwordField('newPassword', 'New password', 'new-password')}
          {passwordField('confirmPassword', 'Confirm new password', 'new-password')}
          <Button type="submit" colorPalette="purple" alignSelf="flex-start" loading={submit.busy}>
            Change Password
          </Button>
        </Stack>
      </form>
      {accountName && <AuthenticatorAppSection accountName={accountName} />}
    </Stack>
  );
}
