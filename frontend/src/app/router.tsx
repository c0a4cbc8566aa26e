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
const RefundRequestRoute = lazy(() => import('./routes/refund-request'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const DisputeRoute = lazy(() => import('./routes/dispute'));
const DisputeDetailRoute = lazy(() => import('./routes/dispute-detail'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

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
        { path: paths.refundRequest.path, element: <RefundRequestRoute /> },
        { path: paths.dashboard.path, element: <DashboardRoute /> },
        { path: paths.dispute.path, element: <DisputeRoute /> },
        { path: paths.disputeDetail.path, element: <DisputeDetailRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
