import { useRef, useState } from 'react';
import { Avatar, Button, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { LuUpload } from 'react-icons/lu';
import { isSellerRole, type Profile } from '@contract/profile';
import {
  PROFILE_UPDATE_FAILED_MESSAGE,
  SELLER_USERNAME_HINT,
  USERNAME_HINT,
  profileUpdateSchema,
} from '@contract/profile-update';
import { IMAGE_ACCEPT } from '@contract/uploads';
import { errorMessage } from '@/lib/api-error';
import { useUploadAvatar } from '../api/upload-avatar';
import { setServerFieldErrors } from '@/components/form/use-form-submit';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { ApiError } from '@/lib/api-error';
import { useUpdateMyProfile } from '../api/update-my-profile';
import { Message } from './message';

export const PROFILE_SAVED_MESSAGE = 'Profile updated successfully!';
export const AVATAR_SAVED_MESSAGE = 'Profile picture updated.';

/** The form holds every field as text ('' for none), in the shape the API takes. */
const valuesOf = (profile: Profile) => ({
  username: profile.username ?? '',
  display_name: profile.display_name ?? '',
  bio: profile.bio ?? '',
  profile_picture_url: profile.profile_picture_url ?? '',
  website_url: profile.website_url ?? '',
  social_links: {
    twitter: profile.social_links.twitter ?? '',
    linkedin: profile.social_links.linkedin ?? '',
    github: profile.social_links.github ?? '',
  },
});

/** Settings, Profile tab: public profile fields; the username is unique across users. */
export function ProfileTab({ profile }: { profile: Profile }) {
  const [saved, setSaved] = useState(false);
  const update = useUpdateMyProfile();
  const form = useZodForm(profileUpdateSchema, valuesOf(profile));
  const submit = useFormSubmit(form, {
    onStart: () => setSaved(false),
    onValid: async (changes) => {
      const stored = await update.mutateAsync(changes);
      form.reset(valuesOf(stored));
      setSaved(true);
    },
    failureMessage: (error) => {
      // A taken username (409) or a field the API refused is shown at its field too.
      if (error instanceof ApiError && error.status === 409) {
        form.setError('username', { message: error.message });
        return error.message;
      }
      if (error instanceof ApiError && error.status === 400) setServerFieldErrors(form, error);
      return PROFILE_UPDATE_FAILED_MESSAGE;
    },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Profile">
      <Stack gap="5">
        {saved && <Message status="success" text={PROFILE_SAVED_MESSAGE} />}
        {submit.failure && <Message status="error" text={submit.failure} />}
        <FormField label="Email">
          <Input value={profile.email} readOnly disabled />
        </FormField>
        <FormField
          label="Username"
          required
          markRequired
          error={errors.username?.message}
          hint={isSellerRole(profile.role) ? SELLER_USERNAME_HINT : USERNAME_HINT}
        >
          <Input {...form.register('username')} type="text" />
        </FormField>
        <ProfilePictureField
          name={profile.display_name ?? profile.username ?? undefined}
          picture={form.watch('profile_picture_url')}
          onStart={() => setSaved(false)}
          onUploaded={(url) =>
            form.setValue('profile_picture_url', url, {
              shouldDirty: false,
            })
          }
        />
        <FormField label="Display name" error={errors.display_name?.message}>
          <Input {...form.register('display_name')} type="text" />
        </FormField>
        <FormField label="Bio" error={errors.bio?.message}>
          <Textarea {...form.register('bio')} rows={4} />
        </FormField>
        <ProfileLinkFields register={form.register} errors={errors} />
        <Button type="submit" colorPalette="purple" alignSelf="flex-start" loading={submit.busy}>
          Save Profile
        </Button>
      </Stack>
    </form>
  );
}

type ProfileValues = ReturnType<typeof valuesOf>;
type UrlFieldName =
  | 'profile_picture_url'
  | 'website_url'
  | 'social_links.twitter'
  | 'social_links.linkedin'
  | 'social_links.github';

const urlField = (
  register: UseFormRegister<ProfileValues>,
  name: UrlFieldName,
  label: string,
  placeholder: string,
  error: string | undefined,
) => (
  <FormField label={label} error={error}>
    <Input {...register(name)} type="url" placeholder={placeholder} />
  </FormField>
);

/** The picture URL, website and social links, two to a row. */
function ProfileLinkFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProfileValues>;
  errors: FieldErrors<ProfileValues>;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      {urlField(
        register,
        'profile_picture_url',
        'Or a picture URL',
        'https://…/avatar.png',
        errors.profile_picture_url?.message,
      )}
      {urlField(
        register,
        'website_url',
        'Website',
        'https://example.com',
        errors.website_url?.message,
      )}
      {urlField(
        register,
        'social_links.twitter',
        'Twitter',
        'https://x.com/you',
        errors.social_links?.twitter?.message,
      )}
      {urlField(
        register,
        'social_links.linkedin',
        'LinkedIn',
        'https://linkedin.com/in/you',
        errors.social_links?.linkedin?.message,
      )}
      {urlField(
        register,
        'social_links.github',
        'GitHub',
        'https://github.com/you',
        errors.social_links?.github?.message,
      )}
    </SimpleGrid>
  );
}

/** The avatar with Upload image: the upload is stored at once, and its URL goes into the form. */
function ProfilePictureField(props: {
  name: string | undefined;
  picture: string;
  onStart: () => void;
  onUploaded: (url: string) => void;
}) {
  const avatar = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadPicture = (file: File | undefined) => {
    if (!file) return;
    props.onStart();
    avatar.mutate(file, {
      onSuccess: (stored) => props.onUploaded(stored.profile_picture_url ?? ''),
    });
  };
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm">
        Profile picture
      </Text>
      <HStack gap="4">
        <Avatar.Root size="xl">
          <Avatar.Fallback name={props.name} />
          {props.picture && <Avatar.Image src={props.picture} alt="Your profile picture" />}
        </Avatar.Root>
        <Button
          variant="outline"
          size="sm"
          loading={avatar.isPending}
          loadingText="Uploading…"
          onClick={() => fileInput.current?.click()}
        >
          <LuUpload /> Upload image
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          aria-label="Profile picture file"
          data-testid="avatar-file"
          onChange={(event) => {
            uploadPicture(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </HStack>
      {avatar.isSuccess && <Message status="success" text={AVATAR_SAVED_MESSAGE} />}
      {avatar.error && (
        <Message
          status="error"
          text={
            avatar.error instanceof ApiError ? errorMessage(avatar.error) : avatar.error.message
          }
        />
      )}
    </Stack>
  );
}
