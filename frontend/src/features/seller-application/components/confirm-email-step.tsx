/**
 * After submitting, when Cognito mails a code: the code confirms the new account, the wizard signs
 * in with the password just typed and stores the application. Its message shows at the top of the
 * wizard, like every step's.
 */
import { Input, Stack, Text } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/form/form-field';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { LOCAL_CODE_HINT } from '@/lib/sign-up-flow';
import type { ApplicationValues } from '../lib/application-form';

export function ConfirmEmailStep() {
  const { register, getValues } = useFormContext<ApplicationValues>();
  const local = getRuntimeConfig().mode === 'local';
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        We sent a 6-digit code to <strong>{getValues('email').trim()}</strong>. Enter it to create
        your seller account and submit the application.
      </Text>
      <FormField label="Verification Code" helperText={local ? LOCAL_CODE_HINT : undefined}>
        <Input
          {...register('code')}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
      </FormField>
    </Stack>
  );
}
