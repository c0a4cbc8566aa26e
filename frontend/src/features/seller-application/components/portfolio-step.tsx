/** Step 3, Portfolio: what the applicant built, and where to see it. */
import { Input, Stack, Textarea } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/form/form-field';
import type { ApplicationValues } from '../lib/application-form';

export function PortfolioStep() {
  const { register, formState } = useFormContext<ApplicationValues>();
  const { errors } = formState;
  return (
    <Stack gap="4">
      <FormField label="Portfolio Description" error={errors.portfolioDescription?.message}>
        <Textarea {...register('portfolioDescription')} rows={4} />
      </FormField>
      <FormField label="Sample Projects" error={errors.sampleProjects?.message}>
        <Textarea {...register('sampleProjects')} rows={4} />
      </FormField>
      <FormField label="GitHub Profile (optional)" error={errors.githubProfile?.message}>
        <Input {...register('githubProfile')} type="text" />
      </FormField>
      <FormField label="LinkedIn Profile (optional)" error={errors.linkedinProfile?.message}>
        <Input {...register('linkedinProfile')} type="text" />
      </FormField>
    </Stack>
  );
}
