/** `/upload`: a new template. */
import { useState } from 'react';
import { Button, Container, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { FormProvider } from 'react-hook-form';
import { IMAGE_ACCEPT, TEMPLATE_FILE_ACCEPT, TEMPLATE_FILE_HINT } from '@contract/uploads';
import { FormAlert } from '@/components/form/form-alert';
import { firstErrorMessage } from '@/components/form/use-form-submit';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { ApiError } from '@/lib/api-error';
import { useCreateTemplate } from '../api/create-template';
import { NEW_TEMPLATE, newTemplateSchema } from '../lib/template-form';
import { FilePicker } from './file-picker';
import { TemplateFormSections } from './template-form-sections';
import { UploadProgress, useSuccessRedirect } from './upload-feedback';

export const UPLOAD_FAILED = 'Failed to upload MVP. Please try again.';
export const BUNDLE_HINT = TEMPLATE_FILE_HINT;

export function NewTemplateForm() {
  const [progress, setProgress] = useState<number | null>(null);
  const { message, succeed } = useSuccessRedirect();
  const createTemplate = useCreateTemplate(setProgress);
  const form = useZodForm(newTemplateSchema, NEW_TEMPLATE);
  const submit = useFormSubmit(form, {
    onValid: async ({ bundle, images, ...fields }) => {
      const result = await createTemplate.mutateAsync({ fields, bundle: bundle[0]!, images });
      succeed(result.message);
    },
    failureMessage: (error) => (error instanceof ApiError ? error.message : UPLOAD_FAILED),
  });
  const { errors } = form.formState;
  // Every problem is marked at its field; the first one is also named at the top.
  const problem = submit.failure ?? firstErrorMessage(errors);

  return (
    <Container maxW="3xl" py="10">
      <FormProvider {...form}>
        <form onSubmit={submit.onSubmit} noValidate aria-label="Upload MVP">
          <Stack gap="6">
            <Stack gap="1">
              <Heading as="h1" size="2xl">
                Upload New MVP
              </Heading>
              <Text color="fg.muted">
                Your bundle is scanned and published automatically once it passes.
              </Text>
            </Stack>
            {problem && <FormAlert status="error" title={problem} data-testid="upload-error" />}
            {message && <FormAlert status="success" title={message} data-testid="upload-success" />}
            <TemplateFormSections
              files={
                <>
                  <FilePicker
                    control={form.control}
                    name="bundle"
                    label="MVP File"
                    accept={TEMPLATE_FILE_ACCEPT}
                    required
                    hint={BUNDLE_HINT}
                  />
                  <FilePicker
                    control={form.control}
                    name="images"
                    label="Preview Images"
                    accept={IMAGE_ACCEPT}
                    multiple
                    required
                    hint="JPEG, PNG, WebP or GIF, each under 10 MB. The first one is the cover."
                  />
                </>
              }
              version={
                <FormField label="Version Number" disabled>
                  <Input value="1.0.0" readOnly />
                </FormField>
              }
            />
            <UploadProgress value={progress} />
            <HStack justify="end">
              <Button type="submit" colorPalette="purple" size="lg" loading={progress !== null}>
                Upload MVP
              </Button>
            </HStack>
          </Stack>
        </form>
      </FormProvider>
    </Container>
  );
}
