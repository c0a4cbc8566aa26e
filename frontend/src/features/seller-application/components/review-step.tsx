/** Step 4, Review & Submit: what will be sent, and the two agreements the product requires. */
import type { ReactNode } from 'react';
import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormField } from '@/components/form/form-field';
import type { ApplicationValues } from '../lib/application-form';

const AGREEMENTS = [
  ['agreeToTerms', 'I agree to the terms of service and seller guidelines'],
  [
    'agreeToCommission',
    'I agree to the commission structure (70% seller share, 30% platform fee, paid on the 1st of each month)',
  ],
] as const;

/** @param email the signed-in applicant's e-mail (a new account's is in the form). */
export function ReviewStep({ email }: { email?: string }) {
  const { control, formState, getValues } = useFormContext<ApplicationValues>();
  return (
    <Stack gap="4">
      <Review values={getValues()} email={email ?? getValues('email')} />
      {AGREEMENTS.map(([name, label]) => (
        <FormField key={name} error={formState.errors[name]?.message}>
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <Checkbox.Root
                checked={field.value}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{label}</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        </FormField>
      ))}
    </Stack>
  );
}

function Review({ values, email }: { values: ApplicationValues; email: string }) {
  const rows: [string, ReactNode][] = [
    ['Email', email],
    ['Full name', values.fullName],
    ['Company', values.companyName || '—'],
    ['Experience', `${values.yearsExperience} years`],
    ['Specializations', values.specializations.join(', ')],
  ];
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="4" data-testid="application-review">
      {rows.map(([label, value]) => (
        <Stack key={label} direction={{ base: 'column', sm: 'row' }} gap={{ base: '0', sm: '2' }}>
          <Text fontWeight="medium" minW="36" flexShrink={0}>
            {label}
          </Text>
          <Text color="fg.muted" wordBreak="break-word" minW="0">
            {value}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
