/**
 * A seller without a username is asked for one on their first visit to the seller dashboard (and
 * every visit until they choose): their templates' byline and their public seller page need it.
 * It saves through the Profile tab's own request, with every other profile field as it is.
 */
import { Button, Card, HStack, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Profile } from '@contract/profile';
import {
  PROFILE_UPDATE_FAILED_MESSAGE,
  SELLER_USERNAME_HINT,
  SELLER_USERNAME_PROMPT,
  usernameSchema,
} from '@contract/profile-update';
import * as z from 'zod';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useUpdateMyProfile } from '../api/update-my-profile';

const usernameFormSchema = z.object({ username: usernameSchema });

export function SellerUsernamePrompt({ profile }: { profile: Profile }) {
  const update = useUpdateMyProfile();
  const form = useZodForm(usernameFormSchema, { username: '' });
  const submit = useFormSubmit(form, {
    onValid: async ({ username }) => {
      // The profile as it is, with the username: PATCH /api/me takes the whole public profile.
      await update.mutateAsync({
        username,
        display_name: profile.display_name,
        bio: profile.bio,
        profile_picture_url: profile.profile_picture_url,
        website_url: profile.website_url,
        social_links: profile.social_links,
      });
    },
    failureMessage: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        form.setError('username', { message: error.message });
        return error.message;
      }
      return PROFILE_UPDATE_FAILED_MESSAGE;
    },
  });

  if (update.data?.username) {
    const username = update.data.username;
    return (
      <FormAlert
        status="success"
        title={SELLER_USERNAME_PROMPT.saved(username)}
        data-testid="seller-username-saved"
      />
    );
  }
  if (profile.username) return null;
  return (
    <Card.Root variant="outline" borderColor="purple.muted" data-testid="seller-username-prompt">
      <Card.Body>
        <form onSubmit={submit.onSubmit} noValidate aria-label="Choose your username">
          <Stack gap="3">
            <Heading as="h2" size="md">
              {SELLER_USERNAME_PROMPT.title}
            </Heading>
            <Text color="fg.muted">{SELLER_USERNAME_PROMPT.description}</Text>
            {submit.failure && <FormAlert status="error" size="sm" title={submit.failure} />}
            <HStack align="end" gap="3" wrap="wrap">
              <FormField
                label="Username"
                required
                markRequired
                error={form.formState.errors.username?.message}
                hint={SELLER_USERNAME_HINT}
                maxW="sm"
              >
                <Input {...form.register('username')} type="text" autoComplete="username" />
              </FormField>
              <Button type="submit" colorPalette="purple" loading={submit.busy}>
                Save username
              </Button>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              You can change it later in{' '}
              <Link asChild colorPalette="purple">
                <RouterLink to={paths.settings.getHref()}>Settings</RouterLink>
              </Link>
              .
            </Text>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
