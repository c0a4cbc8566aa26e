/** `/upload?mvpId=`: a new version of a template, with its changelog. */
import { QueryErrorPage } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useState } from 'react';
import { Button, Container, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  bumpVersion,
  IN_PROGRESS_VERSION_STATUSES,
  VERSION_MESSAGES,
  type ManagedTemplate,
} from '@contract/templates';
import { TEMPLATE_FILE_ACCEPT } from '@contract/uploads';
import { FormAlert } from '@/components/form/form-alert';
import { firstErrorMessage } from '@/components/form/use-form-submit';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageSpinner } from '@/components/page-spinner';
import { ApiError } from '@/lib/api-error';
import { useCreateVersion } from '../api/create-version';
import { useManagedTemplate } from '../api/get-managed-template';
import { liveVersionOf, newVersionSchemaFor } from '../lib/template-form';
import { FilePicker } from './file-picker';
import { BUNDLE_HINT, UPLOAD_FAILED } from './new-template-form';
import { UploadProgress, useSuccessRedirect } from './upload-feedback';

export function NewVersionForm({ mvpId }: { mvpId: string }) {
  const template = useManagedTemplate(mvpId);
  if (template.isPending) return <PageSpinner />;
  if (template.isError) {
    return <QueryErrorPage {...failedQueryProps(template)} testId="upload-error" py="10" />;
  }
  // The suggested number follows the stored version; a fresher read starts the form again.
  return (
    <VersionForm key={`${template.data.id}@${template.data.version_number}`} mvp={template.data} />
  );
}

function VersionForm({ mvp }: { mvp: ManagedTemplate }) {
  const [progress, setProgress] = useState<number | null>(null);
  const { message, succeed } = useSuccessRedirect();
  const createVersion = useCreateVersion(mvp.id, setProgress);
  const form = useZodForm(newVersionSchemaFor(mvp), {
    version_number: bumpVersion(mvp.version_number),
    changelog: '',
    bundle: [] as File[],
  });
  const submit = useFormSubmit(form, {
    onValid: async ({ version_number, changelog, bundle }) => {
      const result = await createVersion.mutateAsync({
        version_number,
        changelog,
        bundle: bundle[0]!,
      });
      succeed(result.message);
    },
    failureMessage: (error) => (error instanceof ApiError ? error.message : UPLOAD_FAILED),
  });
  const { errors } = form.formState;
  const problem = submit.failure ?? firstErrorMessage(errors);

  return (
    <Container maxW="3xl" py="10">
      <form onSubmit={submit.onSubmit} noValidate aria-label="Upload new version">
        <Stack gap="6">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Upload New Version
            </Heading>
            <Text color="fg.muted">
              {liveVersionOf(mvp)
                ? `${mvp.title}: live version ${mvp.version_number}. Buyers keep getting it while the new version is scanned and reviewed; it goes live once approved.`
                : `${mvp.title}: current version ${mvp.version_number}. The previous file stays in the version history.`}
            </Text>
          </Stack>
          {mvp.pending_version &&
            IN_PROGRESS_VERSION_STATUSES.includes(mvp.pending_version.status) && (
              // Said before the upload: the API would refuse a second version on its way.
              <FormAlert
                status="warning"
                title={VERSION_MESSAGES.inReview(mvp.pending_version.version_number)}
                data-testid="version-in-review"
              />
            )}
          {problem && <FormAlert status="error" title={problem} data-testid="upload-error" />}
          {message && <FormAlert status="success" title={message} data-testid="upload-success" />}
          <FormField
            label="Version Number"
            required
            error={errors.version_number?.message}
            helperText={
              liveVersionOf(mvp) ? `Must be greater than ${mvp.version_number}.` : undefined
            }
          >
            <Input {...form.register('version_number')} />
          </FormField>
          <FormField label="Changelog" required error={errors.changelog?.message}>
            <Textarea {...form.register('changelog')} rows={4} />
          </FormField>
          <FilePicker
            control={form.control}
            name="bundle"
            label="MVP File"
            accept={TEMPLATE_FILE_ACCEPT}
            required
            hint={BUNDLE_HINT}
          />
          <UploadProgress value={progress} />
          <HStack justify="end">
            <Button type="submit" colorPalette="purple" size="lg" loading={progress !== null}>
              Upload Version
            </Button>
          </HStack>
        </Stack>
      </form>
    </Container>
  );
}
