/**
 * The sections of the template form shared by upload and edit: Basic
 * Information, Features (rows added and removed, at least one kept), Tech Stack (the 34 choices),
 * Links, and Pricing & Access. Files and Licensing & Version differ per page and come as slots.
 * The fields live in the page's form (react-hook-form context).
 */
import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { Controller, useFormContext, type FieldErrors } from 'react-hook-form';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import {
  ACCESS_TIERS,
  LICENSING_LABELS,
  LICENSING_TERMS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_TECH_STACKS,
} from '@contract/catalog';
import { firstErrorMessage } from '@/components/form/use-form-submit';
import { FormField } from '@/components/form/form-field';
import type { TemplateFields } from '../lib/template-form';

const ACCESS_LABELS: Record<(typeof ACCESS_TIERS)[number], string> = {
  free: 'Free',
  subscription: 'Subscription',
  one_time_sale: 'One-time sale',
};

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="4">
        {title}
      </Heading>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

/** An error of a whole list (Features, Tech Stack) under it, without a label of its own. */
function ListError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Field.Root invalid>
      <Field.ErrorText>{message}</Field.ErrorText>
    </Field.Root>
  );
}

interface SectionsProps {
  /** The Files section (pickers differ between upload and edit). */
  files: ReactNode;
  /** Version number and changelog, shown inside Licensing & Version. */
  version: ReactNode;
}

/** The feature rows: at least one, each removable but the last, and Add Feature. */
function FeaturesSection() {
  const { control, formState } = useFormContext<TemplateFields>();
  const { errors } = formState;
  // "At least one feature", or the first row that is too long.
  const featuresError =
    errors.features?.message ?? firstErrorMessage(errors.features as FieldErrors | undefined);

  return (
    <FormSection title="Features">
      <Controller
        control={control}
        name="features"
        render={({ field: { value: rows, onChange } }) => (
          <>
            {rows.map((feature, index) => (
              <HStack key={index} align="start">
                <Input
                  aria-label={`Feature ${index + 1}`}
                  placeholder="e.g. Authentication with email and social login"
                  value={feature}
                  onChange={(event) =>
                    onChange(rows.map((row, i) => (i === index ? event.target.value : row)))
                  }
                />
                <IconButton
                  aria-label={`Remove feature ${index + 1}`}
                  variant="ghost"
                  disabled={rows.length === 1}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            ))}
            <ListError message={featuresError} />
            <Button
              alignSelf="start"
              variant="outline"
              size="sm"
              onClick={() => onChange([...rows, ''])}
            >
              <LuPlus /> Add Feature
            </Button>
          </>
        )}
      />
    </FormSection>
  );
}

/** The technologies the template uses, ticked from the product's list. */
function TechStackSection() {
  const { control, formState } = useFormContext<TemplateFields>();
  const { errors } = formState;

  return (
    <FormSection title="Tech Stack">
      <Controller
        control={control}
        name="tech_stack"
        render={({ field: { value: chosen, onChange } }) => (
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
            {TEMPLATE_TECH_STACKS.map((tech) => (
              <Checkbox.Root
                key={tech}
                size="sm"
                checked={chosen.includes(tech)}
                onCheckedChange={(details) =>
                  onChange(
                    details.checked === true
                      ? [...chosen, tech]
                      : chosen.filter((item) => item !== tech),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{tech}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        )}
      />
      <ListError
        message={
          errors.tech_stack?.message ??
          firstErrorMessage(errors.tech_stack as FieldErrors | undefined)
        }
      />
    </FormSection>
  );
}

/** The demo, GitHub and StackBlitz addresses. */
function LinksSection() {
  const { register, formState } = useFormContext<TemplateFields>();
  const { errors } = formState;

  return (
    <FormSection title="Links">
      <FormField label="Demo URL" error={errors.demo_url?.message}>
        <Input {...register('demo_url')} type="url" placeholder="https://" />
      </FormField>
      <FormField label="GitHub URL" error={errors.github_url?.message}>
        <Input {...register('github_url')} type="url" placeholder="https://github.com/…" />
      </FormField>
      <FormField label="StackBlitz URL" error={errors.stackblitz_link?.message}>
        <Input {...register('stackblitz_link')} type="url" placeholder="https://stackblitz.com/…" />
      </FormField>
    </FormSection>
  );
}

export function TemplateFormSections({ files, version }: SectionsProps) {
  const { register, formState, watch } = useFormContext<TemplateFields>();
  const { errors } = formState;

  return (
    <Stack gap="6">
      <FormSection title="Basic Information">
        <FormField label="Title" required error={errors.title?.message}>
          <Input {...register('title')} />
        </FormField>
        <FormField label="Tagline" required error={errors.tagline?.message}>
          <Input {...register('tagline')} />
        </FormField>
        <FormField label="Description" required error={errors.description?.message}>
          <Textarea {...register('description')} rows={5} />
        </FormField>
        <FormField label="Category" required error={errors.category?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('category')}>
              <option value="">Select a category</option>
              {TEMPLATE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </FormSection>

      <FeaturesSection />

      <TechStackSection />

      <LinksSection />

      <FormSection title="Files">{files}</FormSection>

      <FormSection title="Licensing & Version">
        <FormField label="Licensing Terms">
          <NativeSelect.Root>
            <NativeSelect.Field {...register('licensing_terms')}>
              {LICENSING_TERMS.map((terms) => (
                <option key={terms} value={terms}>
                  {LICENSING_LABELS[terms]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {version}
      </FormSection>

      <FormSection title="Pricing & Access">
        <FormField label="Access Tier" required error={errors.access_tier?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('access_tier')}>
              <option value="">Select an access tier</option>
              {ACCESS_TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {ACCESS_LABELS[tier]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {watch('access_tier') === 'one_time_sale' && (
          <FormField label="Price (£)" required error={errors.price?.message}>
            <Input {...register('price')} type="number" min="0.01" step="0.01" />
          </FormField>
        )}
      </FormSection>
    </Stack>
  );
}
