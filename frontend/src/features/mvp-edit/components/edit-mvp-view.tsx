/**
 * `/mvp/{id}/edit` (seller spec §2 Edit MVP, §5 Edit): every section of the template form, an
 * optional replacement file (processed again) and images through the same presigned upload, a
 * progress bar while updating, Cancel and Update MVP. The API decides who may edit (owner, admin,
 * both) and answers others with 'You are not authorized to edit this MVP.'.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  Container,
  Field,
  Heading,
  HStack,
  Input,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FILE_MESSAGES, IMAGE_ACCEPT, MVP_FILE_ACCEPT } from '@contracts/uploads';
import { versionNumberSchema, type ManagedMvp, type MyMvpsResult } from '@contracts/templates';
import { FilePicker } from '../../../components/mvp-form/file-picker';
import { MvpFormSections } from '../../../components/mvp-form/mvp-form-sections';
import {
  bundleProblem,
  formValuesOf,
  imagesProblem,
  validateMvpFields,
  type MvpFormValues,
} from '../../../components/mvp-form/mvp-form-values';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import type { FieldErrors } from '../../../lib/form-errors';
import { uploadFiles } from '../../../lib/presigned-upload';
import { useManagedMvp } from '../../../lib/seller-mvps';
import { updateMvp } from '../api/update-mvp';

export const UPDATE_FAILED = 'Failed to update MVP. Please try again.';
export const LOAD_FAILED = 'Failed to load MVP data.';
export const MISSING_ID = 'MVP ID is missing from URL.';

export function EditMvpView({ mvpId }: { mvpId: string | undefined }) {
  // Rendered inside RequireSignIn (app/routes/mvp-edit.tsx): the caller is signed in.
  const mvp = useManagedMvp(mvpId);

  if (!mvpId) return <EditProblem message={MISSING_ID} />;
  if (mvp.isPending) return <PageSpinner />;
  if (mvp.isError) {
    const error = mvp.error;
    // 403 and 404 carry the spec's own texts; anything else is a load failure.
    const message =
      error instanceof ApiError && (error.status === 403 || error.status === 404)
        ? error.message
        : LOAD_FAILED;
    return <EditProblem message={message} />;
  }
  return <EditMvpForm key={mvp.data.id} mvp={mvp.data} />;
}

function EditProblem({ message }: { message: string }) {
  return (
    <Container maxW="3xl" py="10">
      <Stack gap="4">
        <Alert.Root status="error" data-testid="edit-error">
          <Alert.Indicator />
          <Alert.Title>{message}</Alert.Title>
        </Alert.Root>
        <Button asChild alignSelf="start" variant="outline">
          <RouterLink to={paths.myMvps.getHref()}>Back to My MVPs</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

/** Bytes sent take the bar to 90%, saving completes it. */
const SENT_SHARE = 90;

function EditMvpForm({ mvp }: { mvp: ManagedMvp }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MvpFormValues>(() => formValuesOf(mvp));
  const [versionNumber, setVersionNumber] = useState(mvp.version_number);
  const [changelog, setChangelog] = useState(mvp.changelog ?? '');
  const [bundle, setBundle] = useState<File[]>([]);
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const checked = validateMvpFields(values);
    const next: FieldErrors = checked.ok ? {} : { ...checked.errors };
    const version = versionNumberSchema.safeParse(versionNumber);
    if (!version.success) next.version_number = version.error.issues[0]?.message;
    const file = bundle[0];
    if (file) {
      const problem = await bundleProblem(file, FILE_MESSAGES.fileTooLargeEdit);
      if (problem) next.bundle = problem;
    }
    const imageProblem = imagesProblem(images);
    if (imageProblem) next.images = imageProblem;
    setErrors(next);
    if (!checked.ok || Object.keys(next).length > 0) {
      setError(Object.values(next)[0]);
      return;
    }
    setProgress(0);
    try {
      const uploaded =
        file || images.length > 0
          ? await uploadFiles({ bundle: file, images }, (fraction) =>
              setProgress(fraction * SENT_SHARE),
            )
          : null;
      setProgress(SENT_SHARE);
      const result = await updateMvp(mvp.id, {
        ...(uploaded ? { uploadId: uploaded.uploadId } : {}),
        fields: checked.data,
        version_number: versionNumber,
        changelog,
        ...(uploaded?.bundle ? { bundle: uploaded.bundle } : {}),
        ...(uploaded && uploaded.images.length > 0 ? { images: uploaded.images } : {}),
      });
      setProgress(100);
      // My MVPs shows the saved template at once, then refetches in the background.
      queryClient.setQueryData<MyMvpsResult>(['my', 'mvps'], (current) =>
        current
          ? {
              ...current,
              items: current.items.map((item) => (item.id === result.mvp.id ? result.mvp : item)),
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: ['my', 'mvps'] });
      queryClient.removeQueries({ queryKey: ['mvps', 'manage', mvp.id] });
      navigate(paths.myMvps.getHref(), { state: { notice: result.message } });
    } catch (failure) {
      setProgress(null);
      setError(failure instanceof ApiError ? failure.message : UPDATE_FAILED);
    }
  };

  const busy = progress !== null;
  return (
    <Container maxW="3xl" py="10">
      <form onSubmit={submit} noValidate aria-label="Edit MVP">
        <Stack gap="6">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Edit MVP
            </Heading>
            <Text color="fg.muted">{mvp.title}</Text>
          </Stack>
          {error && (
            <Alert.Root status="error" data-testid="edit-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <MvpFormSections
            values={values}
            errors={errors}
            onChange={setValues}
            files={
              <>
                <Text fontSize="sm" color="fg.muted">
                  Current file: {mvp.original_file_name ?? 'none'}
                  {mvp.file_size ? ` (${(mvp.file_size / 1024 / 1024).toFixed(2)} MB)` : ''}. A
                  replacement file is scanned and published again.
                </Text>
                <FilePicker
                  label="Replace MVP File"
                  accept={MVP_FILE_ACCEPT}
                  hint="Optional. ZIP, TAR.GZ or RAR, 1 KB to 100 MB."
                  error={errors.bundle}
                  selected={bundle}
                  onSelect={setBundle}
                />
                <FilePicker
                  label="Replace Preview Images"
                  accept={IMAGE_ACCEPT}
                  multiple
                  hint={`Optional. Replaces all ${mvp.preview_images.length} current images; each under 10 MB.`}
                  error={errors.images}
                  selected={images}
                  onSelect={setImages}
                />
              </>
            }
            version={
              <>
                <Field.Root invalid={Boolean(errors.version_number)} required>
                  <Field.Label>Version Number</Field.Label>
                  <Input value={versionNumber} onChange={(e) => setVersionNumber(e.target.value)} />
                  <Field.ErrorText>{errors.version_number}</Field.ErrorText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>Changelog</Field.Label>
                  <Textarea
                    rows={3}
                    value={changelog}
                    onChange={(e) => setChangelog(e.target.value)}
                  />
                </Field.Root>
              </>
            }
          />
          {busy && (
            <Progress.Root value={Math.round(progress)} colorPalette="purple" size="sm">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          <HStack justify="end" gap="3">
            <Button asChild variant="outline" disabled={busy}>
              <RouterLink to={paths.myMvps.getHref()}>Cancel</RouterLink>
            </Button>
            <Button type="submit" colorPalette="purple" loading={busy}>
              Update MVP
            </Button>
          </HStack>
        </Stack>
      </form>
    </Container>
  );
}
