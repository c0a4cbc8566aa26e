/**
 * After submitting, when Cognito mails a code: the code creates the seller account and the
 * application is stored. Its message shows at the top of the wizard, like every step's.
 */
import { Input, Stack, Text } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field';
import type { ApplicationValues } from '../lib/application-form';

export function ConfirmEmailStep() {
  const { register, getValues } = useFormContext<ApplicationValues>();
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        We sent a 6-digit code to {getValues('email').trim()}. Enter it to create your seller
        account and submit the application.
      </Text>
      <FormField label="Verification Code">
        <Input {...register('code')} type="text" />
      </FormField>
    </Stack>
  );
}
