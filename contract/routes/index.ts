/**
 * The single route table. The CDK API construct (one Lambda per domain, one API Gateway route per
 * row, the JWT authorizer on every non-public row) and the local HTTP adapter both read it, and each
 * domain's Lambda dispatches its rows with middy's http-router. Add a route here and nowhere else.
 *
 * Access policies (STYLE.md rule 13: declared once, here). API Gateway's JWT authorizer proves
 * who calls every non-public row; the shared HTTP chain then enforces the role part of the policy
 * from the caller's profile (roles and seller approval change without a new token), once; the
 * domain's service checks ownership, once.
 * - `public`:                   no token needed (no authorizer on the route).
 * - `user`:                     a valid Cognito ID token (audience = the web client).
 * - `approved-seller`:          `user`, and the caller is an approved seller (role seller or both).
 * - `approved-seller-or-admin`: `user`, and an approved seller or a caller with admin rights.
 * - `owner-or-admin`:           `user`; the chain loads the caller's profile, the service lets the
 *                               owner (of the template, the parties of the dispute) or admin rights
 *                               through and answers 403 to anyone else.
 * - `admin`:                    `user`, and admin rights (role admin or both, never a beta account).
 */
export type Access =
  'public' | 'user' | 'approved-seller' | 'approved-seller-or-admin' | 'owner-or-admin' | 'admin';

/** A domain owns one folder under `lambdas/` and becomes one Lambda function. */
export type Domain =
  | 'catalog'
  | 'profiles'
  | 'newsletter'
  | 'sellers'
  | 'stats'
  | 'billing'
  | 'refunds'
  | 'disputes'
  | 'templates'
  | 'uploads'
  | 'seller-applications'
  | 'downloads'
  | 'reviews'
  | 'notifications'
  | 'payouts'
  | 'licenses'
  | 'audit'
  | 'contact'
  | 'admin'
  | 'github'
  | 'deployments'
  | 'account';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax (`{id}` parameters), including the `/api` prefix CloudFront forwards. */
  readonly path: string;
  readonly domain: Domain;
  /** The handler module: `lambdas/<domain>/handlers/<operation>.ts`. */
  readonly operation: string;
  readonly access: Access;
}

export const routes = [
  {
    method: 'GET',
    path: '/api/mvps',
    domain: 'catalog',
    operation: 'list-mvps',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}',
    domain: 'catalog',
    operation: 'get-mvp',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/me',
    domain: 'profiles',
    operation: 'get-my-profile',
    access: 'user',
  },
  {
    method: 'PATCH',
    path: '/api/me',
    domain: 'profiles',
    operation: 'update-my-profile',
    access: 'user',
  },
  {
    method: 'PUT',
    path: '/api/me/avatar',
    domain: 'profiles',
    operation: 'set-my-avatar',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/auth/beta',
    domain: 'profiles',
    operation: 'start-beta-session',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/me/export',
    domain: 'account',
    operation: 'export-my-data',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/me/close',
    domain: 'account',
    operation: 'close-my-account',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/sellers/{username}',
    domain: 'sellers',
    operation: 'get-seller-profile',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/me/newsletter',
    domain: 'newsletter',
    operation: 'get-my-newsletter',
    access: 'user',
  },
  {
    method: 'PUT',
    path: '/api/me/newsletter',
    domain: 'newsletter',
    operation: 'update-my-newsletter',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/leads',
    domain: 'newsletter',
    operation: 'capture-lead',
    access: 'public',
  },
  {
    method: 'POST',
    path: '/api/newsletter/confirm',
    domain: 'newsletter',
    operation: 'confirm-newsletter',
    access: 'public',
  },
  {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    domain: 'newsletter',
    operation: 'unsubscribe-newsletter',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/stats',
    domain: 'stats',
    operation: 'get-home-stats',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/health',
    domain: 'stats',
    operation: 'get-health',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/subscriptions',
    domain: 'billing',
    operation: 'list-subscriptions',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/subscriptions/current',
    domain: 'billing',
    operation: 'get-current-subscription',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/refund-requests',
    domain: 'refunds',
    operation: 'create-refund-request',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/refund-requests',
    domain: 'refunds',
    operation: 'list-refund-requests',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/refund-requests/refundable',
    domain: 'refunds',
    operation: 'list-refundable-purchases',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/disputes',
    domain: 'disputes',
    operation: 'create-dispute',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/disputes',
    domain: 'disputes',
    operation: 'list-disputes',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/disputes/{id}',
    domain: 'disputes',
    operation: 'get-dispute',
    access: 'owner-or-admin',
  },
  {
    method: 'POST',
    path: '/api/seller-applications',
    domain: 'seller-applications',
    operation: 'submit-application',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/seller-applications/mine',
    domain: 'seller-applications',
    operation: 'get-my-application',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/admin/seller-applications',
    domain: 'seller-applications',
    operation: 'list-seller-applications',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/seller-applications/{userId}/decision',
    domain: 'seller-applications',
    operation: 'decide-seller-application',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/uploads',
    domain: 'uploads',
    operation: 'create-upload',
    access: 'approved-seller-or-admin',
  },
  {
    method: 'POST',
    path: '/api/uploads/avatar',
    domain: 'uploads',
    operation: 'create-avatar-upload',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/mvps',
    domain: 'templates',
    operation: 'create-mvp',
    access: 'approved-seller',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/versions',
    domain: 'templates',
    operation: 'create-version',
    access: 'owner-or-admin',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/versions/{versionId}/withdraw',
    domain: 'templates',
    operation: 'withdraw-version',
    access: 'approved-seller',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/versions',
    domain: 'catalog',
    operation: 'list-mvp-versions',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/manage',
    domain: 'templates',
    operation: 'get-managed-mvp',
    access: 'owner-or-admin',
  },
  {
    method: 'PATCH',
    path: '/api/mvps/{id}',
    domain: 'templates',
    operation: 'update-mvp',
    access: 'owner-or-admin',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/retry',
    domain: 'templates',
    operation: 'retry-processing',
    access: 'owner-or-admin',
  },
  {
    method: 'DELETE',
    path: '/api/mvps/{id}',
    domain: 'templates',
    operation: 'archive-mvp',
    access: 'owner-or-admin',
  },
  {
    method: 'GET',
    path: '/api/my/mvps',
    domain: 'templates',
    operation: 'list-my-mvps',
    access: 'approved-seller',
  },
  {
    method: 'GET',
    path: '/api/my/mvps/downloads',
    domain: 'templates',
    operation: 'list-recent-downloads',
    access: 'approved-seller',
  },
  {
    method: 'GET',
    path: '/api/admin/mvps',
    domain: 'templates',
    operation: 'list-pending-mvps',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/mvps/{id}/approve',
    domain: 'templates',
    operation: 'approve-mvp',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/mvps/{id}/reject',
    domain: 'templates',
    operation: 'reject-mvp',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/overview',
    domain: 'admin',
    operation: 'get-overview',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/download',
    domain: 'downloads',
    operation: 'download-mvp',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/download-status',
    domain: 'downloads',
    operation: 'get-download-status',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/files',
    domain: 'downloads',
    operation: 'list-mvp-files',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/files/content',
    domain: 'downloads',
    operation: 'get-mvp-file-content',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/downloads',
    domain: 'downloads',
    operation: 'list-my-downloads',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/reviews',
    domain: 'reviews',
    operation: 'list-reviews',
    access: 'public',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/reviews',
    domain: 'reviews',
    operation: 'submit-review',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/reviews/mine',
    domain: 'reviews',
    operation: 'get-my-review',
    access: 'user',
  },
  {
    method: 'DELETE',
    path: '/api/mvps/{id}/reviews/mine',
    domain: 'reviews',
    operation: 'delete-my-review',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/notifications',
    domain: 'notifications',
    operation: 'list-notifications',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/notifications/unread-count',
    domain: 'notifications',
    operation: 'get-unread-count',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/notifications/{id}/read',
    domain: 'notifications',
    operation: 'mark-notification-read',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    domain: 'notifications',
    operation: 'mark-all-notifications-read',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/my/notification-preferences',
    domain: 'notifications',
    operation: 'get-notification-preferences',
    access: 'user',
  },
  {
    method: 'PUT',
    path: '/api/my/notification-preferences',
    domain: 'notifications',
    operation: 'update-notification-preferences',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    domain: 'notifications',
    operation: 'unsubscribe-notification-emails',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/billing/plans',
    domain: 'billing',
    operation: 'list-plans',
    access: 'public',
  },
  {
    method: 'POST',
    path: '/api/billing/checkout',
    domain: 'billing',
    operation: 'create-checkout-session',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/billing/checkout/{sessionId}',
    domain: 'billing',
    operation: 'get-checkout-status',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/billing/portal',
    domain: 'billing',
    operation: 'create-billing-portal-session',
    access: 'user',
  },
  {
    method: 'PATCH',
    path: '/api/subscriptions/current',
    domain: 'billing',
    operation: 'update-current-subscription',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/webhooks/stripe',
    domain: 'billing',
    operation: 'receive-stripe-webhook',
    access: 'public',
  },
  {
    method: 'POST',
    path: '/api/webhooks/github',
    domain: 'github',
    operation: 'receive-github-webhook',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/github/app/install-url',
    domain: 'github',
    operation: 'get-github-app-install-url',
    access: 'approved-seller',
  },
  {
    method: 'POST',
    path: '/api/github/app/installations',
    domain: 'github',
    operation: 'complete-github-app-installation',
    access: 'approved-seller',
  },
  {
    method: 'POST',
    path: '/api/my/mvps/{id}/github/validate',
    domain: 'github',
    operation: 'validate-github-repository',
    access: 'approved-seller',
  },
  {
    method: 'PUT',
    path: '/api/my/mvps/{id}/github',
    domain: 'github',
    operation: 'link-github-repository',
    access: 'approved-seller',
  },
  {
    method: 'DELETE',
    path: '/api/my/mvps/{id}/github',
    domain: 'github',
    operation: 'unlink-github-repository',
    access: 'approved-seller',
  },
  {
    method: 'POST',
    path: '/api/my/mvps/{id}/github/sync',
    domain: 'github',
    operation: 'sync-github-repository',
    access: 'approved-seller',
  },
  {
    method: 'POST',
    path: '/api/deployments/github/authorize-url',
    domain: 'deployments',
    operation: 'start-github-connection',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/deployments/github/callback',
    domain: 'deployments',
    operation: 'complete-github-connection',
    access: 'user',
  },
  {
    method: 'DELETE',
    path: '/api/deployments/github',
    domain: 'deployments',
    operation: 'disconnect-github',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/my/connections',
    domain: 'deployments',
    operation: 'get-connections',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/deployments',
    domain: 'deployments',
    operation: 'create-deployment',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/my/deployments',
    domain: 'deployments',
    operation: 'list-my-deployments',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/deployments/{id}',
    domain: 'deployments',
    operation: 'get-deployment',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/deployments/{id}/netlify/authorize-url',
    domain: 'deployments',
    operation: 'get-netlify-authorize-url',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/deployments/netlify/callback',
    domain: 'deployments',
    operation: 'complete-netlify-connection',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/deployments/{id}/upgrade-pull-request',
    domain: 'deployments',
    operation: 'open-upgrade-pull-request',
    access: 'user',
  },
  {
    method: 'PUT',
    path: '/api/deployments/{id}/story',
    domain: 'account',
    operation: 'set-deployment-story',
    access: 'user',
  },
  {
    method: 'GET',
    path: '/api/stories',
    domain: 'account',
    operation: 'list-stories',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/connect',
    domain: 'billing',
    operation: 'get-connect-status',
    access: 'approved-seller',
  },
  {
    method: 'POST',
    path: '/api/connect/account-link',
    domain: 'billing',
    operation: 'create-connect-account-link',
    access: 'approved-seller',
  },
  {
    method: 'POST',
    path: '/api/connect/login-link',
    domain: 'payouts',
    operation: 'create-connect-login-link',
    access: 'approved-seller',
  },
  {
    method: 'GET',
    path: '/api/my/analytics',
    domain: 'sellers',
    operation: 'get-my-analytics',
    access: 'approved-seller',
  },
  {
    method: 'GET',
    path: '/api/my/analytics/export',
    domain: 'sellers',
    operation: 'export-my-analytics',
    access: 'approved-seller',
  },
  {
    method: 'GET',
    path: '/api/payouts',
    domain: 'payouts',
    operation: 'list-my-payouts',
    access: 'approved-seller',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-types',
    domain: 'newsletter',
    operation: 'list-newsletter-types',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter-types',
    domain: 'newsletter',
    operation: 'create-newsletter-type',
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/admin/newsletter-types/{id}',
    domain: 'newsletter',
    operation: 'update-newsletter-type',
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/admin/newsletter-types/{id}',
    domain: 'newsletter',
    operation: 'delete-newsletter-type',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-types/{id}/subscriptions',
    domain: 'newsletter',
    operation: 'list-newsletter-type-subscriptions',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-subscribers',
    domain: 'newsletter',
    operation: 'list-newsletter-subscribers',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-subscribers/export',
    domain: 'newsletter',
    operation: 'export-newsletter-subscribers',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-issues',
    domain: 'newsletter',
    operation: 'list-newsletter-issues',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter-issues',
    domain: 'newsletter',
    operation: 'create-newsletter-issue',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-issues/{id}',
    domain: 'newsletter',
    operation: 'get-newsletter-issue',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter-issues/{id}/send',
    domain: 'newsletter',
    operation: 'send-newsletter-issue',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/refund-requests',
    domain: 'refunds',
    operation: 'list-refund-requests-by-status',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/refund-requests/{id}/approve',
    domain: 'refunds',
    operation: 'approve-refund-request',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/refund-requests/{id}/reject',
    domain: 'refunds',
    operation: 'reject-refund-request',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/refund-requests/{id}/process',
    domain: 'refunds',
    operation: 'process-refund-request',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/disputes',
    domain: 'disputes',
    operation: 'list-disputes-by-status',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/disputes/{id}/start-review',
    domain: 'disputes',
    operation: 'start-dispute-review',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/disputes/{id}/resolve',
    domain: 'disputes',
    operation: 'resolve-dispute',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/payouts',
    domain: 'payouts',
    operation: 'list-payouts-by-status',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/payouts/{sellerId}/{monthYear}/process',
    domain: 'payouts',
    operation: 'process-payout',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/payout-runs',
    domain: 'payouts',
    operation: 'list-payout-runs',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/payout-runs',
    domain: 'payouts',
    operation: 'run-payouts-for-month',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/licenses/{id}',
    domain: 'licenses',
    operation: 'get-license',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/me/licenses',
    domain: 'licenses',
    operation: 'list-my-licenses',
    access: 'user',
  },
  {
    method: 'POST',
    path: '/api/contact',
    domain: 'contact',
    operation: 'send-contact-message',
    access: 'public',
  },
  {
    method: 'GET',
    path: '/api/admin/contact-messages',
    domain: 'contact',
    operation: 'list-contact-messages',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/contact-messages/{id}/handle',
    domain: 'contact',
    operation: 'handle-contact-message',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/audit-log',
    domain: 'audit',
    operation: 'list-audit-log',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    domain: 'profiles',
    operation: 'list-admin-users',
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/{id}/role',
    domain: 'profiles',
    operation: 'change-user-role',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/seller-approval',
    domain: 'seller-applications',
    operation: 'set-seller-approval',
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/admin/users/{id}/plan',
    domain: 'billing',
    operation: 'assign-enterprise-plan',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/analytics',
    domain: 'stats',
    operation: 'get-admin-analytics',
    access: 'admin',
  },
] as const satisfies readonly RouteDefinition[];

/** `GET /api/mvps/{id}`: a route of the table, as one string (the frontend client's key). */
export type RouteKey = (typeof routes)[number] extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

export const domains: readonly Domain[] = [
  ...new Set((routes as readonly RouteDefinition[]).map((route) => route.domain)),
];

/** `GET /api/mvps/{id}`: the API Gateway route key, also used by the local adapter. */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

export const routesOf = (domain: Domain): RouteDefinition[] =>
  routes.filter((route) => route.domain === domain);
