/** Step 1, Account Setup: the credentials (for Cognito) and who is applying. */
import { Input, Stack } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field';
import type { ApplicationValues } from '../lib/application-form';

export function AccountStep() {
  const { register, formState } = useFormContext<ApplicationValues>();
  const { errors } = formState;
  return (
    <Stack gap="4">
      <FormField label="Email" error={errors.email?.message}>
        <Input {...register('email')} type="email" />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input {...register('password')} type="password" />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input {...register('confirmPassword')} type="password" />
      </FormField>
      <FormField label="Full Name" error={errors.fullName?.message}>
        <Input {...register('fullName')} type="text" />
      </FormField>
      <FormField label="Company Name (optional)" error={errors.companyName?.message}>
        <Input {...register('companyName')} type="text" />
      </FormField>
      <FormField label="Website (optional)" error={errors.website?.message}>
        <Input {...register('website')} type="text" />
      </FormField>
    </Stack>
  );
}
