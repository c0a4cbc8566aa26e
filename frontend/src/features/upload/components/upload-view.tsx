/**
 * `/upload` and `/upload?mvpId=` (seller spec §2 Upload page, §5 Upload): a new template, or a new
 * version of one. Files go straight to S3 with a real progress bar, then the API registers them
 * and processing starts; on success the seller lands on the dashboard with a message after 1 s.
 * Only approved sellers may upload; the API enforces the same.
 */
import { useEffect, useRef, useState } from 'react';
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
import { useNavigate } from 'react-router';
import { bumpVersion, changelogSchema, versionNumberSchema } from '@contracts/templates';
import { FILE_MESSAGES, IMAGE_ACCEPT, MVP_FILE_ACCEPT } from '@contracts/uploads';
import { hasAdminRights, isSellerRole } from '@contracts/profile';
import { FilePicker } from '../../../components/mvp-form/file-picker';
import { MvpFormSections } from '../../../components/mvp-form/mvp-form-sections';
import {
  bundleProblem,
  emptyMvpForm,
  imagesProblem,
  validateMvpFields,
  type MvpFormValues,
} from '../../../components/mvp-form/mvp-form-values';
import { PageSpinner } from '../../../components/page-spinner';
import { SellerApprovalRequired } from '../../../components/seller-approval-required';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-error';
import type { FieldErrors } from '../../../lib/form-errors';
import { uploadFiles } from '../../../lib/presigned-upload';
import { createMvp } from '../api/create-mvp';
import { createVersion } from '../api/create-version';
import { useManagedMvp } from '../../../lib/seller-mvps';
import { useMyProfile } from '../../../lib/my-profile';

export const UPLOAD_FAILED = 'Failed to upload MVP. Please try again.';
/** Pause on the success message before going to the dashboard (seller spec §9). */
const REDIRECT_DELAY_MS = 1_000;

export function UploadView({ mvpId }: { mvpId?: string }) {
  // Rendered inside RequireSignIn (app/routes/upload.tsx): the caller is signed in.
  const profile = useMyProfile();

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return (
      <Container maxW="3xl" py="10">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(profile.error)}</Alert.Title>
        </Alert.Root>
      </Container>
    );
  }
  const me = profile.data!;
  const approvedSeller = me.is_seller_approved && isSellerRole(me.role);
  // Admin and both (not a beta account) may add versions to any template (seller spec §6); new
  // templates are sellers'.
  if (!approvedSeller && !(mvpId && hasAdminRights(me))) return <SellerApprovalRequired />;
  return mvpId ? <NewVersionForm mvpId={mvpId} /> : <NewMvpForm />;
}

function useSuccessRedirect() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  const [message, setMessage] = useState<string>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    message,
    succeed: (text: string) => {
      setMessage(text);
      timer.current = window.setTimeout(
        () => navigate(paths.dashboard.getHref(), { state: { notice: text } }),
        REDIRECT_DELAY_MS,
      );
    },
  };
}

function UploadProgress({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <Stack gap="1" data-testid="upload-progress">
      <Progress.Root value={Math.round(value)} colorPalette="purple" size="sm">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted">
        Uploading… {Math.round(value)}%
      </Text>
    </Stack>
  );
}

function StatusAlerts({ error, success }: { error?: string; success?: string }) {
  return (
    <>
      {error && (
        <Alert.Root status="error" data-testid="upload-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {success && (
        <Alert.Root status="success" data-testid="upload-success">
          <Alert.Indicator />
          <Alert.Title>{success}</Alert.Title>
        </Alert.Root>
      )}
    </>
  );
}

/** Upload progress: the bytes sent take the bar to 90%, registration completes it. */
const SENT_SHARE = 90;

function NewMvpForm() {
  const [values, setValues] = useState<MvpFormValues>(emptyMvpForm);
  const [bundle, setBundle] = useState<File[]>([]);
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const { message, succeed } = useSuccessRedirect();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const checked = validateMvpFields(values);
    const next: FieldErrors = checked.ok ? {} : { ...checked.errors };
    const file = bundle[0];
    if (!file) next.bundle = FILE_MESSAGES.fileRequired;
    else {
      const problem = await bundleProblem(file);
      if (problem) next.bundle = problem;
    }
    if (images.length === 0) next.images = FILE_MESSAGES.imagesRequired;
    else {
      const problem = imagesProblem(images);
      if (problem) next.images = problem;
    }
    setErrors(next);
    if (!checked.ok || Object.keys(next).length > 0 || !file) {
      setError(Object.values(next)[0]);
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadFiles({ bundle: file, images }, (fraction) =>
        setProgress(fraction * SENT_SHARE),
      );
      const result = await createMvp({
        uploadId: uploaded.uploadId,
        fields: checked.data,
        bundle: uploaded.bundle!,
        images: uploaded.images,
      });
      setProgress(100);
      succeed(result.message);
    } catch (failure) {
      setProgress(null);
      setError(failure instanceof ApiError ? failure.message : UPLOAD_FAILED);
    }
  };

  const busy = progress !== null;
  return (
    <Container maxW="3xl" py="10">
      <form onSubmit={submit} noValidate aria-label="Upload MVP">
        <Stack gap="6">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Upload New MVP
            </Heading>
            <Text color="fg.muted">
              Your bundle is scanned and published automatically once it passes.
            </Text>
          </Stack>
          <StatusAlerts error={error} success={message} />
          <MvpFormSections
            values={values}
            errors={errors}
            onChange={setValues}
            files={
              <>
                <FilePicker
                  label="MVP File"
                  accept={MVP_FILE_ACCEPT}
                  required
                  hint="ZIP, TAR.GZ or RAR, 1 KB to 100 MB."
                  error={errors.bundle}
                  selected={bundle}
                  onSelect={setBundle}
                />
                <FilePicker
                  label="Preview Images"
                  accept={IMAGE_ACCEPT}
                  multiple
                  required
                  hint="JPEG, PNG, WebP or GIF, each under 10 MB. The first one is the cover."
                  error={errors.images}
                  selected={images}
                  onSelect={setImages}
                />
              </>
            }
            version={
              <Field.Root disabled>
                <Field.Label>Version Number</Field.Label>
                <Input value="1.0.0" readOnly />
              </Field.Root>
            }
          />
          <UploadProgress value={progress} />
          <HStack justify="end">
            <Button type="submit" colorPalette="purple" size="lg" loading={busy}>
              Upload MVP
            </Button>
          </HStack>
        </Stack>
      </form>
    </Container>
  );
}

function NewVersionForm({ mvpId }: { mvpId: string }) {
  const mvp = useManagedMvp(mvpId);
  const [versionNumber, setVersionNumber] = useState<string>();
  const [changelog, setChangelog] = useState('');
  const [bundle, setBundle] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const { message, succeed } = useSuccessRedirect();

  if (mvp.isPending) return <PageSpinner />;
  if (mvp.isError) {
    return (
      <Container maxW="3xl" py="10">
        <Alert.Root status="error" data-testid="upload-error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(mvp.error)}</Alert.Title>
        </Alert.Root>
      </Container>
    );
  }
  const version = versionNumber ?? bumpVersion(mvp.data.version_number);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const next: FieldErrors = {};
    const checkedVersion = versionNumberSchema.safeParse(version);
    if (!checkedVersion.success) next.version_number = checkedVersion.error.issues[0]?.message;
    const checkedLog = changelogSchema.safeParse(changelog);
    if (!checkedLog.success) next.changelog = checkedLog.error.issues[0]?.message;
    const file = bundle[0];
    if (!file) next.bundle = FILE_MESSAGES.fileRequired;
    else {
      const problem = await bundleProblem(file);
      if (problem) next.bundle = problem;
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !file) {
      setError(Object.values(next)[0]);
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadFiles({ bundle: file, images: [] }, (fraction) =>
        setProgress(fraction * SENT_SHARE),
      );
      const result = await createVersion(mvpId, {
        uploadId: uploaded.uploadId,
        version_number: version,
        changelog,
        bundle: uploaded.bundle!,
      });
      setProgress(100);
      succeed(result.message);
    } catch (failure) {
      setProgress(null);
      setError(failure instanceof ApiError ? failure.message : UPLOAD_FAILED);
    }
  };

  return (
    <Container maxW="3xl" py="10">
      <form onSubmit={submit} noValidate aria-label="Upload new version">
        <Stack gap="6">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Upload New Version
            </Heading>
            <Text color="fg.muted">
              {mvp.data.title}: current version {mvp.data.version_number}. The previous file stays
              in the version history.
            </Text>
          </Stack>
          <StatusAlerts error={error} success={message} />
          <Field.Root invalid={Boolean(errors.version_number)} required>
            <Field.Label>Version Number</Field.Label>
            <Input value={version} onChange={(e) => setVersionNumber(e.target.value)} />
            <Field.ErrorText>{errors.version_number}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.changelog)} required>
            <Field.Label>Changelog</Field.Label>
            <Textarea rows={4} value={changelog} onChange={(e) => setChangelog(e.target.value)} />
            <Field.ErrorText>{errors.changelog}</Field.ErrorText>
          </Field.Root>
          <FilePicker
            label="MVP File"
            accept={MVP_FILE_ACCEPT}
            required
            hint="ZIP, TAR.GZ or RAR, 1 KB to 100 MB."
            error={errors.bundle}
            selected={bundle}
            onSelect={setBundle}
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
