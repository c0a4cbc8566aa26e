/**
 * One template on My MVPs: cover image, status badge, title, tagline, three tech
 * tags and '+N more', rating to one decimal, downloads, the live version and a newer one on its
 * way (with its Retry and Withdraw); View, Edit, New Version, Retry (where the API says a retry
 * can change the outcome; "Upload a corrected version" for a file the scan refused) and delete with
 * confirmation; the processing error for failed states; the
 * linked GitHub repository as `owner/name @abc1234` with Sync, and the GitHub link dialog.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Dialog,
  HStack,
  Image,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuDownload, LuGithub, LuStar } from 'react-icons/lu';
import {
  PROCESSING_FAILED_STATUSES,
  STATUS_LABELS,
  TEMPLATE_MESSAGES,
  type ManagedTemplate,
} from '@contract/templates';
import type { TemplateStatus } from '@contract/catalog';
import { syncFailureText } from '@contract/github-sync-failure';
import { TechTags } from '@/components/tech-tags';
import { paths } from '@/config/paths';
import { formatCount, formatDateTime, formatRating, isRated, NO_RATINGS_TEXT } from '@/lib/format';
import { GithubLinkDialog } from '@/features/github';
import { EditStatus, VersionStatus } from './version-status';
import { SecurityStateLine, SECURITY_SECTION_ID } from '@/features/security';

const FALLBACK_IMAGE = '/fallback-preview.svg';
const CARD_TECH_TAGS = 3;

const STATUS_COLORS: Record<TemplateStatus, string> = {
  approved: 'green',
  pending_review: 'yellow',
  rejected: 'red',
  scan_failed: 'red',
  ipfs_pin_failed: 'orange',
  archived: 'gray',
};

interface MyTemplateCardProps {
  mvp: ManagedTemplate;
  onRetry: (template: ManagedTemplate) => void;
  onDelete: (template: ManagedTemplate) => Promise<void>;
  retrying: boolean;
  onSync: (template: ManagedTemplate) => void;
  syncing: boolean;
  /** A message for the page (linked, unlinked). */
  onNotice: (message: string) => void;
  /** How a version's Retry or Withdraw went. */
  onVersionNotice: (status: 'success' | 'error', text: string) => void;
}

/** The first preview image (a fallback when it fails) with the status badge. */
function MyTemplateCover({ mvp }: { mvp: ManagedTemplate }) {
  return (
    <Box position="relative">
      <Image
        src={mvp.preview_images[0] ?? FALLBACK_IMAGE}
        alt={`${mvp.title} preview`}
        aspectRatio={16 / 9}
        w="full"
        objectFit="cover"
        bg="bg.muted"
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(FALLBACK_IMAGE)) {
            event.currentTarget.src = FALLBACK_IMAGE;
          }
        }}
      />
      <Badge
        position="absolute"
        top="3"
        right="3"
        variant="solid"
        colorPalette={STATUS_COLORS[mvp.status]}
        data-testid="mvp-status"
      >
        {STATUS_LABELS[mvp.status]}
      </Badge>
    </Box>
  );
}

/** The rating and the download count. */
function MyTemplateFigures({ mvp }: { mvp: ManagedTemplate }) {
  return (
    <HStack gap="4" fontSize="sm" color="fg.muted">
      <HStack gap="1">
        <LuStar />
        <Text>
          {isRated(mvp.average_rating) ? formatRating(mvp.average_rating) : NO_RATINGS_TEXT}
        </Text>
      </HStack>
      <HStack gap="1">
        <LuDownload />
        <Text>{formatCount(mvp.download_count)}</Text>
      </HStack>
    </HStack>
  );
}

interface ManageGithubProps {
  mvp: ManagedTemplate;
  onNotice: (text: string) => void;
}

/** Link or manage the template's GitHub repository, in its dialog. */
function ManageGithub({ mvp, onNotice }: ManageGithubProps) {
  const [linking, setLinking] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setLinking(true)}
        data-testid="github-manage"
      >
        <LuGithub /> {mvp.github ? 'Manage GitHub' : 'Link GitHub'}
      </Button>
      {linking && (
        <GithubLinkDialog mvp={mvp} open={linking} onOpenChange={setLinking} onDone={onNotice} />
      )}
    </>
  );
}

interface DeleteTemplateDialogProps {
  mvp: ManagedTemplate;
  onDelete: MyTemplateCardProps['onDelete'];
}

/** Delete, after a confirmation that says buyers keep their download history. */
function DeleteTemplateDialog({ mvp, onDelete }: DeleteTemplateDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Dialog.Root
      role="alertdialog"
      open={confirming}
      onOpenChange={(details) => setConfirming(details.open)}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost" colorPalette="red">
          Delete
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete this MVP?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                “{mvp.title}” will be removed from the marketplace and from your list. Buyers keep
                their download history.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={deleting}
                onClick={async () => {
                  setDeleting(true);
                  try {
                    await onDelete(mvp);
                    setConfirming(false);
                  } finally {
                    setDeleting(false);
                  }
                }}
              >
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Why processing failed, as the pipeline recorded it. */
function ProcessingError({ message, hint }: { message: string; hint?: string }) {
  return (
    <Alert.Root status="error" size="sm" data-testid="processing-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Processing error</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
        {hint && (
          <Alert.Description mt="1" data-testid="processing-error-hint">
            {hint}
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The linked repository, the commit last synced, and the last sync's failure with its reason. */
function GithubRepoLine({ github }: { github: NonNullable<ManagedTemplate['github']> }) {
  return (
    <Stack gap="2">
      <HStack gap="1" fontSize="sm" color="fg.muted" data-testid="github-repo">
        <LuGithub />
        <Text>
          {github.owner}/{github.name}
          {github.last_synced_sha ? ` @${github.last_synced_sha.slice(0, 7)}` : ''}
        </Text>
      </HStack>
      {github.sync_failure && (
        <Alert.Root status="warning" size="sm" data-testid="github-sync-failure">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>GitHub sync failed</Alert.Title>
            <Alert.Description>
              {syncFailureText(github.sync_failure)} ({formatDateTime(github.sync_failure.at)})
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}

/**
 * What the seller can do with the file: a new version, or, after a failure, Retry when a retry can
 * change the outcome, else "Upload a corrected version" in place of New Version.
 */
function NextFileActions({
  mvp,
  retryable,
  needsCorrection,
  retrying,
  onRetry,
}: {
  mvp: ManagedTemplate;
  retryable: boolean;
  needsCorrection: boolean;
  retrying: boolean;
  onRetry: (template: ManagedTemplate) => void;
}) {
  return (
    <>
      {needsCorrection ? (
        <Button asChild size="sm" colorPalette="orange">
          <RouterLink to={paths.upload.getHref(mvp.id)}>
            {TEMPLATE_MESSAGES.uploadCorrected}
          </RouterLink>
        </Button>
      ) : (
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.upload.getHref(mvp.id)}>New Version</RouterLink>
        </Button>
      )}
      {retryable && (
        <Button size="sm" colorPalette="orange" loading={retrying} onClick={() => onRetry(mvp)}>
          Retry
        </Button>
      )}
    </>
  );
}

/** The template's public page (once approved) and its edit page. */
function PageLinks({ mvp }: { mvp: MyTemplateCardProps['mvp'] }) {
  return (
    <>
      {mvp.status === 'approved' && (
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.mvp.getHref(mvp.id)}>View</RouterLink>
        </Button>
      )}
      <Button asChild size="sm" variant="outline">
        <RouterLink to={paths.mvpEdit.getHref(mvp.id)}>Edit</RouterLink>
      </Button>
    </>
  );
}

export function MyTemplateCard({
  mvp,
  onRetry,
  onDelete,
  retrying,
  onSync,
  syncing,
  onNotice,
  onVersionNotice,
}: MyTemplateCardProps) {
  const failed = PROCESSING_FAILED_STATUSES.includes(mvp.status);
  // The card's own Retry is the template's; a newer version's is in VersionStatus.
  const retryable = failed && mvp.retryable;
  const needsCorrection = mvp.status === 'scan_failed' && !retryable;

  return (
    <Card.Root
      variant="outline"
      overflow="hidden"
      data-testid="my-mvp-card"
      data-mvp-id={mvp.id}
      data-status={mvp.status}
    >
      <MyTemplateCover mvp={mvp} />
      <Card.Body gap="3" p="5">
        <Box>
          <Card.Title as="h3" lineClamp={1}>
            {mvp.title}
          </Card.Title>
          <Card.Description lineClamp={2} mt="1">
            {mvp.tagline}
          </Card.Description>
        </Box>
        <TechTags techStack={mvp.tech_stack} max={CARD_TECH_TAGS} />
        <MyTemplateFigures mvp={mvp} />
        <VersionStatus mvp={mvp} onNotice={onVersionNotice} />
        <EditStatus mvp={mvp} />
        <SecurityStateLine
          mvpId={mvp.id}
          reportHref={`${paths.mvpEdit.getHref(mvp.id)}#${SECURITY_SECTION_ID}`}
        />
        {mvp.github && <GithubRepoLine github={mvp.github} />}
        {failed && mvp.last_processing_error && (
          <ProcessingError
            message={mvp.last_processing_error}
            {...(needsCorrection && { hint: TEMPLATE_MESSAGES.scanRefusedHint })}
          />
        )}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap" px="5" pb="5">
        <PageLinks mvp={mvp} />
        <NextFileActions
          mvp={mvp}
          retryable={retryable}
          needsCorrection={needsCorrection}
          retrying={retrying}
          onRetry={onRetry}
        />
        {mvp.github && (
          <Button
            size="sm"
            variant="outline"
            loading={syncing}
            onClick={() => onSync(mvp)}
            data-testid="github-sync"
          >
            Sync
          </Button>
        )}
        <ManageGithub mvp={mvp} onNotice={onNotice} />
        <DeleteTemplateDialog mvp={mvp} onDelete={onDelete} />
      </Card.Footer>
    </Card.Root>
  );
}
