/**
 * The detail page's actions: Download (quota shown, the product's messages), Deploy (honest placeholder),
 * Open in StackBlitz, and the report-a-problem link. Anonymous visitors can press Download and are
 * told to log in, with a link to /auth that brings them back.
 *
 * A one-time-sale template is bought, not downloaded with the quota: until the caller
 * owns it the panel shows the purchase button the route composes in (the billing feature's), and
 * no quota; once owned, an "Owned" badge and a Download that spends nothing.
 *
 * What Download or Deploy costs (a download of the quota, or free: owned, free template, already
 * downloaded this month) is the API's answer in the download status, said before either starts.
 * The seller of the template sees "Your template" and a link to edit it instead of any action.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import {
  LuCircleCheck,
  LuDownload,
  LuExternalLink,
  LuFlag,
  LuGithub,
  LuPencil,
} from 'react-icons/lu';
import type { TemplateDetail } from '@contract/catalog';
import {
  DOWNLOAD_COST_TEXTS,
  DOWNLOAD_MESSAGES,
  REFUSED_DOWNLOAD_COSTS,
  UNLIMITED_DOWNLOADS,
  revokedDownloadMessage,
  type DownloadCost,
  type DownloadStatus,
} from '@contract/downloads';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/auth-session';
import { useDownloadTemplate } from '../api/download-template';
import { useDownloadStatus } from '../api/get-download-status';
import { formatDate } from '@/lib/format';
import { SignInLink } from '@/components/sign-in-link';

const describeRemaining = (remaining: number): string =>
  remaining >= UNLIMITED_DOWNLOADS
    ? 'Unlimited downloads'
    : `${remaining} ${remaining === 1 ? 'download' : 'downloads'} left`;

const formatDay = (iso: string) => formatDate(iso);

export interface DownloadPanelProps {
  mvp: TemplateDetail;
  /** Reads the template again after a download (its count); from the detail page. */
  onDownloaded?: () => Promise<void>;
  /** One-time-sale templates not (yet) owned: the purchase button, shown instead of Download. */
  purchase?: ReactNode;
  /**
   * The Deploy button, from the deployments feature (by the route); `canDeploy` is false when the
   * caller may not download the template; `costNote` says what deploying will cost (null until
   * known).
   */
  deploy: (canDeploy: boolean, costNote: string | null) => ReactNode;
}

/** Costs that let a download go ahead; the sentence shown before Download or Deploy starts. */
const costNoteOf = (cost: DownloadCost | undefined): string | null =>
  cost === undefined || REFUSED_DOWNLOAD_COSTS.includes(cost) ? null : DOWNLOAD_COST_TEXTS[cost];

/** The seller's own template: no buying, downloading or deploying, a way to edit it instead. */
function OwnTemplatePanel({ mvpId }: { mvpId: string }) {
  return (
    <Stack gap="3" id="download-panel" data-testid="download-panel">
      <Stack gap="2" data-testid="own-template">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette="purple" variant="solid" size="lg">
            Your template
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            Buyers download, buy and deploy it here. You cannot spend a download on it.
          </Text>
        </HStack>
        <Button asChild colorPalette="purple" variant="outline" alignSelf="start">
          <RouterLink to={paths.mvpEdit.getHref(mvpId)}>
            <LuPencil /> Edit template
          </RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}

/** What a failed download says: the API's words, sign-in for a lost session, the product's otherwise. */
const downloadFailure = (error: Error | null): string | null =>
  error
    ? error instanceof ApiError && error.status !== 401
      ? error.message
      : error instanceof ApiError
        ? DOWNLOAD_MESSAGES.signInRequired
        : DOWNLOAD_MESSAGES.failed
    : null;

/** A one-time-sale template the caller bought: downloads spend no quota. */
function OwnedBadge() {
  return (
    <HStack gap="2" data-testid="owned">
      <Badge colorPalette="green" variant="solid" size="lg">
        <LuCircleCheck /> Owned
      </Badge>
      <Text fontSize="sm" color="fg.muted">
        Owned: downloads don&apos;t use your quota.
      </Text>
    </HStack>
  );
}

/** Download pressed by an anonymous visitor: sign in first, then come back. */
function SignInRequiredAlert() {
  return (
    <Alert.Root status="warning" size="sm" data-testid="download-message">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{DOWNLOAD_MESSAGES.signInRequired}</Alert.Title>
        <Alert.Description>
          <SignInLink />
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The plan's downloads are spent this month: the plans offer more. */
function QuotaReachedAlert() {
  return (
    <Alert.Root status="warning" size="sm" data-testid="download-message">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{DOWNLOAD_MESSAGES.quotaReached}</Alert.Title>
        <Alert.Description>
          <Link asChild color="purple.fg" fontWeight="semibold">
            <RouterLink to={paths.pricing.getHref()}>View plans</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

interface TemplateLinksProps {
  mvpId: string;
  stackblitzLink?: string | null;
  /** The source repository, when the caller's licence covers it (the download status says). */
  repositoryUrl: string | null;
}

/** Its repository (for licence holders), trying it in StackBlitz, and reporting a problem. */
function TemplateLinks({ mvpId, stackblitzLink, repositoryUrl }: TemplateLinksProps) {
  return (
    <HStack gap="4" flexWrap="wrap" fontSize="sm">
      {/* Only for those whose licence covers it: the API gives no one else the address. */}
      {repositoryUrl && (
        <Link
          href={repositoryUrl}
          target="_blank"
          rel="noopener noreferrer"
          color="purple.fg"
          data-testid="template-repository"
        >
          <LuGithub /> Repository
        </Link>
      )}
      {stackblitzLink && (
        <Link href={stackblitzLink} target="_blank" rel="noopener noreferrer" color="purple.fg">
          <LuExternalLink /> Open in StackBlitz
        </Link>
      )}
      <Link asChild color="fg.muted">
        <RouterLink to={paths.dispute.getHref(mvpId)}>
          <LuFlag /> Report a problem
        </RouterLink>
      </Link>
    </HStack>
  );
}

/** What Download or Deploy will cost, said before either starts. */
function CostNote({ note, quota }: { note: string; quota: boolean }) {
  return (
    <Text
      fontSize="sm"
      fontWeight="medium"
      color={quota ? 'fg' : 'green.fg'}
      data-testid="download-cost"
    >
      Download or Deploy: {note}
    </Text>
  );
}

/** How the download went: the API's answer when it worked, or why it failed. */
function DownloadOutcome({ status, title }: { status: 'success' | 'error'; title: string }) {
  return (
    <Alert.Root status={status} size="sm" data-testid="download-message">
      <Alert.Indicator />
      <Alert.Title>{title}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * What paid for the caller's licence was refunded, or disputed with their card issuer: said with
 * its date while it refuses the download (a plan's refunded or disputed period; a refunded or
 * disputed purchase, until bought again or the dispute is won).
 */
function RefundedAlert({ status, oneTimeSale }: { status: DownloadStatus; oneTimeSale: boolean }) {
  const refusing =
    status.cost === 'refunded' || status.cost === 'disputed' || status.cost === 'purchase_required';
  const message = revokedDownloadMessage(
    { refundedAt: status.refunded_at, disputedAt: status.disputed_at },
    oneTimeSale,
  );
  if (!refusing || !message) return null;
  return (
    <Alert.Root
      status="warning"
      size="sm"
      data-testid={status.refunded_at ? 'download-refunded' : 'download-disputed'}
    >
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/** A paid template's repository, for a caller whose licence covers it (a free one's is public). */
const repositoryUrlOf = (mvp: TemplateDetail, status: DownloadStatus | undefined) =>
  mvp.github_url ? null : (status?.repository_url ?? null);

/**
 * The caller's download status could not be read: what a press would cost (quota, owned, refunded)
 * is unknown, so the panel offers nothing but why, in the API's words, and Try again.
 */
function StatusFailed({ status }: { status: ReturnType<typeof useDownloadStatus> }) {
  return (
    <Stack gap="3" id="download-panel" data-testid="download-panel">
      <QueryError {...failedQueryProps(status)} testId="download-status-error" />
    </Stack>
  );
}

interface DownloadHistoryProps {
  status: DownloadStatus;
  /** Whether the quota left is said (a signed-in caller, not a one-time sale). */
  remaining: boolean;
  owned: boolean;
}

/** The downloads left this month and when the caller last downloaded the template. */
function DownloadHistory({ status, remaining, owned }: DownloadHistoryProps) {
  return (
    <>
      {remaining && (
        <Text fontSize="sm" color="fg.muted" data-testid="downloads-remaining">
          {describeRemaining(status.downloads_remaining)}
          {status.last_downloaded_at &&
            ` · you downloaded this on ${formatDay(status.last_downloaded_at)}`}
          {status.cost === 'free_again' && ' · downloading it again this month is free'}
        </Text>
      )}
      {owned && status.last_downloaded_at && (
        <Text fontSize="sm" color="fg.muted">
          You downloaded this on {formatDay(status.last_downloaded_at)}
        </Text>
      )}
    </>
  );
}

export function DownloadPanel({ mvp, onDownloaded, purchase, deploy }: DownloadPanelProps) {
  const { session } = useSession();
  const signedIn = session.status === 'signedIn';
  // A stored session is read on load: until then a press would be taken for a signed-out one.
  const sessionPending = session.status === 'loading';
  const status = useDownloadStatus(mvp.id, signedIn);
  const download = useDownloadTemplate(mvp.id, onDownloaded);
  const [askedToSignIn, setAskedToSignIn] = useState(false);

  const cost = status.data?.cost;
  // The seller is known from the session at once, so Buy never flashes up before the status.
  const ownTemplate =
    signedIn && (session.user.userId === mvp.seller.id || cost === 'own_template');
  const oneTimeSale = mvp.access_tier === 'one_time_sale';
  const owned = oneTimeSale && status.data?.owned === true;
  // Whether the caller owns it is known only once the status is in; until then nothing is offered.
  const ownershipPending = oneTimeSale && (sessionPending || (signedIn && status.isPending));
  const mustBuy = oneTimeSale && !owned && !ownershipPending;
  const refunded = cost === 'refunded' || cost === 'disputed';
  // Only a download that costs quota needs some left (free and owned templates never do).
  const quotaSpent = cost === 'quota' && status.data!.downloads_remaining <= 0;
  const costNote = signedIn ? costNoteOf(cost) : null;

  const start = () => (signedIn ? download.mutate() : setAskedToSignIn(true));

  const failure = downloadFailure(download.error);
  if (ownTemplate) return <OwnTemplatePanel mvpId={mvp.id} />;
  if (signedIn && status.isError) return <StatusFailed status={status} />;

  return (
    <Stack gap="3" id="download-panel" data-testid="download-panel">
      {owned && <OwnedBadge />}
      {/* Until bought, buying is the one action (Deploy needs the download it would give). */}
      {mustBuy && purchase ? (
        purchase
      ) : (
        <HStack gap="3">
          <Button
            colorPalette="purple"
            flex="1"
            onClick={start}
            loading={download.isPending || ownershipPending || sessionPending}
            loadingText={ownershipPending || sessionPending ? undefined : 'Preparing…'}
            disabled={mustBuy || refunded || (signedIn && quotaSpent)}
          >
            <LuDownload /> Download
          </Button>
          {deploy(!mustBuy && !refunded && !quotaSpent, costNote)}
        </HStack>
      )}

      {/* A free template's panel above says it already; the Deploy dialog says it again. */}
      {costNote && !quotaSpent && cost !== 'free_tier' && (
        <CostNote note={costNote} quota={cost === 'quota'} />
      )}

      {status.data && (
        <DownloadHistory status={status.data} remaining={signedIn && !oneTimeSale} owned={owned} />
      )}

      {signedIn && status.data && <RefundedAlert status={status.data} oneTimeSale={oneTimeSale} />}

      {!signedIn && askedToSignIn && <SignInRequiredAlert />}

      {signedIn && quotaSpent && !oneTimeSale && !download.isSuccess && <QuotaReachedAlert />}

      {download.isSuccess && <DownloadOutcome status="success" title={download.data.message} />}

      {failure && !(quotaSpent && failure === DOWNLOAD_MESSAGES.quotaReached) && (
        <DownloadOutcome status="error" title={failure} />
      )}

      <TemplateLinks
        mvpId={mvp.id}
        stackblitzLink={mvp.stackblitz_link}
        repositoryUrl={signedIn ? repositoryUrlOf(mvp, status.data) : null}
      />
    </Stack>
  );
}
