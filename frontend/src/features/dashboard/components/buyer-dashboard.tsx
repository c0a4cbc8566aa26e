import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { MyDownload } from '@contracts/downloads';
import type { Profile } from '@contracts/profile';
import type { SubscriptionView } from '@contracts/subscriptions';
import { AccountInfo } from './account-info';
import { DownloadsCard } from './downloads-card';
import { QuickActions } from './quick-actions';
import { SubscriptionStatusCard } from './subscription-status-card';

export interface BuyerDashboardProps {
  profile: Profile;
  subscription: SubscriptionView | undefined;
  subscriptionFailed: boolean;
  downloads: readonly MyDownload[] | undefined;
  downloadsFailed: boolean;
}

/** The buyer view: subscription, downloads, quick actions, account (buyer spec §2). */
export function BuyerDashboard({
  profile,
  subscription,
  subscriptionFailed,
  downloads,
  downloadsFailed,
}: BuyerDashboardProps) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" data-testid="buyer-dashboard">
      <Stack gap="6" gridColumn={{ lg: 'span 2' }}>
        <SubscriptionStatusCard view={subscription} failed={subscriptionFailed} />
        <DownloadsCard profile={profile} downloads={downloads} failed={downloadsFailed} />
      </Stack>
      <Stack gap="6">
        <QuickActions />
        <AccountInfo profile={profile} />
      </Stack>
    </SimpleGrid>
  );
}
