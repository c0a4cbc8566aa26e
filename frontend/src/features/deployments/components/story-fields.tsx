/**
 * The name and description a launched site shows on Success Stories, edited on the dashboard
 * beside the switch. They are kept while the story is hidden, so switching it off and on again
 * shows the same words; saving while hidden keeps them for the next time it is shown.
 */
import { useState } from 'react';
import { Button, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  STORY_DESCRIPTION_MAX,
  STORY_TITLE_MAX,
  storyInputSchema,
  type StoryInput,
} from '@contract/stories';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { refusalMessage } from '@/lib/api-error';
import type { Deployment } from '../api/deployments';
import { useSetStory } from '../api/stories';

const storyTextSchema = storyInputSchema.omit({ show: true });
type StoryTextValues = { title: string; description: string };

export function StoryFields({ deployment }: { deployment: Deployment }) {
  const setStory = useSetStory();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useZodForm<StoryTextValues, Omit<StoryInput, 'show'>>(storyTextSchema, {
    title: deployment.story_text.title,
    description: deployment.story_text.description ?? '',
  });
  const submit = useFormSubmit(form, {
    onStart: () => setSaved(null),
    onValid: async (values) => {
      const answer = await setStory.mutateAsync({
        id: deployment.id,
        show: deployment.story !== null,
        title: values.title ?? '',
        description: values.description ?? '',
      });
      setSaved(answer.message);
      form.reset({
        title: answer.story_text.title,
        description: answer.story_text.description ?? '',
      });
    },
    failureMessage: (error) =>
      refusalMessage(error, 'Failed to save the name and description. Please try again.'),
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Success Stories name and description">
      <Stack gap="2" maxW="lg" data-testid="story-fields">
        {submit.failure && <FormAlert status="error" size="sm" title={submit.failure} />}
        {saved && (
          <Text fontSize="xs" color="fg.muted" data-testid="story-saved">
            {saved}
          </Text>
        )}
        <FormField label="Name on Success Stories" error={errors.title?.message}>
          <Input size="sm" maxLength={STORY_TITLE_MAX} {...form.register('title')} />
        </FormField>
        <FormField
          label="Description"
          error={errors.description?.message}
          helperText={`At most ${STORY_DESCRIPTION_MAX} characters.`}
        >
          <Textarea
            size="sm"
            rows={2}
            maxLength={STORY_DESCRIPTION_MAX}
            {...form.register('description')}
          />
        </FormField>
        <HStack>
          <Button
            type="submit"
            size="xs"
            variant="outline"
            colorPalette="purple"
            loading={submit.busy}
            disabled={!form.formState.isDirty}
          >
            Save name and description
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
