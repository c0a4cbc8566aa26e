/**
 * `/dashboard`: a sign-in prompt when signed out; otherwise the buyer or the seller view by role,
 * with a switch for `both` (kept in `?view=`, so a reload keeps the chosen view).
 *
 * The seller view slot: the seller workspace supplies its dashboard component; until it does, the
 * dashboard feature's fallback links to My MVPs and Upload.
 */
import { Alert, Container } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useMyDownloads } from '../../features/dashboard/api/get-my-downloads';
import { useMyProfile } from '../../features/dashboard/api/get-my-profile';
import { BuyerDashboard } from '../../features/dashboard/components/buyer-dashboard';
import { DashboardSignInPrompt } from '../../features/dashboard/components/dashboard-sign-in-prompt';
import {
  DashboardView,
  dashboardModeFor,
} from '../../features/dashboard/components/dashboard-view';
import { SellerDashboardFallback } from '../../features/dashboard/components/seller-dashboard-fallback';
import { useCurrentSubscription } from '../../features/subscriptions/api/get-current-subscription';
import { errorMessage } from '../../lib/api-error';
import { useSession } from '../../lib/auth-session';

function SignedInDashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const profile = useMyProfile();
  const mode = profile.data ? dashboardModeFor(profile.data, searchParams.get('view')) : null;
  const buyerMode = mode === 'buyer';
  const subscription = useCurrentSubscription({ enabled: buyerMode });
  const downloads = useMyDownloads({ enabled: buyerMode });

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return (
      <Container maxW="3xl" py="16">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(profile.error)}</Alert.Title>
        </Alert.Root>
      </Container>
    );
  }
  return (
    <DashboardView
      profile={profile.data}
      mode={mode ?? 'buyer'}
      onModeChange={(next) => setSearchParams({ view: next }, { replace: true })}
      buyerView={
        <BuyerDashboard
          profile={profile.data}
          subscription={subscription.data}
          subscriptionFailed={subscription.isError}
          downloads={downloads.data}
          downloadsFailed={downloads.isError}
        />
      }
      sellerView={<SellerDashboardFallback />}
    />
  );
}

export default function DashboardRoute() {
  const { session } = useSession();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signedOut') return <DashboardSignInPrompt />;
  return <SignedInDashboard />;
}
