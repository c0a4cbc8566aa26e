/**
 * Step 1, Account Setup: who is applying. A new account types its credentials (for Cognito); a
 * signed-in applicant sees the e-mail of their account instead and confirms their name.
 */
import { Input, Stack, Text } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/form/form-field';
import type { ApplicationValues } from '../lib/application-form';

export function AccountStep({ signedInEmail }: { signedInEmail?: string }) {
  const { register, formState } = useFormContext<ApplicationValues>();
  const { errors } = formState;
  return (
    <Stack gap="4">
      {signedInEmail !== undefined ? (
        <Stack gap="1" data-testid="application-account">
          <Text fontWeight="medium" fontSize="sm">
            Email
          </Text>
          <Text wordBreak="break-all">{signedInEmail}</Text>
          <Text color="fg.muted" fontSize="sm">
            You are applying with the account you are signed in to.
          </Text>
        </Stack>
      ) : (
        <>
          <FormField label="Email" error={errors.email?.message}>
            <Input {...register('email')} type="email" autoComplete="email" />
          </FormField>
          <FormField label="Password" error={errors.password?.message}>
            <Input {...register('password')} type="password" autoComplete="new-password" />
          </FormField>
          <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
            <Input {...register('confirmPassword')} type="password" autoComplete="new-password" />
          </FormField>
        </>
      )}
      <FormField label="Full Name" error={errors.fullName?.message}>
        <Input {...register('fullName')} type="text" autoComplete="name" />
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
