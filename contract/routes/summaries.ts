/**
 * What each route of the table does, in one line, keyed by its route key. Kept beside the route
 * table rather than in it: every function bundles the table to dispatch its own rows, and these
 * lines are for people (the API's documentation and the reasons a public route is acknowledged
 * as public), not for the runtime. The type makes a route without its line a compile error.
 */
import type { RouteKey } from './index';

export const routeSummaries = {
  'GET /api/mvps': 'Browse approved templates: search, filters, sort, pages of 20, exact total.',
  'GET /api/mvps/{id}': 'One approved template with its seller.',
  'GET /api/me': "The caller's profile; the default profile is created on first sight.",
  'PATCH /api/me': "The caller's own profile fields; a new username is claimed in one transaction.",
  'PUT /api/me/avatar':
    "The caller's uploaded avatar (checked against S3 under the caller's own upload prefix) becomes their profile picture.",
  'POST /api/auth/beta':
    'A fresh 24-hour beta account for this caller (rate limited), only while beta access is switched on (else 404).',
  'GET /api/me/export': "The caller's own data as a JSON file (docs/account.md).",
  'POST /api/me/close':
    "Closes the caller's account, confirmed by their password (docs/account.md).",
  'GET /api/sellers/{username}':
    "An approved seller's public page: profile, stats and approved templates.",
  'GET /api/me/newsletter':
    "The caller's newsletter toggle for one newsletter type (default site_updates).",
  'PUT /api/me/newsletter': 'Subscribe or unsubscribe the caller from one newsletter type.',
  'POST /api/leads':
    'Launch-page lead capture (consent required), stored once per e-mail address, unconfirmed until the e-mailed link is followed (double opt-in).',
  'POST /api/newsletter/confirm':
    'Double opt-in: confirm an anonymous sign-up with the signed token of its e-mail.',
  'POST /api/newsletter/unsubscribe':
    "Unsubscribe with a newsletter e-mail's signed token (body or query: RFC 8058 one-click); idempotent.",
  'GET /api/stats': 'Home hero figures: completed deployments and approved templates.',
  'GET /api/health': 'Live health of the API, the database and the processing pipeline (/status).',
  'GET /api/subscriptions': "The caller's subscriptions, newest first.",
  'GET /api/subscriptions/current':
    "The caller's subscription view: plan, status, period end, payment method.",
  'POST /api/refund-requests':
    "A refund request (pending) on one of the caller's own subscriptions or one-time orders.",
  'GET /api/refund-requests':
    "The caller's refund requests with their subscription's plan, newest first.",
  'GET /api/refund-requests/refundable':
    "The caller's subscriptions and one-time orders that may be refund-requested, each with the most that may be asked.",
  'POST /api/disputes': 'A dispute (open) about a template the caller downloaded.',
  'GET /api/disputes': 'Disputes where the caller is the buyer or the seller, newest first.',
  'GET /api/disputes/{id}':
    'One dispute, for its buyer, its seller, admin or both (403 for anyone else).',
  'POST /api/seller-applications':
    "The signed-in applicant's seller application, any role (stored pending; one under review at a time).",
  'GET /api/seller-applications/mine':
    "Where the caller's own seller application stands: none, pending, rejected (with the reason) or approved.",
  'GET /api/admin/seller-applications':
    'The seller application queue: pending first (oldest first), then decided ones.',
  'POST /api/admin/seller-applications/{userId}/decision':
    'Approve (the user becomes an approved seller) or reject with a reason; audited and notified in one transaction.',
  'POST /api/uploads':
    "Presigned PUT URLs for a bundle and preview images under the caller's uploads/ prefix (approved sellers, admin, both).",
  'POST /api/uploads/avatar':
    "A presigned PUT URL for one avatar image under the caller's uploads/ prefix (any signed-in user).",
  'POST /api/mvps': 'Register an uploaded template (pending_review) and start processing.',
  'POST /api/mvps/{id}/versions':
    'A new version with a changelog (owner, admin or both); processing runs again.',
  'POST /api/mvps/{id}/versions/{versionId}/withdraw':
    'The owner withdraws a new version that is not live yet; the live version stays as it is.',
  'GET /api/mvps/{id}/versions':
    "An approved template's version history: the versions that went live, newest first.",
  'GET /api/mvps/{id}/manage':
    'A template in any status but archived, for its owner, admin or both.',
  'PATCH /api/mvps/{id}':
    'Edit a template (owner, admin or both); a replaced file is processed again.',
  'POST /api/mvps/{id}/retry':
    'Process a scan_failed or ipfs_pin_failed template again (owner, admin or both).',
  'DELETE /api/mvps/{id}': 'Delete (archive) a template (owner, admin or both).',
  'GET /api/my/mvps':
    "The approved seller's own templates (not archived), newest first, with stats.",
  'GET /api/my/mvps/downloads':
    "The latest 5 downloads of the approved seller's templates (title and time, no buyer identity).",
  'GET /api/admin/mvps':
    'The MVP review queue: pending_review, scan_failed and ipfs_pin_failed templates (or one of them), oldest first, with the seller.',
  'POST /api/admin/mvps/{id}/approve':
    'Approve a template in review: published at once, the seller notified (audited).',
  'POST /api/admin/mvps/{id}/reject':
    'Reject a pending template with a reason: the seller notified (audited).',
  'GET /api/admin/overview':
    'The admin overview: 8 figures from counters, the oldest pending templates and payouts, the newest users.',
  'POST /api/mvps/{id}/download':
    'Spend one download (atomic quota transaction) and get a short-lived URL of the file.',
  'GET /api/mvps/{id}/download-status':
    "Whether the caller downloaded this template, and the caller's downloads left.",
  'GET /api/mvps/{id}/files':
    "The files inside an approved template's bundle (its scan manifest; older zips: the directory), with the README and package manifest.",
  'GET /api/mvps/{id}/files/content':
    'One text file of the bundle from the code preview pack (one ranged read), for callers who may download the template; spends no quota.',
  'GET /api/downloads':
    "The caller's downloads, newest first, with the downloaded template's snapshot.",
  'GET /api/mvps/{id}/reviews':
    'Reviews of an approved template, newest first, with its average rating.',
  'POST /api/mvps/{id}/reviews':
    "Create or replace the caller's review (one per buyer), exact rating counters.",
  'GET /api/mvps/{id}/reviews/mine':
    "The caller's own review of an approved template (the form shows it), or null.",
  'DELETE /api/mvps/{id}/reviews/mine':
    "Delete the caller's own review; its rating leaves the sums in the same transaction.",
  'GET /api/notifications':
    "The caller's notifications, newest first (unread=true for unread only).",
  'GET /api/notifications/unread-count':
    "The caller's unread notification count (the header bell).",
  'POST /api/notifications/{id}/read': "Mark one of the caller's notifications read (idempotent).",
  'POST /api/notifications/read-all': 'Mark every unread notification of the caller read.',
  'GET /api/my/notification-preferences':
    "The caller's e-mail switch of every notification type (receipts always on).",
  'PUT /api/my/notification-preferences':
    "Turn some of the caller's notification e-mails on or off (never a receipt).",
  'POST /api/notifications/unsubscribe':
    'Turn off one kind of notification e-mail with the signed token of such an e-mail (body or query: RFC 8058 one-click); idempotent.',
  'GET /api/billing/plans':
    'The four plans with the payment provider price id of each (null when not sold).',
  'POST /api/billing/checkout':
    'A Stripe Checkout Session for a plan (subscription mode) or a one-time-sale template (payment mode).',
  'GET /api/billing/checkout/{sessionId}':
    "One of the caller's Checkout Sessions: processing until the webhook has recorded its effect, then complete.",
  'POST /api/billing/portal':
    "A Stripe customer portal session for the caller's own customer: card, invoices and receipts.",
  'PATCH /api/subscriptions/current':
    "Cancel the caller's subscription at period end, resume it, or switch plan (Stripe proration).",
  'POST /api/webhooks/stripe':
    'Stripe events, verified by signature on the raw body, applied once each (idempotent by event id).',
  'POST /api/webhooks/github':
    "GitHub push events of linked repositories, verified by the template's own secret on the raw body, applied once each (X-GitHub-Delivery).",
  'GET /api/github/app/install-url':
    "The GitHub App's installation page with a signed, single-use state.",
  'POST /api/github/app/installations':
    'Completes the App installation (/github-app-callback): state checked, installation stored.',
  'POST /api/my/mvps/{id}/github/validate':
    "Whether the seller's App installation sees the repository (the template's owner only).",
  'PUT /api/my/mvps/{id}/github':
    'Links the template to a repository with a webhook secret (generated or given, never returned); the owner only.',
  'DELETE /api/my/mvps/{id}/github':
    "Unlinks the template's repository and removes our webhook; the owner only.",
  'POST /api/my/mvps/{id}/github/sync':
    'Syncs the head of the default branch as a new version (nothing when already synced); the owner only.',
  'POST /api/deployments/github/authorize-url':
    "GitHub's authorize page for the caller (initiate-buyer-github-oauth) with a signed, single-use state, for a template or just to connect.",
  'POST /api/deployments/github/callback':
    "Completes the caller's GitHub authorisation (/buyer-github-callback): state consumed, code exchanged, token sealed; answers the login.",
  'DELETE /api/deployments/github': "Forgets the caller's GitHub token (Settings → Connections).",
  'GET /api/my/connections':
    'Which of GitHub and Netlify the caller connected, as whom; never a token.',
  'POST /api/deployments':
    "Spends a download as Download does and starts the repository step (a private repository with the template's files) of a new deployment.",
  'GET /api/my/deployments': "The caller's deployments with their templates, newest first.",
  'GET /api/deployments/{id}':
    "One deployment's status (polled every 5 s); its buyer only, 404 for anyone else.",
  'POST /api/deployments/{id}/netlify/authorize-url':
    "Netlify's authorize page for the caller's deployment once its repository exists.",
  'POST /api/deployments/netlify/callback':
    'Completes the Netlify authorisation (/buyer-netlify-callback): token sealed, the site step started.',
  'POST /api/deployments/{id}/upgrade-pull-request':
    "Opens (once per version) a pull request with the template's latest approved version and its changelogs in the caller's repository.",
  'PUT /api/deployments/{id}/story':
    "Shows or hides the caller's own launched site on Success Stories.",
  'GET /api/stories': 'Success Stories: launched sites their buyers chose to show.',
  'GET /api/connect': "Whether the caller's Stripe Connect account exists and can receive payouts.",
  'POST /api/connect/account-link':
    "The caller's Connect account (created once) and a fresh onboarding link for it.",
  'POST /api/connect/login-link': "A one-time link into the caller's Stripe Express dashboard.",
  'GET /api/my/analytics': "The caller's own templates month by month (last 12 months).",
  'GET /api/my/analytics/export': 'The same analytics as a CSV download.',
  'GET /api/payouts':
    "The caller's payouts by month (status filter) with the four summary figures of the payouts page.",
  'GET /api/admin/newsletter-types': 'Every newsletter type, by name (admin newsletter tab).',
  'POST /api/admin/newsletter-types': 'Create a newsletter type (audited).',
  'PATCH /api/admin/newsletter-types/{id}':
    "Edit a newsletter type's name, description or active switch (audited).",
  'DELETE /api/admin/newsletter-types/{id}':
    'Delete a newsletter type (audited); site_updates cannot be deleted.',
  'GET /api/admin/newsletter-types/{id}/subscriptions':
    "Users' subscriptions to one newsletter type, latest change first (paged, signed cursor).",
  'GET /api/admin/newsletter-subscribers':
    'Newsletter subscribers (all, subscribed or unsubscribed), newest first (paged, signed cursor).',
  'GET /api/admin/newsletter-subscribers/export':
    'The newsletter subscribers as a CSV download (audited; 413 past 5 MB).',
  'GET /api/admin/newsletter-issues': 'Newsletter issues, newest first, with status and counts.',
  'POST /api/admin/newsletter-issues': 'Compose a draft issue for a newsletter type (audited).',
  'GET /api/admin/newsletter-issues/{id}':
    "One issue's progress; a draft also says how many addresses it would reach.",
  'POST /api/admin/newsletter-issues/{id}/send':
    'Send a draft issue through the newsletter-send state machine (once; audited).',
  'GET /api/admin/refund-requests': 'Refund requests of one status, oldest first (admin queue).',
  'POST /api/admin/refund-requests/{id}/approve': 'Approve a pending refund request.',
  'POST /api/admin/refund-requests/{id}/reject': 'Reject a pending refund request.',
  'POST /api/admin/refund-requests/{id}/process':
    "Refund an approved request through Stripe against the subscription's paid invoices (idempotent).",
  'GET /api/admin/disputes':
    'Disputes of one status (open by default), oldest first, with the parties (admin queue).',
  'POST /api/admin/disputes/{id}/start-review':
    'Start the review of an open dispute (both parties are notified).',
  'POST /api/admin/disputes/{id}/resolve':
    'Resolve a dispute in review with non-blank details (both parties are notified).',
  'GET /api/admin/payouts':
    'Payouts of one status (pending by default), oldest month first, with the seller.',
  'POST /api/admin/payouts/{sellerId}/{monthYear}/process':
    "Pay a pending or failed payout now through the monthly run's transfer (Stripe Connect).",
  'GET /api/admin/payout-runs':
    'The monthly payout runs owed over the last year: completed, running or missed.',
  'POST /api/admin/payout-runs':
    'Run the payouts of an ended month that was never run (audited; a month already run is refused).',
  'GET /api/licenses/{id}': 'One licence certificate, for anyone holding its id (verification).',
  'GET /api/me/licenses': "The caller's licence certificates, newest first.",
  'POST /api/contact':
    'The contact form: stores the message and notifies the admins (rate limited per client).',
  'GET /api/admin/contact-messages':
    'Contact messages of one status (new or handled), newest first, paged.',
  'POST /api/admin/contact-messages/{id}/handle':
    'Marks a new contact message handled (audited); a handled one is a 409.',
  'GET /api/admin/audit-log':
    'Every admin action (who, what, target, before and after, when), newest first.',
  'GET /api/admin/users':
    'Users newest first, filtered by role and seller approval, searched by e-mail or username prefix.',
  'PATCH /api/admin/users/{id}/role':
    "A user's role: the Cognito group and the profile together (never one's own admin role).",
  'POST /api/admin/users/{id}/seller-approval':
    'Approve a seller (through the seller application decision) or revoke one (roles seller and both).',
  'PUT /api/admin/users/{id}/plan':
    'Put a user on the Enterprise plan with the agreed downloads a month (or change that quota), audited.',
  'GET /api/admin/analytics':
    'Revenue, downloads and new users by day over a period (day, week, month, year).',
} as const satisfies Record<RouteKey, string>;
