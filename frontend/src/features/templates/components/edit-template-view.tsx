/**
 * `/mvp/{id}/edit`: every section of the template form, an
 * optional replacement file (processed again) and images through the same presigned upload, a
 * progress bar while updating, Cancel and Update MVP. The API decides who may edit (owner, admin,
 * both) and answers others with 'You are not authorized to edit this MVP.'.
 */
import { QueryErrorPage } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useState } from 'react';
import { Button, Container, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { FormProvider, type UseFormRegisterReturn } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ManagedTemplate } from '@contract/templates';
import { IMAGE_ACCEPT, TEMPLATE_FILE_ACCEPT, TEMPLATE_FILE_HINT } from '@contract/uploads';
import { FormAlert } from '@/components/form/form-alert';
import { firstErrorMessage } from '@/components/form/use-form-submit';
import { FormField } from '@/components/form/form-field';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { ApiError, refusalMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useManagedTemplate } from '../api/get-managed-template';
import { useUpdateTemplate } from '../api/update-template';
import {
  editedTemplate,
  editTemplateSchemaFor,
  heldOrLive,
  liveVersionOf,
} from '../lib/template-form';
import { GithubLinkDialog } from '@/features/github';
import { LuGithub } from 'react-icons/lu';
import { EditStatus, VersionStatus } from './version-status';
import { SellerSecuritySection } from '@/features/security';
import { SellerBuildSection } from '@/features/builds';
import { FilePicker } from './file-picker';
import { TemplateFormSections } from './template-form-sections';
import { UploadProgress } from './upload-feedback';

export const UPDATE_FAILED = 'Failed to update MVP. Please try again.';
export const LOAD_FAILED = 'Failed to load MVP data.';
export const MISSING_ID = 'MVP ID is missing from URL.';

export function EditTemplateView({ mvpId }: { mvpId: string | undefined }) {
  // Rendered inside RequireSignIn (app/routes/mvp-edit.tsx): the caller is signed in.
  const template = useManagedTemplate(mvpId);

  if (!mvpId) return <EditProblem message={MISSING_ID} />;
  if (template.isPending) return <PageSpinner />;
  if (template.isError) {
    const error = template.error;
    // 403 and 404 carry the product's own texts; anything else is a load failure, asked again.
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
      return <EditProblem message={error.message} />;
    }
    return (
      <QueryErrorPage
        {...failedQueryProps(template)}
        message={refusalMessage(error, LOAD_FAILED)}
        testId="edit-error"
        py="10"
      />
    );
  }
  return <EditTemplateForm key={template.data.id} mvp={template.data} />;
}

function EditProblem({ message }: { message: string }) {
  return (
    <Container maxW="3xl" py="10">
      <Stack gap="4">
        <FormAlert status="error" title={message} data-testid="edit-error" />
        <Button asChild alignSelf="start" variant="outline">
          <RouterLink to={paths.myMvps.getHref()}>Back to My MVPs</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

function EditHeader({ title }: { title: string }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        Edit MVP
      </Heading>
      <Text color="fg.muted">{title}</Text>
    </Stack>
  );
}

type Notify = (status: 'success' | 'error', text: string) => void;

/** The live version and any held edit, and the GitHub integration's dialog. */
function TemplateStatusBar({ mvp, onNotice }: { mvp: ManagedTemplate; onNotice: Notify }) {
  const [linking, setLinking] = useState(false);
  return (
    <>
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'start' }}
        gap="3"
        borderWidth="1px"
        borderRadius="l2"
        p="4"
      >
        <Stack gap="2">
          <VersionStatus mvp={mvp} onNotice={onNotice} />
          <EditStatus mvp={mvp} />
        </Stack>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setLinking(true)}
          data-testid="github-manage"
        >
          <LuGithub /> Manage GitHub Integration
        </Button>
      </Stack>
      {linking && (
        <GithubLinkDialog
          mvp={mvp}
          open={linking}
          onOpenChange={setLinking}
          onDone={(text) => onNotice('success', text)}
        />
      )}
    </>
  );
}

/** The edit's changes are held for review: the form shows them, buyers still see the live text. */
function HeldEditNote({ at }: { at: string }) {
  return (
    <FormAlert
      status="info"
      title="The form shows your changes waiting for review"
      description={`Saved ${formatDate(at)}. Buyers see the live text until an admin approves them; saving again replaces them.`}
      data-testid="edit-held-note"
    />
  );
}

/** The file buyers get now, and what replacing it does. */
function CurrentFileNote({ mvp, live }: { mvp: ManagedTemplate; live: string | null }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      Current file: {mvp.original_file_name ?? 'none'}
      {mvp.file_size ? ` (${megabytes(mvp.file_size)} MB)` : ''}.{' '}
      {live
        ? `A replacement file is a new version: v${live} stays live while it is scanned and reviewed.`
        : 'A replacement file is scanned and published again.'}
    </Text>
  );
}

interface VersionFieldsProps {
  /** The live version's number, when one is published. */
  live: string | null;
  error?: string;
  versionRegistration: UseFormRegisterReturn<'version_number'>;
  changelogRegistration: UseFormRegisterReturn<'changelog'>;
}

/** The version number (checked against the live one) and the changelog. */
function VersionFields({
  live,
  error,
  versionRegistration,
  changelogRegistration,
}: VersionFieldsProps) {
  return (
    <>
      <FormField
        label="Version Number"
        required
        error={error}
        helperText={
          live
            ? `With a replacement file: greater than the live ${live}. Without one, the live version's number stays.`
            : undefined
        }
      >
        <Input {...versionRegistration} />
      </FormField>
      <FormField label="Changelog">
        <Textarea {...changelogRegistration} rows={3} />
      </FormField>
    </>
  );
}

/** Cancel back to My MVPs, or Update MVP. */
function EditActions({ busy }: { busy: boolean }) {
  return (
    <HStack justify="end" gap="3">
      <Button asChild variant="outline" disabled={busy}>
        <RouterLink to={paths.myMvps.getHref()}>Cancel</RouterLink>
      </Button>
      <Button type="submit" colorPalette="purple" loading={busy}>
        Update MVP
      </Button>
    </HStack>
  );
}

/** What is known of the newest version: its security report, and its build (with Rebuild). */
function VersionReports({ mvp }: { mvp: ManagedTemplate }) {
  return (
    <>
      <SellerSecuritySection
        mvpId={mvp.id}
        status={mvp.status}
        liveVersion={mvp.status === 'approved' ? mvp.version_number : null}
        pendingVersion={mvp.pending_version}
      />
      <SellerBuildSection mvpId={mvp.id} sellerId={mvp.seller_id} />
    </>
  );
}

function EditTemplateForm({ mvp }: { mvp: ManagedTemplate }) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const updateTemplate = useUpdateTemplate(mvp.id, setProgress);
  const form = useZodForm(editTemplateSchemaFor(mvp), editedTemplate(mvp));
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string }>();
  const live = liveVersionOf(mvp);
  const held = mvp.pending_edit?.status === 'pending_review' ? mvp.pending_edit : null;
  const submit = useFormSubmit(form, {
    onValid: async ({ version_number, changelog, bundle, images, ...fields }) => {
      const result = await updateTemplate.mutateAsync({
        fields,
        version_number,
        changelog,
        bundle: bundle[0],
        images,
      });
      navigate(paths.myMvps.getHref(), { state: { notice: result.message } });
    },
    failureMessage: (error) => (error instanceof ApiError ? error.message : UPDATE_FAILED),
  });
  const { errors } = form.formState;
  const problem = submit.failure ?? firstErrorMessage(errors);
  const busy = progress !== null;

  return (
    <Container maxW="3xl" py="10">
      <FormProvider {...form}>
        <form onSubmit={submit.onSubmit} noValidate aria-label="Edit MVP">
          <Stack gap="6">
            <EditHeader title={mvp.title} />
            <TemplateStatusBar mvp={mvp} onNotice={(status, text) => setNotice({ status, text })} />
            {notice && (
              <FormAlert status={notice.status} title={notice.text} data-testid="edit-notice" />
            )}
            {problem && <FormAlert status="error" title={problem} data-testid="edit-error" />}
            {held && <HeldEditNote at={held.at} />}
            <VersionReports mvp={mvp} />
            <TemplateFormSections
              files={
                <>
                  <CurrentFileNote mvp={mvp} live={live} />
                  <FilePicker
                    control={form.control}
                    name="bundle"
                    label="Replace MVP File"
                    accept={TEMPLATE_FILE_ACCEPT}
                    hint={`Optional. ${TEMPLATE_FILE_HINT}`}
                  />
                  <FilePicker
                    control={form.control}
                    name="images"
                    label="Replace Preview Images"
                    accept={IMAGE_ACCEPT}
                    multiple
                    hint={`Optional. Replaces all ${heldOrLive(mvp).preview_images.length} ${held ? 'images waiting for review' : 'current images'}; each under 10 MB.`}
                  />
                </>
              }
              version={
                <VersionFields
                  live={live}
                  error={errors.version_number?.message}
                  versionRegistration={form.register('version_number')}
                  changelogRegistration={form.register('changelog')}
                />
              }
            />
            <UploadProgress value={progress} label={false} />
            <EditActions busy={busy} />
          </Stack>
        </form>
      </FormProvider>
    </Container>
  );
}
