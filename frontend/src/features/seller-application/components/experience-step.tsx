/** Step 2, Experience: years, specializations (at least one), previous work. */
import { Checkbox, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { SPECIALIZATIONS, YEARS_EXPERIENCE } from '@contract/seller-applications';
import { FieldGroup, FormField } from '@/components/form/form-field';
import type { ApplicationValues } from '../lib/application-form';

export function ExperienceStep() {
  const { control, register, formState } = useFormContext<ApplicationValues>();
  const { errors } = formState;
  return (
    <Stack gap="4">
      <FormField label="Years of Experience" error={errors.yearsExperience?.message}>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('yearsExperience')}>
            <option value="">Select your experience</option>
            {YEARS_EXPERIENCE.map((years) => (
              <option key={years} value={years}>
                {years} years
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FieldGroup label="Specializations" error={errors.specializations?.message}>
        <Controller
          control={control}
          name="specializations"
          render={({ field }) => (
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
              {SPECIALIZATIONS.map((name) => (
                <Checkbox.Root
                  key={name}
                  size="sm"
                  checked={field.value.includes(name)}
                  onCheckedChange={(details) =>
                    field.onChange(
                      details.checked === true
                        ? [...field.value, name]
                        : field.value.filter((item) => item !== name),
                    )
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          )}
        />
      </FieldGroup>
      <FormField label="Previous Work" error={errors.previousWork?.message}>
        <Textarea {...register('previousWork')} rows={4} />
      </FormField>
    </Stack>
  );
}
