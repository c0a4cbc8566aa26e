/**
 * `/dashboard`: a sign-in prompt when signed out; otherwise the buyer or the seller view by role,
 * with a switch for `both` (kept in `?view=`, so a reload keeps the chosen view).
 *
 * An unapproved seller with no application under review goes to the application instead.
 *
 * The seller view is the templates feature's seller dashboard, composed here; the buyer view is
 * the dashboard feature's, with the downloads, subscriptions and licences features' data and
 * actions.
 */
import { Container } from '@chakra-ui/react';
import { Navigate, useSearchParams } from 'react-router';
import { isSellerRole } from '@contract/profile';
import { PageSpinner } from '@/components/page-spinner';
import { RouteNotice } from '@/components/route-notice';
import { DeploymentsCard } from '@/features/deployments';
import {
  BuyerDashboard,
  DashboardSignInPrompt,
  DashboardView,
  dashboardModeFor,
} from '@/features/dashboard';
import { useMyDownloads, DownloadAgainButton } from '@/features/downloads';
import { MyLicensesCard } from '@/features/licenses';
import { RecentEarnings } from '@/features/payouts';
import { useCurrentSubscription, SubscriptionActions } from '@/features/subscriptions';
import { MANUAL_ENTERPRISE_PRICE } from '@contract/billing';
import { ManageBillingButton } from '@/features/billing';
import { SellerDashboard } from '@/features/templates';
import { SellerUsernamePrompt } from '@/features/settings';
import { useMySellerApplication, ApplicationNotice } from '@/features/seller-application';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth-session';
import { useMyProfile } from '@/lib/my-profile';
import { QueryErrorPage } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

function SignedInDashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const profile = useMyProfile();
  const mode = profile.data ? dashboardModeFor(profile.data, searchParams.get('view')) : null;
  const buyerMode = mode === 'buyer';
  const subscription = useCurrentSubscription({ enabled: buyerMode });
  const downloads = useMyDownloads({ enabled: buyerMode });
  // An unapproved seller (e.g. signed up as a seller on /auth) without an application under
  // review is sent to the application: no seller exists without one. Anyone else who is not an
  // approved seller sees where their application stands, if they have one.
  const unapprovedSeller = profile.data?.role === 'seller' && !profile.data.is_seller_approved;
  const approvedSeller =
    profile.data !== undefined &&
    profile.data.is_seller_approved &&
    isSellerRole(profile.data.role);
  const application = useMySellerApplication({
    enabled: profile.data !== undefined && !approvedSeller,
  });
  // An Enterprise plan set up by our team has no card to manage and is changed through sales.
  const managedBySales = subscription.data?.price_id === MANUAL_ENTERPRISE_PRICE;

  if (profile.isPending || (unapprovedSeller && application.isPending)) return <PageSpinner />;
  if (unapprovedSeller && application.data && application.data.status !== 'pending') {
    return <Navigate to={paths.sellerSignup.getHref()} replace />;
  }
  if (profile.isError) {
    return <QueryErrorPage {...failedQueryProps(profile)} testId="dashboard-error" />;
  }
  return (
    <>
      <RouteNotice />
      {!unapprovedSeller && application.data && (
        <Container maxW="6xl" pt="6" mb="-4">
          <ApplicationNotice application={application.data} />
        </Container>
      )}
      <DashboardView
        profile={profile.data}
        mode={mode ?? 'buyer'}
        onModeChange={(next) => setSearchParams({ view: next }, { replace: true })}
        buyerView={
          <BuyerDashboard
            profile={profile.data}
            subscription={subscription.data}
            subscriptionFailed={subscription.isError ? subscription : undefined}
            downloads={downloads.data}
            downloadsFailed={downloads.isError ? downloads : undefined}
            subscriptionActions={
              subscription.data?.subscription_status === 'active' &&
              !managedBySales && <SubscriptionActions view={subscription.data} />
            }
            managedBySales={managedBySales}
            billingAction={
              managedBySales ? undefined : (options) => <ManageBillingButton {...options} />
            }
            licenses={<MyLicensesCard />}
            deployments={<DeploymentsCard />}
            downloadAction={(download) => (
              <DownloadAgainButton mvpId={download.mvp_id} title={download.mvp.title} />
            )}
          />
        }
        sellerView={
          <SellerDashboard
            profile={profile.data}
            recentEarnings={<RecentEarnings />}
            usernamePrompt={<SellerUsernamePrompt profile={profile.data} />}
          />
        }
      />
    </>
  );
}

export default function DashboardRoute() {
  const { session } = useSession();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signedOut') return <DashboardSignInPrompt />;
  return <SignedInDashboard />;
}
