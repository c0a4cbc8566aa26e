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
  readonly summary: string;
}

export const routes = [
  {
    method: 'GET',
    path: '/api/mvps',
    domain: 'catalog',
    operation: 'list-mvps',
    access: 'public',
    summary: 'Browse approved templates: search, filters, sort, pages of 20, exact total.',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}',
    domain: 'catalog',
    operation: 'get-mvp',
    access: 'public',
    summary: 'One approved template with its seller.',
  },
  {
    method: 'GET',
    path: '/api/me',
    domain: 'profiles',
    operation: 'get-my-profile',
    access: 'user',
    summary: "The caller's profile; the default profile is created on first sight.",
  },
  {
    method: 'PATCH',
    path: '/api/me',
    domain: 'profiles',
    operation: 'update-my-profile',
    access: 'user',
    summary: "The caller's own profile fields; a new username is claimed in one transaction.",
  },
  {
    method: 'PUT',
    path: '/api/me/avatar',
    domain: 'profiles',
    operation: 'set-my-avatar',
    access: 'user',
    summary:
      "The caller's uploaded avatar (checked against S3 under the caller's own upload prefix) becomes their profile picture.",
  },
  {
    method: 'POST',
    path: '/api/auth/beta',
    domain: 'profiles',
    operation: 'start-beta-session',
    access: 'public',
    summary:
      'A fresh 24-hour beta account for this caller (rate limited), only while beta access is switched on (else 404).',
  },
  {
    method: 'GET',
    path: '/api/me/export',
    domain: 'account',
    operation: 'export-my-data',
    access: 'user',
    summary: "The caller's own data as a JSON file (docs/account.md).",
  },
  {
    method: 'POST',
    path: '/api/me/close',
    domain: 'account',
    operation: 'close-my-account',
    access: 'user',
    summary: "Closes the caller's account, confirmed by their password (docs/account.md).",
  },
  {
    method: 'GET',
    path: '/api/sellers/{username}',
    domain: 'sellers',
    operation: 'get-seller-profile',
    access: 'public',
    summary: "An approved seller's public page: profile, stats and approved templates.",
  },
  {
    method: 'GET',
    path: '/api/me/newsletter',
    domain: 'newsletter',
    operation: 'get-my-newsletter',
    access: 'user',
    summary: "The caller's newsletter toggle for one newsletter type (default site_updates).",
  },
  {
    method: 'PUT',
    path: '/api/me/newsletter',
    domain: 'newsletter',
    operation: 'update-my-newsletter',
    access: 'user',
    summary: 'Subscribe or unsubscribe the caller from one newsletter type.',
  },
  {
    method: 'POST',
    path: '/api/leads',
    domain: 'newsletter',
    operation: 'capture-lead',
    access: 'public',
    summary:
      'Launch-page lead capture (consent required), stored once per e-mail address, unconfirmed until the e-mailed link is followed (double opt-in).',
  },
  {
    method: 'POST',
    path: '/api/newsletter/confirm',
    domain: 'newsletter',
    operation: 'confirm-newsletter',
    access: 'public',
    summary: 'Double opt-in: confirm an anonymous sign-up with the signed token of its e-mail.',
  },
  {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    domain: 'newsletter',
    operation: 'unsubscribe-newsletter',
    access: 'public',
    summary:
      "Unsubscribe with a newsletter e-mail's signed token (body or query: RFC 8058 one-click); idempotent.",
  },
  {
    method: 'GET',
    path: '/api/stats',
    domain: 'stats',
    operation: 'get-home-stats',
    access: 'public',
    summary: 'Home hero figures: completed deployments and approved templates.',
  },
  {
    method: 'GET',
    path: '/api/health',
    domain: 'stats',
    operation: 'get-health',
    access: 'public',
    summary: 'Live health of the API, the database and the processing pipeline (/status).',
  },
  {
    method: 'GET',
    path: '/api/subscriptions',
    domain: 'billing',
    operation: 'list-subscriptions',
    access: 'user',
    summary: "The caller's subscriptions, newest first.",
  },
  {
    method: 'GET',
    path: '/api/subscriptions/current',
    domain: 'billing',
    operation: 'get-current-subscription',
    access: 'user',
    summary: "The caller's subscription view: plan, status, period end, payment method.",
  },
  {
    method: 'POST',
    path: '/api/refund-requests',
    domain: 'refunds',
    operation: 'create-refund-request',
    access: 'user',
    summary:
      "A refund request (pending) on one of the caller's own subscriptions or one-time orders.",
  },
  {
    method: 'GET',
    path: '/api/refund-requests',
    domain: 'refunds',
    operation: 'list-refund-requests',
    access: 'user',
    summary: "The caller's refund requests with their subscription's plan, newest first.",
  },
  {
    method: 'GET',
    path: '/api/refund-requests/refundable',
    domain: 'refunds',
    operation: 'list-refundable-purchases',
    access: 'user',
    summary:
      "The caller's subscriptions and one-time orders that may be refund-requested, each with the most that may be asked.",
  },
  {
    method: 'POST',
    path: '/api/disputes',
    domain: 'disputes',
    operation: 'create-dispute',
    access: 'user',
    summary: 'A dispute (open) about a template the caller downloaded.',
  },
  {
    method: 'GET',
    path: '/api/disputes',
    domain: 'disputes',
    operation: 'list-disputes',
    access: 'user',
    summary: 'Disputes where the caller is the buyer or the seller, newest first.',
  },
  {
    method: 'GET',
    path: '/api/disputes/{id}',
    domain: 'disputes',
    operation: 'get-dispute',
    access: 'owner-or-admin',
    summary: 'One dispute, for its buyer, its seller, admin or both (403 for anyone else).',
  },
  {
    method: 'POST',
    path: '/api/seller-applications',
    domain: 'seller-applications',
    operation: 'submit-application',
    access: 'user',
    summary:
      "The signed-in applicant's seller application, any role (stored pending; one under review at a time).",
  },
  {
    method: 'GET',
    path: '/api/seller-applications/mine',
    domain: 'seller-applications',
    operation: 'get-my-application',
    access: 'user',
    summary:
      "Where the caller's own seller application stands: none, pending, rejected (with the reason) or approved.",
  },
  {
    method: 'GET',
    path: '/api/admin/seller-applications',
    domain: 'seller-applications',
    operation: 'list-seller-applications',
    access: 'admin',
    summary: 'The seller application queue: pending first (oldest first), then decided ones.',
  },
  {
    method: 'POST',
    path: '/api/admin/seller-applications/{userId}/decision',
    domain: 'seller-applications',
    operation: 'decide-seller-application',
    access: 'admin',
    summary:
      'Approve (the user becomes an approved seller) or reject with a reason; audited and notified in one transaction.',
  },
  {
    method: 'POST',
    path: '/api/uploads',
    domain: 'uploads',
    operation: 'create-upload',
    access: 'approved-seller-or-admin',
    summary:
      "Presigned PUT URLs for a bundle and preview images under the caller's uploads/ prefix (approved sellers, admin, both).",
  },
  {
    method: 'POST',
    path: '/api/uploads/avatar',
    domain: 'uploads',
    operation: 'create-avatar-upload',
    access: 'user',
    summary:
      "A presigned PUT URL for one avatar image under the caller's uploads/ prefix (any signed-in user).",
  },
  {
    method: 'POST',
    path: '/api/mvps',
    domain: 'templates',
    operation: 'create-mvp',
    access: 'approved-seller',
    summary: 'Register an uploaded template (pending_review) and start processing.',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/versions',
    domain: 'templates',
    operation: 'create-version',
    access: 'owner-or-admin',
    summary: 'A new version with a changelog (owner, admin or both); processing runs again.',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/versions/{versionId}/withdraw',
    domain: 'templates',
    operation: 'withdraw-version',
    access: 'approved-seller',
    summary:
      'The owner withdraws a new version that is not live yet; the live version stays as it is.',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/versions',
    domain: 'catalog',
    operation: 'list-mvp-versions',
    access: 'public',
    summary: "An approved template's version history: the versions that went live, newest first.",
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/manage',
    domain: 'templates',
    operation: 'get-managed-mvp',
    access: 'owner-or-admin',
    summary: 'A template in any status but archived, for its owner, admin or both.',
  },
  {
    method: 'PATCH',
    path: '/api/mvps/{id}',
    domain: 'templates',
    operation: 'update-mvp',
    access: 'owner-or-admin',
    summary: 'Edit a template (owner, admin or both); a replaced file is processed again.',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/retry',
    domain: 'templates',
    operation: 'retry-processing',
    access: 'owner-or-admin',
    summary: 'Process a scan_failed or ipfs_pin_failed template again (owner, admin or both).',
  },
  {
    method: 'DELETE',
    path: '/api/mvps/{id}',
    domain: 'templates',
    operation: 'archive-mvp',
    access: 'owner-or-admin',
    summary: 'Delete (archive) a template (owner, admin or both).',
  },
  {
    method: 'GET',
    path: '/api/my/mvps',
    domain: 'templates',
    operation: 'list-my-mvps',
    access: 'approved-seller',
    summary: "The approved seller's own templates (not archived), newest first, with stats.",
  },
  {
    method: 'GET',
    path: '/api/my/mvps/downloads',
    domain: 'templates',
    operation: 'list-recent-downloads',
    access: 'approved-seller',
    summary:
      "The latest 5 downloads of the approved seller's templates (title and time, no buyer identity).",
  },
  {
    method: 'GET',
    path: '/api/admin/mvps',
    domain: 'templates',
    operation: 'list-pending-mvps',
    access: 'admin',
    summary:
      'The MVP review queue: pending_review, scan_failed and ipfs_pin_failed templates (or one of them), oldest first, with the seller.',
  },
  {
    method: 'POST',
    path: '/api/admin/mvps/{id}/approve',
    domain: 'templates',
    operation: 'approve-mvp',
    access: 'admin',
    summary: 'Approve a template in review: published at once, the seller notified (audited).',
  },
  {
    method: 'POST',
    path: '/api/admin/mvps/{id}/reject',
    domain: 'templates',
    operation: 'reject-mvp',
    access: 'admin',
    summary: 'Reject a pending template with a reason: the seller notified (audited).',
  },
  {
    method: 'GET',
    path: '/api/admin/overview',
    domain: 'admin',
    operation: 'get-overview',
    access: 'admin',
    summary:
      'The admin overview: 8 figures from counters, the oldest pending templates and payouts, the newest users.',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/download',
    domain: 'downloads',
    operation: 'download-mvp',
    access: 'user',
    summary: 'Spend one download (atomic quota transaction) and get a short-lived URL of the file.',
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/download-status',
    domain: 'downloads',
    operation: 'get-download-status',
    access: 'user',
    summary: "Whether the caller downloaded this template, and the caller's downloads left.",
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/files',
    domain: 'downloads',
    operation: 'list-mvp-files',
    access: 'public',
    summary:
      "The files inside an approved template's bundle (its scan manifest; older zips: the directory), with the README and package manifest.",
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/files/content',
    domain: 'downloads',
    operation: 'get-mvp-file-content',
    access: 'user',
    summary:
      'One text file of the bundle from the code preview pack (one ranged read), for callers who may download the template; spends no quota.',
  },
  {
    method: 'GET',
    path: '/api/downloads',
    domain: 'downloads',
    operation: 'list-my-downloads',
    access: 'user',
    summary: "The caller's downloads, newest first, with the downloaded template's snapshot.",
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/reviews',
    domain: 'reviews',
    operation: 'list-reviews',
    access: 'public',
    summary: 'Reviews of an approved template, newest first, with its average rating.',
  },
  {
    method: 'POST',
    path: '/api/mvps/{id}/reviews',
    domain: 'reviews',
    operation: 'submit-review',
    access: 'user',
    summary: "Create or replace the caller's review (one per buyer), exact rating counters.",
  },
  {
    method: 'GET',
    path: '/api/mvps/{id}/reviews/mine',
    domain: 'reviews',
    operation: 'get-my-review',
    access: 'user',
    summary: "The caller's own review of an approved template (the form shows it), or null.",
  },
  {
    method: 'DELETE',
    path: '/api/mvps/{id}/reviews/mine',
    domain: 'reviews',
    operation: 'delete-my-review',
    access: 'user',
    summary: "Delete the caller's own review; its rating leaves the sums in the same transaction.",
  },
  {
    method: 'GET',
    path: '/api/notifications',
    domain: 'notifications',
    operation: 'list-notifications',
    access: 'user',
    summary: "The caller's notifications, newest first (unread=true for unread only).",
  },
  {
    method: 'GET',
    path: '/api/notifications/unread-count',
    domain: 'notifications',
    operation: 'get-unread-count',
    access: 'user',
    summary: "The caller's unread notification count (the header bell).",
  },
  {
    method: 'POST',
    path: '/api/notifications/{id}/read',
    domain: 'notifications',
    operation: 'mark-notification-read',
    access: 'user',
    summary: "Mark one of the caller's notifications read (idempotent).",
  },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    domain: 'notifications',
    operation: 'mark-all-notifications-read',
    access: 'user',
    summary: 'Mark every unread notification of the caller read.',
  },
  {
    method: 'GET',
    path: '/api/my/notification-preferences',
    domain: 'notifications',
    operation: 'get-notification-preferences',
    access: 'user',
    summary: "The caller's e-mail switch of every notification type (receipts always on).",
  },
  {
    method: 'PUT',
    path: '/api/my/notification-preferences',
    domain: 'notifications',
    operation: 'update-notification-preferences',
    access: 'user',
    summary: "Turn some of the caller's notification e-mails on or off (never a receipt).",
  },
  {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    domain: 'notifications',
    operation: 'unsubscribe-notification-emails',
    access: 'public',
    summary:
      'Turn off one kind of notification e-mail with the signed token of such an e-mail (body or query: RFC 8058 one-click); idempotent.',
  },
  {
    method: 'GET',
    path: '/api/billing/plans',
    domain: 'billing',
    operation: 'list-plans',
    access: 'public',
    summary: 'The four plans with the payment provider price id of each (null when not sold).',
  },
  {
    method: 'POST',
    path: '/api/billing/checkout',
    domain: 'billing',
    operation: 'create-checkout-session',
    access: 'user',
    summary:
      'A Stripe Checkout Session for a plan (subscription mode) or a one-time-sale template (payment mode).',
  },
  {
    method: 'GET',
    path: '/api/billing/checkout/{sessionId}',
    domain: 'billing',
    operation: 'get-checkout-status',
    access: 'user',
    summary:
      "One of the caller's Checkout Sessions: processing until the webhook has recorded its effect, then complete.",
  },
  {
    method: 'POST',
    path: '/api/billing/portal',
    domain: 'billing',
    operation: 'create-billing-portal-session',
    access: 'user',
    summary:
      "A Stripe customer portal session for the caller's own customer: card, invoices and receipts.",
  },
  {
    method: 'PATCH',
    path: '/api/subscriptions/current',
    domain: 'billing',
    operation: 'update-current-subscription',
    access: 'user',
    summary:
      "Cancel the caller's subscription at period end, resume it, or switch plan (Stripe proration).",
  },
  {
    method: 'POST',
    path: '/api/webhooks/stripe',
    domain: 'billing',
    operation: 'receive-stripe-webhook',
    access: 'public',
    summary:
      'Stripe events, verified by signature on the raw body, applied once each (idempotent by event id).',
  },
  {
    method: 'POST',
    path: '/api/webhooks/github',
    domain: 'github',
    operation: 'receive-github-webhook',
    access: 'public',
    summary:
      "GitHub push events of linked repositories, verified by the template's own secret on the raw body, applied once each (X-GitHub-Delivery).",
  },
  {
    method: 'GET',
    path: '/api/github/app/install-url',
    domain: 'github',
    operation: 'get-github-app-install-url',
    access: 'approved-seller',
    summary: "The GitHub App's installation page with a signed, single-use state.",
  },
  {
    method: 'POST',
    path: '/api/github/app/installations',
    domain: 'github',
    operation: 'complete-github-app-installation',
    access: 'approved-seller',
    summary:
      'Completes the App installation (/github-app-callback): state checked, installation stored.',
  },
  {
    method: 'POST',
    path: '/api/my/mvps/{id}/github/validate',
    domain: 'github',
    operation: 'validate-github-repository',
    access: 'approved-seller',
    summary:
      "Whether the seller's App installation sees the repository (the template's owner only).",
  },
  {
    method: 'PUT',
    path: '/api/my/mvps/{id}/github',
    domain: 'github',
    operation: 'link-github-repository',
    access: 'approved-seller',
    summary:
      'Links the template to a repository with a webhook secret (generated or given, never returned); the owner only.',
  },
  {
    method: 'DELETE',
    path: '/api/my/mvps/{id}/github',
    domain: 'github',
    operation: 'unlink-github-repository',
    access: 'approved-seller',
    summary: "Unlinks the template's repository and removes our webhook; the owner only.",
  },
  {
    method: 'POST',
    path: '/api/my/mvps/{id}/github/sync',
    domain: 'github',
    operation: 'sync-github-repository',
    access: 'approved-seller',
    summary:
      'Syncs the head of the default branch as a new version (nothing when already synced); the owner only.',
  },
  {
    method: 'POST',
    path: '/api/deployments/github/authorize-url',
    domain: 'deployments',
    operation: 'start-github-connection',
    access: 'user',
    summary:
      "GitHub's authorize page for the caller (initiate-buyer-github-oauth) with a signed, single-use state, for a template or just to connect.",
  },
  {
    method: 'POST',
    path: '/api/deployments/github/callback',
    domain: 'deployments',
    operation: 'complete-github-connection',
    access: 'user',
    summary:
      "Completes the caller's GitHub authorisation (/buyer-github-callback): state consumed, code exchanged, token sealed; answers the login.",
  },
  {
    method: 'DELETE',
    path: '/api/deployments/github',
    domain: 'deployments',
    operation: 'disconnect-github',
    access: 'user',
    summary: "Forgets the caller's GitHub token (Settings → Connections).",
  },
  {
    method: 'GET',
    path: '/api/my/connections',
    domain: 'deployments',
    operation: 'get-connections',
    access: 'user',
    summary: 'Which of GitHub and Netlify the caller connected, as whom; never a token.',
  },
  {
    method: 'POST',
    path: '/api/deployments',
    domain: 'deployments',
    operation: 'create-deployment',
    access: 'user',
    summary:
      "Spends a download as Download does and starts the repository step (a private repository with the template's files) of a new deployment.",
  },
  {
    method: 'GET',
    path: '/api/my/deployments',
    domain: 'deployments',
    operation: 'list-my-deployments',
    access: 'user',
    summary: "The caller's deployments with their templates, newest first.",
  },
  {
    method: 'GET',
    path: '/api/deployments/{id}',
    domain: 'deployments',
    operation: 'get-deployment',
    access: 'user',
    summary: "One deployment's status (polled every 5 s); its buyer only, 404 for anyone else.",
  },
  {
    method: 'POST',
    path: '/api/deployments/{id}/netlify/authorize-url',
    domain: 'deployments',
    operation: 'get-netlify-authorize-url',
    access: 'user',
    summary: "Netlify's authorize page for the caller's deployment once its repository exists.",
  },
  {
    method: 'POST',
    path: '/api/deployments/netlify/callback',
    domain: 'deployments',
    operation: 'complete-netlify-connection',
    access: 'user',
    summary:
      'Completes the Netlify authorisation (/buyer-netlify-callback): token sealed, the site step started.',
  },
  {
    method: 'POST',
    path: '/api/deployments/{id}/upgrade-pull-request',
    domain: 'deployments',
    operation: 'open-upgrade-pull-request',
    access: 'user',
    summary:
      "Opens (once per version) a pull request with the template's latest approved version and its changelogs in the caller's repository.",
  },
  {
    method: 'PUT',
    path: '/api/deployments/{id}/story',
    domain: 'account',
    operation: 'set-deployment-story',
    access: 'user',
    summary: "Shows or hides the caller's own launched site on Success Stories.",
  },
  {
    method: 'GET',
    path: '/api/stories',
    domain: 'account',
    operation: 'list-stories',
    access: 'public',
    summary: 'Success Stories: launched sites their buyers chose to show.',
  },
  {
    method: 'GET',
    path: '/api/connect',
    domain: 'billing',
    operation: 'get-connect-status',
    access: 'approved-seller',
    summary: "Whether the caller's Stripe Connect account exists and can receive payouts.",
  },
  {
    method: 'POST',
    path: '/api/connect/account-link',
    domain: 'billing',
    operation: 'create-connect-account-link',
    access: 'approved-seller',
    summary: "The caller's Connect account (created once) and a fresh onboarding link for it.",
  },
  {
    method: 'POST',
    path: '/api/connect/login-link',
    domain: 'payouts',
    operation: 'create-connect-login-link',
    access: 'approved-seller',
    summary: "A one-time link into the caller's Stripe Express dashboard.",
  },
  {
    method: 'GET',
    path: '/api/my/analytics',
    domain: 'sellers',
    operation: 'get-my-analytics',
    access: 'approved-seller',
    summary: "The caller's own templates month by month (last 12 months).",
  },
  {
    method: 'GET',
    path: '/api/my/analytics/export',
    domain: 'sellers',
    operation: 'export-my-analytics',
    access: 'approved-seller',
    summary: 'The same analytics as a CSV download.',
  },
  {
    method: 'GET',
    path: '/api/payouts',
    domain: 'payouts',
    operation: 'list-my-payouts',
    access: 'approved-seller',
    summary:
      "The caller's payouts by month (status filter) with the four summary figures of the payouts page.",
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-types',
    domain: 'newsletter',
    operation: 'list-newsletter-types',
    access: 'admin',
    summary: 'Every newsletter type, by name (admin newsletter tab).',
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter-types',
    domain: 'newsletter',
    operation: 'create-newsletter-type',
    access: 'admin',
    summary: 'Create a newsletter type (audited).',
  },
  {
    method: 'PATCH',
    path: '/api/admin/newsletter-types/{id}',
    domain: 'newsletter',
    operation: 'update-newsletter-type',
    access: 'admin',
    summary: "Edit a newsletter type's name, description or active switch (audited).",
  },
  {
    method: 'DELETE',
    path: '/api/admin/newsletter-types/{id}',
    domain: 'newsletter',
    operation: 'delete-newsletter-type',
    access: 'admin',
    summary: 'Delete a newsletter type (audited); site_updates cannot be deleted.',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-types/{id}/subscriptions',
    domain: 'newsletter',
    operation: 'list-newsletter-type-subscriptions',
    access: 'admin',
    summary:
      "Users' subscriptions to one newsletter type, latest change first (paged, signed cursor).",
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-subscribers',
    domain: 'newsletter',
    operation: 'list-newsletter-subscribers',
    access: 'admin',
    summary:
      'Newsletter subscribers (all, subscribed or unsubscribed), newest first (paged, signed cursor).',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-subscribers/export',
    domain: 'newsletter',
    operation: 'export-newsletter-subscribers',
    access: 'admin',
    summary: 'The newsletter subscribers as a CSV download (audited; 413 past 5 MB).',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-issues',
    domain: 'newsletter',
    operation: 'list-newsletter-issues',
    access: 'admin',
    summary: 'Newsletter issues, newest first, with status and counts.',
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter-issues',
    domain: 'newsletter',
    operation: 'create-newsletter-issue',
    access: 'admin',
    summary: 'Compose a draft issue for a newsletter type (audited).',
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter-issues/{id}',
    domain: 'newsletter',
    operation: 'get-newsletter-issue',
    access: 'admin',
    summary: "One issue's progress; a draft also says how many addresses it would reach.",
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter-issues/{id}/send',
    domain: 'newsletter',
    operation: 'send-newsletter-issue',
    access: 'admin',
    summary: 'Send a draft issue through the newsletter-send state machine (once; audited).',
  },
  {
    method: 'GET',
    path: '/api/admin/refund-requests',
    domain: 'refunds',
    operation: 'list-refund-requests-by-status',
    access: 'admin',
    summary: 'Refund requests of one status, oldest first (admin queue).',
  },
  {
    method: 'POST',
    path: '/api/admin/refund-requests/{id}/approve',
    domain: 'refunds',
    operation: 'approve-refund-request',
    access: 'admin',
    summary: 'Approve a pending refund request.',
  },
  {
    method: 'POST',
    path: '/api/admin/refund-requests/{id}/reject',
    domain: 'refunds',
    operation: 'reject-refund-request',
    access: 'admin',
    summary: 'Reject a pending refund request.',
  },
  {
    method: 'POST',
    path: '/api/admin/refund-requests/{id}/process',
    domain: 'refunds',
    operation: 'process-refund-request',
    access: 'admin',
    summary:
      "Refund an approved request through Stripe against the subscription's paid invoices (idempotent).",
  },
  {
    method: 'GET',
    path: '/api/admin/disputes',
    domain: 'disputes',
    operation: 'list-disputes-by-status',
    access: 'admin',
    summary:
      'Disputes of one status (open by default), oldest first, with the parties (admin queue).',
  },
  {
    method: 'POST',
    path: '/api/admin/disputes/{id}/start-review',
    domain: 'disputes',
    operation: 'start-dispute-review',
    access: 'admin',
    summary: 'Start the review of an open dispute (both parties are notified).',
  },
  {
    method: 'POST',
    path: '/api/admin/disputes/{id}/resolve',
    domain: 'disputes',
    operation: 'resolve-dispute',
    access: 'admin',
    summary: 'Resolve a dispute in review with non-blank details (both parties are notified).',
  },
  {
    method: 'GET',
    path: '/api/admin/payouts',
    domain: 'payouts',
    operation: 'list-payouts-by-status',
    access: 'admin',
    summary: 'Payouts of one status (pending by default), oldest month first, with the seller.',
  },
  {
    method: 'POST',
    path: '/api/admin/payouts/{sellerId}/{monthYear}/process',
    domain: 'payouts',
    operation: 'process-payout',
    access: 'admin',
    summary:
      "Pay a pending or failed payout now through the monthly run's transfer (Stripe Connect).",
  },
  {
    method: 'GET',
    path: '/api/admin/payout-runs',
    domain: 'payouts',
    operation: 'list-payout-runs',
    access: 'admin',
    summary: 'The monthly payout runs owed over the last year: completed, running or missed.',
  },
  {
    method: 'POST',
    path: '/api/admin/payout-runs',
    domain: 'payouts',
    operation: 'run-payouts-for-month',
    access: 'admin',
    summary:
      'Run the payouts of an ended month that was never run (audited; a month already run is refused).',
  },
  {
    method: 'GET',
    path: '/api/licenses/{id}',
    domain: 'licenses',
    operation: 'get-license',
    access: 'public',
    summary: 'One licence certificate, for anyone holding its id (verification).',
  },
  {
    method: 'GET',
    path: '/api/me/licenses',
    domain: 'licenses',
    operation: 'list-my-licenses',
    access: 'user',
    summary: "The caller's licence certificates, newest first.",
  },
  {
    method: 'POST',
    path: '/api/contact',
    domain: 'contact',
    operation: 'send-contact-message',
    access: 'public',
    summary:
      'The contact form: stores the message and notifies the admins (rate limited per client).',
  },
  {
    method: 'GET',
    path: '/api/admin/contact-messages',
    domain: 'contact',
    operation: 'list-contact-messages',
    access: 'admin',
    summary: 'Contact messages of one status (new or handled), newest first, paged.',
  },
  {
    method: 'POST',
    path: '/api/admin/contact-messages/{id}/handle',
    domain: 'contact',
    operation: 'handle-contact-message',
    access: 'admin',
    summary: 'Marks a new contact message handled (audited); a handled one is a 409.',
  },
  {
    method: 'GET',
    path: '/api/admin/audit-log',
    domain: 'audit',
    operation: 'list-audit-log',
    access: 'admin',
    summary: 'Every admin action (who, what, target, before and after, when), newest first.',
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    domain: 'profiles',
    operation: 'list-admin-users',
    access: 'admin',
    summary:
      'Users newest first, filtered by role and seller approval, searched by e-mail or username prefix.',
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/{id}/role',
    domain: 'profiles',
    operation: 'change-user-role',
    access: 'admin',
    summary:
      "A user's role: the Cognito group and the profile together (never one's own admin role).",
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/seller-approval',
    domain: 'seller-applications',
    operation: 'set-seller-approval',
    access: 'admin',
    summary:
      'Approve a seller (through the seller application decision) or revoke one (roles seller and both).',
  },
  {
    method: 'PUT',
    path: '/api/admin/users/{id}/plan',
    domain: 'billing',
    operation: 'assign-enterprise-plan',
    access: 'admin',
    summary:
      'Put a user on the Enterprise plan with the agreed downloads a month (or change that quota), audited.',
  },
  {
    method: 'GET',
    path: '/api/admin/analytics',
    domain: 'stats',
    operation: 'get-admin-analytics',
    access: 'admin',
    summary: 'Revenue, downloads and new users by day over a period (day, week, month, year).',
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
