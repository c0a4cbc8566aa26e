/** A page without parameters: its pattern is its link, written once. */
const fixed = <Path extends string>(path: Path) => ({ path, getHref: () => path });

/**
 * Every in-app URL, typed. Components link through these instead of writing strings, so a route
 * moves in one place. `path` is the router pattern, `getHref` builds a concrete link.
 */
export const paths = {
  home: fixed('/'),
  browse: { path: '/mvps', getHref: (search?: URLSearchParams) => withQuery('/mvps', search) },
  mvp: {
    path: '/mvp/:mvpId',
    getHref: (templateId: string) => `/mvp/${encodeURIComponent(templateId)}`,
  },
  auth: fixed('/auth'),
  signIn: fixed('/signin'),
  signUp: fixed('/signup'),
  pricing: fixed('/pricing'),
  /** Stripe Checkout's return: the session id in the query. */
  success: {
    path: '/success',
    getHref: (sessionId?: string) =>
      sessionId ? `/success?session_id=${encodeURIComponent(sessionId)}` : '/success',
  },
  /** The admin dashboard; `tab` opens one of its tabs (features/admin/components/admin-tabs.tsx). */
  admin: {
    path: '/admin',
    getHref: (tab?: string) => (tab ? `/admin?tab=${encodeURIComponent(tab)}` : '/admin'),
  },
  payouts: fixed('/payouts'),
  connectStripe: fixed('/connect-stripe'),
  githubAppCallback: fixed('/github-app-callback'),
  /** The buyer deployment's OAuth returns. */
  buyerGithubCallback: fixed('/buyer-github-callback'),
  buyerNetlifyCallback: fixed('/buyer-netlify-callback'),
  sellerSignup: fixed('/seller-signup'),
  sell: fixed('/sell'),
  dashboard: fixed('/dashboard'),
  /** A new account's first steps: choose a plan, browse templates, or apply to sell. */
  welcome: fixed('/welcome'),
  notifications: fixed('/notifications'),
  settings: {
    path: '/settings',
    getHref: (tab?: 'profile' | 'security' | 'connections' | 'notifications' | 'account') =>
      tab ? `/settings?tab=${tab}` : '/settings',
  },
  seller: {
    path: '/seller/:username',
    getHref: (username: string) => `/seller/${encodeURIComponent(username)}`,
  },
  dispute: {
    path: '/dispute/:mvpId?',
    getHref: (templateId?: string) =>
      templateId ? `/dispute/${encodeURIComponent(templateId)}` : '/dispute',
  },
  refundRequest: fixed('/refund-request'),
  disputeDetail: {
    path: '/disputes/:disputeId',
    getHref: (disputeId: string) => `/disputes/${encodeURIComponent(disputeId)}`,
  },
  myMvps: fixed('/my-mvps'),
  upload: {
    path: '/upload',
    getHref: (templateId?: string) =>
      templateId ? `/upload?mvpId=${encodeURIComponent(templateId)}` : '/upload',
  },
  mvpEdit: {
    path: '/mvp/:mvpId/edit',
    getHref: (templateId: string) => `/mvp/${encodeURIComponent(templateId)}/edit`,
  },
  howItWorks: fixed('/how-it-works'),
  stories: fixed('/stories'),
  guidelines: fixed('/guidelines'),
  analytics: fixed('/analytics'),
  payoutSettings: fixed('/payout-settings'),
  help: fixed('/help'),
  contact: fixed('/contact'),
  docs: fixed('/docs'),
  status: fixed('/status'),
  support: fixed('/support'),
  privacy: fixed('/privacy'),
  terms: fixed('/terms'),
  cookies: fixed('/cookies'),
  licenses: fixed('/licenses'),
  /** The unsubscribe link of newsletter e-mails (the signed token in the query). */
  newsletterUnsubscribe: fixed('/newsletter/unsubscribe'),
  /** The unsubscribe link of optional notification e-mails (the signed token in the query). */
  notificationUnsubscribe: fixed('/notifications/unsubscribe'),
  /** The double opt-in link of a sign-up's confirmation e-mail. */
  newsletterConfirm: fixed('/newsletter/confirm'),
  /** One licence certificate, public: anyone holding the id can verify it. */
  license: {
    path: '/licenses/:licenseId',
    getHref: (licenseId: string) => `/licenses/${encodeURIComponent(licenseId)}`,
  },
} as const;

function withQuery(pathname: string, search?: URLSearchParams): string {
  const query = search?.toString();
  return query ? `${pathname}?${query}` : pathname;
}
