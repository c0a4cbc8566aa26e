/**
 * The routes of this slice. The home page is part of the shell chunk (most visits start there, and
 * it then needs no second round trip); every other page is its own chunk and loads with the page
 * recipes (lib/lazy-page.ts), so a first visit to the home page downloads only
 * what it shows. Paths the app does not have yet fall through to Page Not
 * Found, as the product asks for any unknown path.
 *
 * Declarative routing (`BrowserRouter` + `useRoutes`) rather than a data router: no page uses
 * loaders, actions or fetchers, and the data router's code is about 17 KB gzipped of the home
 * page's first load. Scroll restoration, the one data-router feature we used, is our own
 * ScrollRestoration in the layout.
 */
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { paths } from '../config/paths';
import type { ContentPageData } from './routes/content-page';
import { lazyPage } from '../lib/lazy-page';
import HomeRoute from './routes/home';

const BrowseRoute = lazyPage(() => import('./routes/browse'));
const TemplateRoute = lazyPage(() => import('./routes/mvp'));
const AuthRoute = lazyPage(() => import('./routes/auth'));
const DashboardRoute = lazyPage(() => import('./routes/dashboard'));
const WelcomeRoute = lazyPage(() => import('./routes/welcome'));
const RefundRequestRoute = lazyPage(() => import('./routes/refund-request'));
const DisputeRoute = lazyPage(() => import('./routes/dispute'));
const DisputeDetailRoute = lazyPage(() => import('./routes/dispute-detail'));
const NotificationsRoute = lazyPage(() => import('./routes/notifications'));
const NotFoundRoute = lazyPage(() => import('./routes/not-found'));
const SellerSignupRoute = lazyPage(() => import('./routes/seller-signup'));
const UploadRoute = lazyPage(() => import('./routes/upload'));
const MyTemplatesRoute = lazyPage(() => import('./routes/my-mvps'));
const TemplateEditRoute = lazyPage(() => import('./routes/mvp-edit'));
const SettingsRoute = lazyPage(() => import('./routes/settings'));
const SellerRoute = lazyPage(() => import('./routes/seller'));
const PricingRoute = lazyPage(() => import('./routes/pricing'));
const SuccessRoute = lazyPage(() => import('./routes/success'));
const LicenseRoute = lazyPage(() => import('./routes/license'));
const PayoutsRoute = lazyPage(() => import('./routes/payouts'));
const PayoutSettingsRoute = lazyPage(() => import('./routes/payout-settings'));
const AnalyticsRoute = lazyPage(() => import('./routes/analytics'));
const StoriesRoute = lazyPage(() => import('./routes/stories'));
const ConnectStripeRoute = lazyPage(() => import('./routes/connect-stripe'));
const GithubAppCallbackRoute = lazyPage(() => import('./routes/github-app-callback'));
const BuyerGithubCallbackRoute = lazyPage(() => import('./routes/buyer-github-callback'));
const BuyerNetlifyCallbackRoute = lazyPage(() => import('./routes/buyer-netlify-callback'));
const AdminRoute = lazyPage(() => import('./routes/admin'));
const ContactRoute = lazyPage(() => import('./routes/contact'));
const StatusRoute = lazyPage(() => import('./routes/status'));
const NewsletterUnsubscribeRoute = lazyPage(() => import('./routes/newsletter-unsubscribe'));
const NotificationUnsubscribeRoute = lazyPage(() => import('./routes/notification-unsubscribe'));
const NewsletterConfirmRoute = lazyPage(() => import('./routes/newsletter-confirm'));

/**
 * A content page from `frontend/content/*.md` (rendered at build time), each its own chunk: the
 * page's HTML and the shared ContentPage component load together.
 */
const contentRoute = (load: () => Promise<{ default: ContentPageData }>) =>
  lazyPage(async () => {
    const [{ default: page }, { ContentPage }] = await Promise.all([
      load(),
      import('./routes/content-page'),
    ]);
    return { default: () => <ContentPage page={page} /> };
  });

/** The Markdown pages, by path. */
const CONTENT_PAGES: readonly (readonly [string, ReturnType<typeof contentRoute>])[] = [
  [paths.licenses.path, contentRoute(() => import('../../content/licenses.md'))],
  [paths.terms.path, contentRoute(() => import('../../content/terms.md'))],
  [paths.privacy.path, contentRoute(() => import('../../content/privacy.md'))],
  [paths.cookies.path, contentRoute(() => import('../../content/cookies.md'))],
  [paths.howItWorks.path, contentRoute(() => import('../../content/how-it-works.md'))],
  [paths.help.path, contentRoute(() => import('../../content/help.md'))],
  [paths.guidelines.path, contentRoute(() => import('../../content/guidelines.md'))],
  [paths.docs.path, contentRoute(() => import('../../content/docs.md'))],
];

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.browse.path, element: <BrowseRoute /> },
      { path: paths.mvp.path, element: <TemplateRoute /> },
      { path: paths.auth.path, element: <AuthRoute mode="signIn" /> },
      { path: paths.signIn.path, element: <AuthRoute mode="signIn" /> },
      { path: paths.signUp.path, element: <AuthRoute mode="signUp" /> },
      { path: paths.dashboard.path, element: <DashboardRoute /> },
      { path: paths.welcome.path, element: <WelcomeRoute /> },
      { path: paths.notifications.path, element: <NotificationsRoute /> },
      { path: paths.sellerSignup.path, element: <SellerSignupRoute /> },
      { path: paths.sell.path, element: <SellerSignupRoute /> },
      { path: paths.upload.path, element: <UploadRoute /> },
      { path: paths.myMvps.path, element: <MyTemplatesRoute /> },
      { path: paths.mvpEdit.path, element: <TemplateEditRoute /> },
      { path: paths.refundRequest.path, element: <RefundRequestRoute /> },
      { path: paths.dispute.path, element: <DisputeRoute /> },
      { path: paths.disputeDetail.path, element: <DisputeDetailRoute /> },
      { path: paths.newsletterUnsubscribe.path, element: <NewsletterUnsubscribeRoute /> },
      { path: paths.notificationUnsubscribe.path, element: <NotificationUnsubscribeRoute /> },
      { path: paths.newsletterConfirm.path, element: <NewsletterConfirmRoute /> },
      { path: paths.settings.path, element: <SettingsRoute /> },
      { path: paths.seller.path, element: <SellerRoute /> },
      { path: paths.pricing.path, element: <PricingRoute /> },
      { path: paths.success.path, element: <SuccessRoute /> },
      { path: paths.license.path, element: <LicenseRoute /> },
      { path: paths.payouts.path, element: <PayoutsRoute /> },
      { path: paths.payoutSettings.path, element: <PayoutSettingsRoute /> },
      { path: paths.analytics.path, element: <AnalyticsRoute /> },
      { path: paths.stories.path, element: <StoriesRoute /> },
      { path: paths.connectStripe.path, element: <ConnectStripeRoute /> },
      { path: paths.githubAppCallback.path, element: <GithubAppCallbackRoute /> },
      { path: paths.buyerGithubCallback.path, element: <BuyerGithubCallbackRoute /> },
      { path: paths.buyerNetlifyCallback.path, element: <BuyerNetlifyCallbackRoute /> },
      { path: paths.admin.path, element: <AdminRoute /> },
      ...CONTENT_PAGES.map(([path, Page]) => ({ path, element: <Page /> })),
      { path: paths.status.path, element: <StatusRoute /> },
      { path: paths.contact.path, element: <ContactRoute title="Contact Us" /> },
      { path: paths.support.path, element: <ContactRoute title="Support" /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/**
 * Starts loading the code of the page at `pathname` (and the page recipes with it) before the app
 * renders: boot calls this while `/config.json` is on its way, so a visitor who opens `/mvps` or a
 * template page directly waits for one round trip less (docs/architecture.md, Mobile performance).
 */
export const preloadRoute = (pathname: string): void => {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const page = (route.element as { type?: { preload?: () => Promise<unknown> } } | undefined)
      ?.type;
    // A failed load starts again, and is reported, when the page itself renders.
    page?.preload?.().catch(() => undefined);
  }
};

function AppRoutes() {
  return useRoutes(routes);
}

/** The app's routes in the browser's history. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
