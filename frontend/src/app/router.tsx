/**
 * The routes of this slice. Every page is its own chunk (React.lazy), so the home route's
 * initial JS carries only the shell. Paths the app does not have yet fall through to Page Not
 * Found, as the spec asks for any unknown path.
 */
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { paths } from '../config/paths';

const HomeRoute = lazy(() => import('./routes/home'));
const BrowseRoute = lazy(() => import('./routes/browse'));
const MvpRoute = lazy(() => import('./routes/mvp'));
const AuthRoute = lazy(() => import('./routes/auth'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const RefundRequestRoute = lazy(() => import('./routes/refund-request'));
const DisputeRoute = lazy(() => import('./routes/dispute'));
const DisputeDetailRoute = lazy(() => import('./routes/dispute-detail'));
const NotificationsRoute = lazy(() => import('./routes/notifications'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const SellerSignupRoute = lazy(() => import('./routes/seller-signup'));
const UploadRoute = lazy(() => import('./routes/upload'));
const MyMvpsRoute = lazy(() => import('./routes/my-mvps'));
const MvpEditRoute = lazy(() => import('./routes/mvp-edit'));
const SettingsRoute = lazy(() => import('./routes/settings'));
const SellerRoute = lazy(() => import('./routes/seller'));
const UnderConstructionRoute = lazy(() => import('./routes/under-construction'));

/**
 * Routes whose page is not built (yet): each shows the under-construction page with its name.
 * A page that lands takes its row out of this list (two routes on one path would be ambiguous).
 */
const UNDER_CONSTRUCTION: readonly (readonly [string, string])[] = [
  [paths.pricing.path, 'Pricing'],
  [paths.admin.path, 'Admin Dashboard'],
  [paths.payouts.path, 'Payouts'],
  [paths.connectStripe.path, 'Connect Stripe'],
  [paths.support.path, 'Support'],
  [paths.analytics.path, 'Analytics'],
  [paths.payoutSettings.path, 'Payout Settings'],
  [paths.howItWorks.path, 'How It Works'],
  [paths.stories.path, 'Success Stories'],
  [paths.guidelines.path, 'Seller Guidelines'],
  [paths.help.path, 'Help Center'],
  [paths.contact.path, 'Contact Us'],
  [paths.docs.path, 'Documentation'],
  [paths.status.path, 'System Status'],
  [paths.privacy.path, 'Privacy Policy'],
  [paths.terms.path, 'Terms of Service'],
  [paths.cookies.path, 'Cookie Policy'],
  [paths.licenses.path, 'Licenses'],
];

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        { path: paths.home.path, element: <HomeRoute /> },
        { path: paths.browse.path, element: <BrowseRoute /> },
        { path: paths.mvp.path, element: <MvpRoute /> },
        { path: paths.auth.path, element: <AuthRoute mode="signIn" /> },
        { path: paths.signIn.path, element: <AuthRoute mode="signIn" /> },
        { path: paths.signUp.path, element: <AuthRoute mode="signUp" /> },
        { path: paths.dashboard.path, element: <DashboardRoute /> },
        { path: paths.notifications.path, element: <NotificationsRoute /> },
        { path: paths.sellerSignup.path, element: <SellerSignupRoute /> },
        { path: paths.sell.path, element: <SellerSignupRoute /> },
        { path: paths.upload.path, element: <UploadRoute /> },
        { path: paths.myMvps.path, element: <MyMvpsRoute /> },
        { path: paths.mvpEdit.path, element: <MvpEditRoute /> },
        { path: paths.refundRequest.path, element: <RefundRequestRoute /> },
        { path: paths.dispute.path, element: <DisputeRoute /> },
        { path: paths.disputeDetail.path, element: <DisputeDetailRoute /> },
        { path: paths.settings.path, element: <SettingsRoute /> },
        { path: paths.seller.path, element: <SellerRoute /> },
        // Pages of later issues and the spec's placeholder pages: a named under-construction page.
        ...UNDER_CONSTRUCTION.map(([path, pageName]) => ({
          path,
          element: <UnderConstructionRoute pageName={pageName} />,
        })),
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
