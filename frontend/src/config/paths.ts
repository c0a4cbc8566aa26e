/**
 * Every in-app URL, typed. Components link through these instead of writing strings, so a route
 * moves in one place. `path` is the router pattern, `getHref` builds a concrete link.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  browse: { path: '/mvps', getHref: (search?: URLSearchParams) => withQuery('/mvps', search) },
  mvp: {
    path: '/mvp/:mvpId',
    getHref: (mvpId: string) => `/mvp/${encodeURIComponent(mvpId)}`,
  },
  auth: { path: '/auth', getHref: () => '/auth' },
  signIn: { path: '/signin', getHref: () => '/signin' },
  signUp: { path: '/signup', getHref: () => '/signup' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  admin: { path: '/admin', getHref: () => '/admin' },
  payouts: { path: '/payouts', getHref: () => '/payouts' },
  connectStripe: { path: '/connect-stripe', getHref: () => '/connect-stripe' },
  sellerSignup: { path: '/seller-signup', getHref: () => '/seller-signup' },
  sell: { path: '/sell', getHref: () => '/sell' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  settings: {
    path: '/settings',
    getHref: (tab?: 'profile' | 'security' | 'connections' | 'notifications') =>
      tab ? `/settings?tab=${tab}` : '/settings',
  },
  seller: {
    path: '/seller/:username',
    getHref: (username: string) => `/seller/${encodeURIComponent(username)}`,
  },
  dispute: {
    path: '/dispute/:mvpId?',
    getHref: (mvpId?: string) => (mvpId ? `/dispute/${encodeURIComponent(mvpId)}` : '/dispute'),
  },
  refundRequest: { path: '/refund-request', getHref: () => '/refund-request' },
  disputeDetail: {
    path: '/disputes/:disputeId',
    getHref: (disputeId: string) => `/disputes/${encodeURIComponent(disputeId)}`,
  },
  myMvps: { path: '/my-mvps', getHref: () => '/my-mvps' },
  upload: {
    path: '/upload',
    getHref: (mvpId?: string) => (mvpId ? `/upload?mvpId=${encodeURIComponent(mvpId)}` : '/upload'),
  },
  mvpEdit: {
    path: '/mvp/:mvpId/edit',
    getHref: (mvpId: string) => `/mvp/${encodeURIComponent(mvpId)}/edit`,
  },
  howItWorks: { path: '/how-it-works', getHref: () => '/how-it-works' },
  stories: { path: '/stories', getHref: () => '/stories' },
  guidelines: { path: '/guidelines', getHref: () => '/guidelines' },
  analytics: { path: '/analytics', getHref: () => '/analytics' },
  payoutSettings: { path: '/payout-settings', getHref: () => '/payout-settings' },
  help: { path: '/help', getHref: () => '/help' },
  contact: { path: '/contact', getHref: () => '/contact' },
  docs: { path: '/docs', getHref: () => '/docs' },
  status: { path: '/status', getHref: () => '/status' },
  support: { path: '/support', getHref: () => '/support' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  cookies: { path: '/cookies', getHref: () => '/cookies' },
  licenses: { path: '/licenses', getHref: () => '/licenses' },
} as const;

function withQuery(pathname: string, search?: URLSearchParams): string {
  const query = search?.toString();
  return query ? `${pathname}?${query}` : pathname;
}
