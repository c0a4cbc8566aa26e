import type { ReactNode } from 'react';
import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { MyDownload } from '@contract/downloads';
import type { Profile } from '@contract/profile';
import type { SubscriptionView } from '@contract/subscriptions';
import type { FailedQuery } from '@/lib/query-retry';
import { AccountInfo } from './account-info';
import { DownloadsCard } from './downloads-card';
import { QuickActions } from './quick-actions';
import { SubscriptionStatusCard } from './subscription-status-card';

export interface BuyerDashboardProps {
  profile: Profile;
  subscription: SubscriptionView | undefined;
  /** The subscription's query, when it failed. */
  subscriptionFailed: FailedQuery | undefined;
  downloads: readonly MyDownload[] | undefined;
  /** The downloads' query, when it failed. */
  downloadsFailed: FailedQuery | undefined;
  /** Cancel / resume beside the subscription, from the subscriptions feature (by the route). */
  subscriptionActions?: ReactNode;
  /** "Manage billing", from the billing feature (by the route). */
  billingAction?: (options: { label?: string; primary?: boolean }) => ReactNode;
  /** The plan was set up by our team (Enterprise): changed through sales. */
  managedBySales?: boolean;
  /** The licences card, from the licences feature (by the route). */
  licenses?: ReactNode;
  /** The deployments card, from the deployments feature (by the route). */
  deployments?: ReactNode;
  /** "Download again" beside each download, from the downloads feature (by the route). */
  downloadAction?: (download: MyDownload) => ReactNode;
}

/**
 * The buyer view: subscription, downloads, licences, quick actions, account.
 */
export function BuyerDashboard({
  profile,
  subscription,
  subscriptionFailed,
  downloads,
  downloadsFailed,
  subscriptionActions,
  billingAction,
  managedBySales,
  licenses,
  deployments,
  downloadAction,
}: BuyerDashboardProps) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" data-testid="buyer-dashboard">
      <Stack gap="6" gridColumn={{ lg: 'span 2' }}>
        <SubscriptionStatusCard
          view={subscription}
          failed={subscriptionFailed}
          profile={profile}
          actions={subscriptionActions}
          billingAction={billingAction}
          managedBySales={managedBySales}
        />
        <DownloadsCard
          profile={profile}
          downloads={downloads}
          failed={downloadsFailed}
          renderAction={downloadAction}
        />
        {deployments}
        {licenses}
      </Stack>
      <Stack gap="6">
        <QuickActions />
        <AccountInfo profile={profile} />
      </Stack>
    </SimpleGrid>
  );
}
