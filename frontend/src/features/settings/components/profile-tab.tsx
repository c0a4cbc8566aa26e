import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { Profile } from '@contracts/profile';
import {
  PROFILE_UPDATE_FAILED_MESSAGE,
  USERNAME_HINT,
  profileUpdateSchema,
} from '@contracts/profile-update';
import { ApiError } from '../../../lib/api-error';
import { useUpdateMyProfile } from '../api/update-my-profile';
import { fieldErrorsOf, type FieldErrors } from '../lib/field-errors';
import { Message } from './message';

export const PROFILE_SAVED_MESSAGE = 'Profile updated successfully!';

type FormValues = {
  username: string;
  display_name: string;
  bio: string;
  profile_picture_url: string;
  website_url: string;
  twitter: string;
  linkedin: string;
  github: string;
};

const valuesOf = (profile: Profile): FormValues => ({
  username: profile.username ?? '',
  display_name: profile.display_name ?? '',
  bio: profile.bio ?? '',
  profile_picture_url: profile.profile_picture_url ?? '',
  website_url: profile.website_url ?? '',
  twitter: profile.social_links.twitter ?? '',
  linkedin: profile.social_links.linkedin ?? '',
  github: profile.social_links.github ?? '',
});

const FIELD_OF: Record<string, keyof FormValues> = {
  'social_links.twitter': 'twitter',
  'social_links.linkedin': 'linkedin',
  'social_links.github': 'github',
};

/** Settings, Profile tab: public profile fields; the username is unique across users. */
export function ProfileTab({ profile }: { profile: Profile }) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; text: string }>();
  const update = useUpdateMyProfile();

  const set = (field: keyof FormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    const parsed = profileUpdateSchema.safeParse({
      username: values.username,
      display_name: values.display_name,
      bio: values.bio,
      profile_picture_url: values.profile_picture_url,
      website_url: values.website_url,
      social_links: { twitter: values.twitter, linkedin: values.linkedin, github: values.github },
    });
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(
        Object.fromEntries(
          Object.entries(found).map(([key, text]) => [FIELD_OF[key] ?? key, text]),
        ),
      );
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        setOutcome({ status: 'success', text: PROFILE_SAVED_MESSAGE });
      },
      onError: (error) => {
        // A taken username (409) or a field the API refused is shown at its field.
        if (error instanceof ApiError && error.status === 409) {
          setErrors({ username: error.message });
          setOutcome({ status: 'error', text: error.message });
        } else if (error instanceof ApiError && error.status === 400 && error.fields) {
          setErrors(error.fields);
          setOutcome({ status: 'error', text: PROFILE_UPDATE_FAILED_MESSAGE });
        } else {
          setOutcome({ status: 'error', text: PROFILE_UPDATE_FAILED_MESSAGE });
        }
      },
    });
  };

  const text = (
    field: keyof FormValues,
    label: string,
    options: { placeholder?: string; type?: string; helper?: string; required?: boolean } = {},
  ) => (
    <Field.Root invalid={Boolean(errors[field])} required={options.required}>
      <Field.Label>
        {label}
        {options.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={field}
        type={options.type ?? 'text'}
        placeholder={options.placeholder}
        value={values[field]}
        onChange={(event) => set(field)(event.target.value)}
      />
      {options.helper && !errors[field] && <Field.HelperText>{options.helper}</Field.HelperText>}
      <Field.ErrorText>{errors[field]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Profile">
      <Stack gap="5">
        {outcome && <Message status={outcome.status} text={outcome.text} />}
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input value={profile.email} readOnly disabled />
        </Field.Root>
        {text('username', 'Username', { helper: USERNAME_HINT, required: true })}
        {text('display_name', 'Display name')}
        <Field.Root invalid={Boolean(errors.bio)}>
          <Field.Label>Bio</Field.Label>
          <Textarea
            name="bio"
            rows={4}
            value={values.bio}
            onChange={(event) => set('bio')(event.target.value)}
          />
          <Field.ErrorText>{errors.bio}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {text('profile_picture_url', 'Profile picture URL', {
            type: 'url',
            placeholder: 'https://…/avatar.png',
          })}
          {text('website_url', 'Website', { type: 'url', placeholder: 'https://example.com' })}
          {text('twitter', 'Twitter', { type: 'url', placeholder: 'https://x.com/you' })}
          {text('linkedin', 'LinkedIn', {
            type: 'url',
            placeholder: 'https://linkedin.com/in/you',
          })}
          {text('github', 'GitHub', { type: 'url', placeholder: 'https://github.com/you' })}
        </SimpleGrid>
        <Button
          type="submit"
          colorPalette="purple"
          alignSelf="flex-start"
          loading={update.isPending}
        >
          Save Profile
        </Button>
      </Stack>
    </form>
  );
}
