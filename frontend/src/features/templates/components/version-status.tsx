/**
 * The live version of a template and the newer one on its way, as its seller reads them on My MVPs
 * and the edit page: "v1.2.0 live · v1.3.0 in review", or "v1.3.0 scan failed: <reason>". Retry
 * is offered where the API says a retry can change the outcome; a version the scan refused for its
 * contents is answered with "Upload a corrected version" instead. A version not live yet may be
 * withdrawn; the live one stays as it is either way.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import {
  TEMPLATE_MESSAGES,
  VERSION_STATUS_LABELS,
  WITHDRAWABLE_VERSION_STATUSES,
  type ManagedTemplate,
} from '@contract/templates';
import { ApiError, refusalMessage } from '@/lib/api-error';
import { useRetryProcessing } from '../api/retry-processing';
import { useWithdrawVersion } from '../api/withdraw-version';
import { formatDate } from '@/lib/format';
import { paths } from '@/config/paths';

export const WITHDRAW_FAILED = 'Failed to withdraw the version. Please try again.';
export const RETRY_VERSION_FAILED = 'Failed to retry processing. Please try again.';

const TONE: Record<string, string> = {
  processing: 'fg.muted',
  pending_review: 'yellow.fg',
  scan_failed: 'fg.error',
  ipfs_pin_failed: 'orange.fg',
  rejected: 'fg.error',
};

/** The one-line summary: "v1.2.0 live · v1.3.0 in review" (the live part only when live). */
export const versionLine = (template: ManagedTemplate): string => {
  const live =
    template.status === 'approved'
      ? `v${template.version_number} live`
      : `v${template.version_number}`;
  const pending = template.pending_version;
  if (!pending) return live;
  return `${live} · v${pending.version_number} ${VERSION_STATUS_LABELS[pending.status]}`;
};

/** The form's field names as a person reads them. */
const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  tagline: 'tagline',
  description: 'description',
  category: 'category',
  features: 'features',
  tech_stack: 'tech stack',
  demo_url: 'demo link',
  github_url: 'GitHub link',
  stackblitz_link: 'StackBlitz link',
  licensing_terms: 'licence',
  access_tier: 'access tier',
  price: 'price',
  preview_images: 'images',
};

/** Held edits of a live template (moderation): waiting for review, or rejected with the reason. */
export function EditStatus({ mvp }: { mvp: ManagedTemplate }) {
  const edit = mvp.pending_edit;
  if (!edit) return null;
  const changed = edit.changed.map((name) => FIELD_LABELS[name] ?? name).join(', ');
  return (
    <Text
      fontSize="sm"
      color={edit.status === 'rejected' ? 'fg.error' : 'yellow.fg'}
      data-testid="edit-status"
      data-edit-status={edit.status}
    >
      {edit.status === 'rejected'
        ? `Your changes were rejected: ${edit.reason ?? ''} Buyers see the live text.`
        : `Changes in review${changed ? ` (${changed})` : ''} since ${formatDate(edit.at)}. Buyers see the live text until they are approved.`}
    </Text>
  );
}

/** The live version and the one in progress, with what buyers get meanwhile. */
function PendingVersionLine({
  mvp,
  pending,
}: {
  mvp: ManagedTemplate;
  pending: NonNullable<ManagedTemplate['pending_version']>;
}) {
  return (
    <>
      <Text fontSize="sm" data-testid="version-line">
        <Text as="span" color="fg.muted">
          {mvp.status === 'approved' ? `v${mvp.version_number} live` : `v${mvp.version_number}`}
        </Text>
        {' · '}
        <Text as="span" color={TONE[pending.status] ?? 'fg.muted'} fontWeight="medium">
          v{pending.version_number} {VERSION_STATUS_LABELS[pending.status]}
          {pending.error ? `: ${pending.error}` : ''}
        </Text>
      </Text>
      <Text fontSize="xs" color="fg.subtle">
        Since {formatDate(pending.at)}. Buyers keep getting v{mvp.version_number} until v
        {pending.version_number} is approved.
      </Text>
    </>
  );
}

export function VersionStatus({
  mvp,
  onNotice,
}: {
  mvp: ManagedTemplate;
  /** Tells the page how Retry or Withdraw went. */
  onNotice: (status: 'success' | 'error', text: string) => void;
}) {
  const retry = useRetryProcessing();
  const withdraw = useWithdrawVersion();
  const pending = mvp.pending_version;
  if (!pending) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="version-line">
        {versionLine(mvp)}
      </Text>
    );
  }
  const retryable = mvp.retryable;
  // Refused for its contents: the same file would be refused again.
  const needsCorrection = pending.status === 'scan_failed';
  const withdrawable = WITHDRAWABLE_VERSION_STATUSES.includes(pending.status);
  return (
    <Stack gap="2" data-testid="version-status" data-version-status={pending.status}>
      <PendingVersionLine mvp={mvp} pending={pending} />
      {(retryable || needsCorrection || withdrawable) && (
        <HStack gap="2" wrap="wrap">
          {needsCorrection && !retryable && (
            <Button asChild size="xs" colorPalette="orange" data-testid="version-upload-corrected">
              <RouterLink to={paths.upload.getHref(mvp.id)}>
                {TEMPLATE_MESSAGES.uploadCorrected}
              </RouterLink>
            </Button>
          )}
          {retryable && (
            <Button
              size="xs"
              colorPalette="orange"
              loading={retry.isPending}
              onClick={() =>
                retry.mutate(mvp.id, {
                  onSuccess: (result) => onNotice('success', result.message),
                  onError: (error) =>
                    onNotice('error', refusalMessage(error, RETRY_VERSION_FAILED)),
                })
              }
              data-testid="version-retry"
            >
              Retry
            </Button>
          )}
          {withdrawable && (
            <Button
              size="xs"
              variant="outline"
              loading={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(
                  { mvpId: mvp.id, versionId: pending.id },
                  {
                    onSuccess: (result) => onNotice('success', result.message),
                    onError: (error) =>
                      onNotice(
                        'error',
                        error instanceof ApiError ? error.message : WITHDRAW_FAILED,
                      ),
                  },
                )
              }
              data-testid="version-withdraw"
            >
              Withdraw v{pending.version_number}
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}
