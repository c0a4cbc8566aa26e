/**
 * The sections of the template form shared by upload and edit (seller spec §2 Edit MVP): Basic
 * Information, Features (rows added and removed, at least one kept), Tech Stack (the 34 choices),
 * Links, and Pricing & Access. Files and Licensing & Version differ per page and come as slots.
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
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import {
  ACCESS_TIERS,
  LICENSING_LABELS,
  LICENSING_TERMS,
  MVP_CATEGORIES,
  MVP_TECH_STACKS,
} from '@contracts/catalog';
import type { FieldErrors } from '../../lib/form-errors';
import type { MvpFormValues } from './mvp-form-values';

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

interface SectionsProps {
  values: MvpFormValues;
  errors: FieldErrors;
  onChange: (values: MvpFormValues) => void;
  /** The Files section (pickers differ between upload and edit). */
  files: ReactNode;
  /** Version number and changelog, shown inside Licensing & Version. */
  version: ReactNode;
}

export function MvpFormSections({ values, errors, onChange, files, version }: SectionsProps) {
  const set = <K extends keyof MvpFormValues>(name: K, value: MvpFormValues[K]) =>
    onChange({ ...values, [name]: value });
  const setFeature = (index: number, text: string) =>
    set(
      'features',
      values.features.map((row, i) => (i === index ? text : row)),
    );
  const toggleTech = (tech: string, checked: boolean) =>
    set(
      'tech_stack',
      checked ? [...values.tech_stack, tech] : values.tech_stack.filter((item) => item !== tech),
    );

  return (
    <Stack gap="6">
      <FormSection title="Basic Information">
        <Field.Root invalid={Boolean(errors.title)} required>
          <Field.Label>Title</Field.Label>
          <Input value={values.title} onChange={(e) => set('title', e.target.value)} />
          <Field.ErrorText>{errors.title}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.tagline)} required>
          <Field.Label>Tagline</Field.Label>
          <Input value={values.tagline} onChange={(e) => set('tagline', e.target.value)} />
          <Field.ErrorText>{errors.tagline}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.description)} required>
          <Field.Label>Description</Field.Label>
          <Textarea
            rows={5}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
          <Field.ErrorText>{errors.description}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.category)} required>
          <Field.Label>Category</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.category}
              onChange={(e) => set('category', e.target.value)}
            >
              <option value="">Select a category</option>
              {MVP_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.category}</Field.ErrorText>
        </Field.Root>
      </FormSection>

      <FormSection title="Features">
        {values.features.map((feature, index) => (
          <HStack key={index} align="start">
            <Input
              aria-label={`Feature ${index + 1}`}
              placeholder="e.g. Authentication with email and social login"
              value={feature}
              onChange={(e) => setFeature(index, e.target.value)}
            />
            <IconButton
              aria-label={`Remove feature ${index + 1}`}
              variant="ghost"
              disabled={values.features.length === 1}
              onClick={() =>
                set(
                  'features',
                  values.features.filter((_, i) => i !== index),
                )
              }
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        ))}
        {errors.features && (
          <Field.Root invalid>
            <Field.ErrorText>{errors.features}</Field.ErrorText>
          </Field.Root>
        )}
        <Button
          alignSelf="start"
          variant="outline"
          size="sm"
          onClick={() => set('features', [...values.features, ''])}
        >
          <LuPlus /> Add Feature
        </Button>
      </FormSection>

      <FormSection title="Tech Stack">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
          {MVP_TECH_STACKS.map((tech) => (
            <Checkbox.Root
              key={tech}
              size="sm"
              checked={values.tech_stack.includes(tech)}
              onCheckedChange={(details) => toggleTech(tech, details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{tech}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
        {errors.tech_stack && (
          <Field.Root invalid>
            <Field.ErrorText>{errors.tech_stack}</Field.ErrorText>
          </Field.Root>
        )}
      </FormSection>

      <FormSection title="Links">
        <Field.Root invalid={Boolean(errors.demo_url)}>
          <Field.Label>Demo URL</Field.Label>
          <Input
            type="url"
            placeholder="https://"
            value={values.demo_url}
            onChange={(e) => set('demo_url', e.target.value)}
          />
          <Field.ErrorText>{errors.demo_url}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.github_url)}>
          <Field.Label>GitHub URL</Field.Label>
          <Input
            type="url"
            placeholder="https://github.com/…"
            value={values.github_url}
            onChange={(e) => set('github_url', e.target.value)}
          />
          <Field.ErrorText>{errors.github_url}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.stackblitz_link)}>
          <Field.Label>StackBlitz URL</Field.Label>
          <Input
            type="url"
            placeholder="https://stackblitz.com/…"
            value={values.stackblitz_link}
            onChange={(e) => set('stackblitz_link', e.target.value)}
          />
          <Field.ErrorText>{errors.stackblitz_link}</Field.ErrorText>
        </Field.Root>
      </FormSection>

      <FormSection title="Files">{files}</FormSection>

      <FormSection title="Licensing & Version">
        <Field.Root>
          <Field.Label>Licensing Terms</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.licensing_terms}
              onChange={(e) => set('licensing_terms', e.target.value)}
            >
              {LICENSING_TERMS.map((terms) => (
                <option key={terms} value={terms}>
                  {LICENSING_LABELS[terms]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {version}
      </FormSection>

      <FormSection title="Pricing & Access">
        <Field.Root invalid={Boolean(errors.access_tier)} required>
          <Field.Label>Access Tier</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.access_tier}
              onChange={(e) => set('access_tier', e.target.value)}
            >
              <option value="">Select an access tier</option>
              {ACCESS_TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {ACCESS_LABELS[tier]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.access_tier}</Field.ErrorText>
        </Field.Root>
        {values.access_tier === 'one_time_sale' && (
          <Field.Root invalid={Boolean(errors.price)} required>
            <Field.Label>Price (£)</Field.Label>
            <Input
              type="number"
              min="0.01"
              step="0.01"
              value={values.price}
              onChange={(e) => set('price', e.target.value)}
            />
            <Field.ErrorText>{errors.price}</Field.ErrorText>
          </Field.Root>
        )}
      </FormSection>
    </Stack>
  );
}
