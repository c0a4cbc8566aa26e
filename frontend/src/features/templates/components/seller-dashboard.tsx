/**
 * The seller view of `/dashboard`, for roles seller and both:
 * stats from the seller's own templates, the first few of My MVPs, recent downloads and earnings,
 * and the product's links. An unapproved seller sees 'Seller Approval Pending' instead.
 *
 * Recent downloads: the 5 latest downloads of the seller's templates, what and when but never who
 * (buyer privacy). Recent earnings: the 5 newest payouts, from the payouts feature (composed in by
 * the route).
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Text,
  VStack,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuClock } from 'react-icons/lu';
import type { Profile } from '@contract/profile';
import { SELLER_FIGURES_TEXT } from '@contract/seller-figures';
import { STATUS_LABELS } from '@contract/templates';
import { paths } from '@/config/paths';
import { useMyTemplates } from '../api/get-my-templates';
import { useRecentDownloads } from '../api/get-recent-downloads';
import { NO_RATINGS_TEXT, formatCount, formatDateTime, formatRating, isRated } from '@/lib/format';

const DASHBOARD_TEMPLATES = 3;

export interface SellerDashboardProps {
  profile: Profile;
  /** The recent earnings list, from the payouts feature. */
  recentEarnings?: ReactNode;
  /**
   * The username prompt (settings feature), shown first while the seller has none: their byline
   * and public page need one.
   */
  usernamePrompt?: ReactNode;
}

export function SellerDashboard({ profile, recentEarnings, usernamePrompt }: SellerDashboardProps) {
  return (
    <Stack gap="6">
      {usernamePrompt}
      {profile.is_seller_approved ? (
        <ApprovedSellerDashboard recentEarnings={recentEarnings} />
      ) : (
        <SellerApprovalPending />
      )}
    </Stack>
  );
}

function SellerApprovalPending() {
  return (
    <Alert.Root status="warning" data-testid="seller-approval-pending">
      <Alert.Indicator>
        <LuClock />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>Seller Approval Pending</Alert.Title>
        <Alert.Description>
          Your seller application is being reviewed; this takes 2-3 business days. You can upload
          MVPs once you are approved.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The dashboard's title, with Upload MVP and My MVPs. */
function SellerDashboardHeader() {
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Heading as="h2" size="lg">
        Seller Dashboard
      </Heading>
      <HStack gap="2" wrap="wrap">
        <Button asChild colorPalette="purple" size="sm">
          <RouterLink to={paths.upload.getHref()}>Upload MVP</RouterLink>
        </Button>
        <Button asChild variant="outline" size="sm">
          <RouterLink to={paths.myMvps.getHref()}>My MVPs</RouterLink>
        </Button>
      </HStack>
    </HStack>
  );
}

type DashboardTemplate = NonNullable<ReturnType<typeof useMyTemplates>['data']>['items'][number];

/** One of the seller's templates: its version, downloads, status, and links to view and edit it. */
function DashboardTemplateRow({ template }: { template: DashboardTemplate }) {
  return (
    <HStack justify="space-between" data-testid="dashboard-mvp">
      <Box minW="0">
        <Text fontWeight="medium" truncate>
          {template.title}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          v{template.version_number} · {formatCount(template.download_count)} downloads
        </Text>
      </Box>
      <HStack gap="2" flexShrink={0}>
        <Badge>{STATUS_LABELS[template.status]}</Badge>
        {template.status === 'approved' && (
          <Link asChild fontSize="sm">
            <RouterLink to={paths.mvp.getHref(template.id)}>View</RouterLink>
          </Link>
        )}
        <Link asChild fontSize="sm">
          <RouterLink to={paths.mvpEdit.getHref(template.id)}>Edit</RouterLink>
        </Link>
      </HStack>
    </HStack>
  );
}

/** Recent downloads of the seller's templates beside the recent earnings the route composes in. */
function RecentActivity({ recentEarnings }: { recentEarnings: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Card.Root variant="outline">
        <Card.Header>
          <Heading size="md">Recent Downloads</Heading>
        </Card.Header>
        <Card.Body>
          <RecentDownloads />
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Header>
          <HStack justify="space-between">
            <Heading size="md">Recent Earnings</Heading>
            <Link asChild colorPalette="purple" fontSize="sm">
              <RouterLink to={paths.payouts.getHref()}>Payouts</RouterLink>
            </Link>
          </HStack>
        </Card.Header>
        <Card.Body>{recentEarnings ?? <EmptyLine text="No earnings yet" />}</Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}

/** Links to connecting Stripe, the payout settings, the payouts and the analytics. */
function PayoutSettingsCard() {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading size="md">Payout Settings</Heading>
      </Card.Header>
      <Card.Body>
        <HStack gap="3" wrap="wrap">
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.connectStripe.getHref()}>Connect Stripe</RouterLink>
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.payoutSettings.getHref()}>Payout Settings</RouterLink>
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.payouts.getHref()}>Payouts</RouterLink>
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.analytics.getHref()}>Analytics</RouterLink>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function ApprovedSellerDashboard({ recentEarnings }: { recentEarnings: ReactNode }) {
  const templates = useMyTemplates();
  const stats = templates.data?.stats;
  const pending =
    (stats?.byStatus.pending_review ?? 0) +
    (stats?.byStatus.scan_failed ?? 0) +
    (stats?.byStatus.ipfs_pin_failed ?? 0);

  return (
    <Stack gap="6" data-testid="seller-dashboard">
      <SellerDashboardHeader />

      {templates.isError ? (
        <QueryError {...failedQueryProps(templates)} testId="seller-stats-error" />
      ) : (
        // Six figures: 2, 3 or 6 to a row, so no row has a hole at any width.
        <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="4" data-testid="seller-stats">
          <StatCard label="Total MVPs" value={stats?.total} />
          <StatCard label="Approved" value={stats?.byStatus.approved} />
          <StatCard label="Pending" value={stats ? pending : undefined} />
          <StatCard
            label="Total Downloads"
            value={stats?.figures.downloads}
            help={SELLER_FIGURES_TEXT.downloads}
            testId="seller-stat-downloads"
          />
          <StatCard
            label="Average Rating"
            value={
              stats
                ? isRated(stats.figures.average_rating)
                  ? formatRating(stats.figures.average_rating)
                  : NO_RATINGS_TEXT
                : undefined
            }
            help={stats ? SELLER_FIGURES_TEXT.ratings(stats.figures.ratings) : undefined}
            testId="seller-stat-rating"
          />
          <StatCard label="Rejected" value={stats?.byStatus.rejected} />
        </SimpleGrid>
      )}

      <Card.Root variant="outline">
        <Card.Header>
          <HStack justify="space-between">
            <Heading size="md">My MVPs</Heading>
            <Link asChild colorPalette="purple" fontSize="sm">
              <RouterLink to={paths.myMvps.getHref()}>View all</RouterLink>
            </Link>
          </HStack>
        </Card.Header>
        <Card.Body>
          {templates.isError ? (
            // The same list as the figures above, whose failure is said there once.
            <EmptyLine text="Your MVPs will show here once they load." />
          ) : templates.isPending ? (
            <Skeleton h="20" />
          ) : (templates.data?.items.length ?? 0) === 0 ? (
            <EmptyLine text="No MVPs yet. Upload your first one to start earning." />
          ) : (
            <Stack gap="3">
              {templates.data!.items.slice(0, DASHBOARD_TEMPLATES).map((template) => (
                <DashboardTemplateRow key={template.id} template={template} />
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>

      <RecentActivity recentEarnings={recentEarnings} />

      <PayoutSettingsCard />
    </Stack>
  );
}

const downloadedAt = formatDateTime;

function RecentDownloads() {
  const downloads = useRecentDownloads();
  if (downloads.isPending) return <Skeleton h="20" />;
  if (downloads.isError) {
    return <QueryError {...failedQueryProps(downloads)} testId="recent-downloads-error" />;
  }
  if (downloads.data.items.length === 0) {
    return <EmptyLine text="No recent downloads to show yet." />;
  }
  return (
    <Stack gap="3" data-testid="recent-downloads">
      {downloads.data.items.map((download) => (
        <HStack key={download.id} justify="space-between" data-testid="recent-download">
          <Box minW="0">
            <Link asChild fontWeight="medium">
              <RouterLink to={paths.mvp.getHref(download.mvp_id)}>{download.mvp_title}</RouterLink>
            </Link>
            <Text fontSize="sm" color="fg.muted">
              v{download.version_number}
            </Text>
          </Box>
          <Text fontSize="sm" color="fg.muted" flexShrink={0}>
            {downloadedAt(download.downloaded_at)}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

function StatCard({
  label,
  value,
  help,
  testId,
}: {
  label: string;
  value: number | string | undefined;
  /** What the figure counts, beneath it. */
  help?: string;
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Body p="4">
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>
            {value === undefined ? (
              <Skeleton h="8" w="12" />
            ) : typeof value === 'number' ? (
              formatCount(value)
            ) : (
              value
            )}
          </Stat.ValueText>
          {help && <Stat.HelpText as="dd">{help}</Stat.HelpText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

function EmptyLine({ text }: { text: string }) {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Description>{text}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
