/**
 * The API's types, one row per route of the route table (design/routes.ts): what a caller puts in
 * the path, the query string and the body, and what the route answers. The frontend's client
 * (`api('GET /api/mvps/{id}', { params: { id } })`) is typed from this map alone, so a response
 * needs no cast and a URL is never written by hand.
 *
 * Adding a route: give it a row here. The checks at the end of this file fail the typecheck,
 * naming the route, until every route of the table has exactly one row.
 *
 * Types only: nothing here exists at run time, so importing it costs a page nothing (zod included;
 * the request types are the schemas' `z.input`, read with `typeof`).
 */
import type { HealthReport } from './health';
import type { SellerAnalytics } from './seller-analytics';
import type { AccountClosed, closeAccountSchema } from './account';
import type { LaunchStoryList, StoryChange, storyInputSchema } from './stories';
import type * as z from 'zod';
import type { RouteKey } from '../design/routes';
import type {
  ApproveMvpInput,
  ModerationResult,
  PendingMvpList,
  pendingMvpQuerySchema,
  rejectMvpSchema,
} from './admin-mvps';
import type { AdminOverview } from './admin-overview';
import type {
  GithubInstallationBody,
  GithubInstallUrl,
  GithubLinkBody,
  GithubLinkResult,
  GithubMessage,
  GithubRepositoryBody,
  GithubRepositoryCheck,
  GithubSyncResult,
} from './github';
import type {
  AuthorizeUrl,
  Connections,
  CreateDeploymentBody,
  CreatedDeployment,
  Deployment,
  DeploymentList,
  GithubAuthorizeBody,
  GithubCallbackResult,
  NetlifyCallbackResult,
  OAuthCallbackBody,
  UpgradePullRequest,
} from './deployments';
import type {
  AdminNewsletterSubscriberPage,
  AdminNewsletterType,
  AdminNewsletterTypeList,
  AdminUserNewsletterSubscriptionPage,
  NewsletterTypeDeleted,
  newsletterSubscribersExportQuerySchema,
  newsletterSubscribersQuerySchema,
  newsletterSubscriptionsQuerySchema,
  newsletterTypeCreateSchema,
  newsletterTypeUpdateSchema,
} from './admin-newsletter';
import type { AdminAnalytics, AnalyticsPeriod } from './admin-analytics';
import type {
  AdminNewsletterIssue,
  AdminNewsletterIssueDetail,
  AdminNewsletterIssueList,
  ConfirmResult,
  UnsubscribeResult,
  confirmRequestSchema,
  newsletterIssueCreateSchema,
  unsubscribeRequestSchema,
} from './newsletter-issues';
import type {
  AdminUser,
  AdminUserPage,
  adminUsersQuerySchema,
  sellerApprovalChangeSchema,
  userRoleChangeSchema,
} from './admin-users';
import type { AuditLogPage } from './audit';
import type {
  ContactMessage,
  ContactMessagePage,
  ContactMessageSent,
  ContactStatus,
  contactMessageInputSchema,
} from './contact';
import type { BetaCredentials } from './beta';
import type {
  BillingPlans,
  BillingPortalResult,
  CheckoutResult,
  CheckoutStatus,
  ConnectLinkResult,
  ConnectLoginLink,
  ConnectStatus,
  EnterprisePlanResult,
  billingPortalRequestSchema,
  enterprisePlanSchema,
  checkoutRequestSchema,
  subscriptionUpdateSchema,
} from './billing';
import type { License, LicenseList, licenseListQuerySchema } from './licenses';
import type {
  AdminPayoutFilter,
  AdminPayoutList,
  PayoutFilter,
  ProcessPayoutResult,
  PayoutRunList,
  payoutRunInputSchema,
  StartedPayoutRunResult,
  SellerPayouts,
} from './payouts';
import type { BrowseResult, MvpDetail, MvpVersionList, browseQuerySchema } from './catalog';
import type { AdminDisputeList, disputeResolutionInputSchema } from './admin-disputes';
import type { Dispute, DisputeStatus, disputeInputSchema } from './disputes';
import type {
  BundleFileContent,
  BundleFiles,
  DownloadResult,
  DownloadStatus,
  MyDownloadsPage,
  SellerDownloadsResult,
} from './downloads';
import type {
  LeadCaptureResult,
  NewsletterStatus,
  leadCaptureSchema,
  newsletterUpdateSchema,
} from './newsletter';
import type {
  MarkAllReadResult,
  NotificationPage,
  UnreadCount,
  notificationListQuerySchema,
} from './notifications';
import type {
  EmailUnsubscribeResult,
  NotificationPreferences,
  emailUnsubscribeRequestSchema,
  updateNotificationPreferencesSchema,
} from './notification-preferences';
import type { Profile } from './profile';
import type { ProfileUpdateInput } from './profile-update';
import type {
  AdminRefundRequest,
  AdminRefundRequestList,
  ProcessRefundResult,
  RefundRequest,
  RefundablePurchaseList,
  RefundStatus,
  refundRequestInputSchema,
} from './refunds';
import type {
  DeleteReviewResult,
  MyReview,
  ReviewInput,
  ReviewList,
  SubmitReviewResult,
} from './reviews';
import type {
  AdminSellerApplication,
  AdminSellerApplicationList,
  MySellerApplication,
  SellerApplicationBody,
  SellerApplicationDecisionBody,
  SellerApplicationReceipt,
} from './seller-applications';
import type { PublicSellerProfile } from './sellers';
import type { HomeStats } from './stats';
import type { Subscription, SubscriptionView } from './subscriptions';
import type {
  CreateMvpBody,
  CreateVersionBody,
  ManagedMvp,
  MvpWriteResult,
  MyMvpsResult,
  UpdateMvpBody,
  WithdrawVersionResult,
} from './templates';
import type {
  AvatarUploadGrant,
  AvatarUploadRequest,
  SetAvatarRequest,
  UploadGrant,
  UploadRequest,
} from './uploads';

export type { RouteKey };

// Shapes the handlers answer that had no contract type of their own (read from the handlers).

/** `GET /api/subscriptions`: the caller's subscriptions, newest first. */
export interface SubscriptionList {
  items: Subscription[];
}

/** `GET /api/refund-requests`: the caller's refund requests, newest first. */
export interface RefundRequestList {
  items: RefundRequest[];
}

/** `GET /api/disputes`: disputes where the caller is the buyer or the seller, newest first. */
export interface DisputeList {
  items: Dispute[];
}

/** `DELETE /api/mvps/{id}`: the template is archived; the message is the spec's. */
export interface ArchiveMvpResult {
  message: string;
}

/** `POST /api/notifications/{id}/read`: idempotent, so always this. */
export interface NotificationReadResult {
  id: string;
  read: true;
}

/**
 * `GET /api/downloads` query (its schema lives with the downloads domain). Query types are type
 * aliases, not interfaces, so they fit `Record<string, string | undefined>`.
 */
export type MyDownloadsQuery = {
  /** 1 to 100; 50 when absent. */
  limit?: string;
  /** The `cursor` of the previous page. */
  cursor?: string;
};

/** `GET /api/me/newsletter` query; `site_updates` when absent. */
export type NewsletterQuery = {
  newsletter_type_id?: string;
};

/** One route's request parts (all optional but `response`); path parameters are added below. */
interface RouteTypes {
  /** The query string's parameters, as the strings a URL carries. */
  query?: Record<string, string | undefined>;
  /** The JSON body, as the route's schema accepts it (`z.input`). */
  body?: unknown;
  response: unknown;
}

/** Every route, keyed `METHOD /path` exactly as the route table spells it. */
interface ApiRows {
  // Catalog
  'GET /api/mvps': { query: z.input<typeof browseQuerySchema>; response: BrowseResult };
  'GET /api/mvps/{id}': { response: MvpDetail };
  'GET /api/mvps/{id}/versions': { response: MvpVersionList };
  // Profiles
  'GET /api/me': { response: Profile };
  'PATCH /api/me': { body: ProfileUpdateInput; response: Profile };
  'PUT /api/me/avatar': { body: SetAvatarRequest; response: Profile };
  'POST /api/auth/beta': { response: BetaCredentials };
  /** Not JSON for the browser: a `.json` file attachment (call it with `apiDownload`). */
  'GET /api/me/export': { response: Blob };
  'POST /api/me/close': { body: z.input<typeof closeAccountSchema>; response: AccountClosed };
  'GET /api/sellers/{username}': { response: PublicSellerProfile };
  // Newsletter
  'GET /api/me/newsletter': { query: NewsletterQuery; response: NewsletterStatus };
  'PUT /api/me/newsletter': {
    body: z.input<typeof newsletterUpdateSchema>;
    response: NewsletterStatus;
  };
  'POST /api/leads': { body: z.input<typeof leadCaptureSchema>; response: LeadCaptureResult };
  'POST /api/newsletter/confirm': {
    body: z.input<typeof confirmRequestSchema>;
    response: ConfirmResult;
  };
  'POST /api/newsletter/unsubscribe': {
    /** The page sends the body; a mail client's one-click POST puts `token` in the query. */
    body: z.input<typeof unsubscribeRequestSchema>;
    response: UnsubscribeResult;
  };
  'GET /api/stats': { response: HomeStats };
  'GET /api/health': { response: HealthReport };
  // Billing, refunds, disputes
  'GET /api/subscriptions': { response: SubscriptionList };
  'GET /api/subscriptions/current': { response: SubscriptionView };
  'PATCH /api/subscriptions/current': {
    body: z.input<typeof subscriptionUpdateSchema>;
    response: SubscriptionView;
  };
  'GET /api/billing/plans': { response: BillingPlans };
  'POST /api/billing/checkout': {
    body: z.input<typeof checkoutRequestSchema>;
    response: CheckoutResult;
  };
  'GET /api/billing/checkout/{sessionId}': { response: CheckoutStatus };
  'POST /api/billing/portal': {
    body: z.input<typeof billingPortalRequestSchema>;
    response: BillingPortalResult;
  };
  'POST /api/webhooks/stripe': { body: unknown; response: { received: true } };
  'GET /api/connect': { response: ConnectStatus };
  'POST /api/connect/account-link': { response: ConnectLinkResult };
  'POST /api/connect/login-link': { response: ConnectLoginLink };
  'GET /api/my/analytics': { response: SellerAnalytics };
  /** Not JSON: a `text/csv` attachment (call it with `apiDownload`). */
  'GET /api/my/analytics/export': { response: Blob };
  'GET /api/payouts': { query: { status?: PayoutFilter }; response: SellerPayouts };
  'GET /api/admin/newsletter-types': { response: AdminNewsletterTypeList };
  'POST /api/admin/newsletter-types': {
    body: z.input<typeof newsletterTypeCreateSchema>;
    response: AdminNewsletterType;
  };
  'PATCH /api/admin/newsletter-types/{id}': {
    body: z.input<typeof newsletterTypeUpdateSchema>;
    response: AdminNewsletterType;
  };
  'DELETE /api/admin/newsletter-types/{id}': { response: NewsletterTypeDeleted };
  'GET /api/admin/newsletter-types/{id}/subscriptions': {
    query: z.input<typeof newsletterSubscriptionsQuerySchema>;
    response: AdminUserNewsletterSubscriptionPage;
  };
  'GET /api/admin/newsletter-subscribers': {
    query: z.input<typeof newsletterSubscribersQuerySchema>;
    response: AdminNewsletterSubscriberPage;
  };
  /** Not JSON: a `text/csv` attachment (call it with `apiDownload`). */
  'GET /api/admin/newsletter-subscribers/export': {
    query: z.input<typeof newsletterSubscribersExportQuerySchema>;
    response: Blob;
  };
  'GET /api/admin/newsletter-issues': { response: AdminNewsletterIssueList };
  'POST /api/admin/newsletter-issues': {
    body: z.input<typeof newsletterIssueCreateSchema>;
    response: AdminNewsletterIssue;
  };
  'GET /api/admin/newsletter-issues/{id}': { response: AdminNewsletterIssueDetail };
  'POST /api/admin/newsletter-issues/{id}/send': { response: AdminNewsletterIssue };
  'GET /api/admin/refund-requests': {
    query: { status?: RefundStatus };
    response: AdminRefundRequestList;
  };
  'POST /api/admin/refund-requests/{id}/approve': { response: AdminRefundRequest };
  'POST /api/admin/refund-requests/{id}/reject': { response: AdminRefundRequest };
  'POST /api/admin/refund-requests/{id}/process': { response: ProcessRefundResult };
  'GET /api/admin/disputes': { query: { status?: DisputeStatus }; response: AdminDisputeList };
  'POST /api/admin/disputes/{id}/start-review': { response: Dispute };
  'POST /api/admin/disputes/{id}/resolve': {
    body: z.input<typeof disputeResolutionInputSchema>;
    response: Dispute;
  };
  'GET /api/admin/payouts': { query: { status?: AdminPayoutFilter }; response: AdminPayoutList };
  'POST /api/admin/payouts/{sellerId}/{monthYear}/process': { response: ProcessPayoutResult };
  'GET /api/admin/payout-runs': { response: PayoutRunList };
  'POST /api/admin/payout-runs': {
    body: z.input<typeof payoutRunInputSchema>;
    response: StartedPayoutRunResult;
  };
  'GET /api/licenses/{id}': { response: License };
  'GET /api/admin/audit-log': { query: { cursor?: string }; response: AuditLogPage };
  'POST /api/contact': {
    body: z.input<typeof contactMessageInputSchema>;
    response: ContactMessageSent;
  };
  'GET /api/admin/contact-messages': {
    query: { status?: ContactStatus; limit?: string; cursor?: string };
    response: ContactMessagePage;
  };
  'POST /api/admin/contact-messages/{id}/handle': { response: ContactMessage };
  'GET /api/admin/users': {
    query: z.input<typeof adminUsersQuerySchema>;
    response: AdminUserPage;
  };
  'PUT /api/admin/users/{id}/plan': {
    body: z.input<typeof enterprisePlanSchema>;
    response: EnterprisePlanResult;
  };
  'PATCH /api/admin/users/{id}/role': {
    body: z.input<typeof userRoleChangeSchema>;
    response: AdminUser;
  };
  'POST /api/admin/users/{id}/seller-approval': {
    body: z.input<typeof sellerApprovalChangeSchema>;
    response: AdminUser;
  };
  'GET /api/admin/analytics': { query: { period?: AnalyticsPeriod }; response: AdminAnalytics };
  'GET /api/me/licenses': {
    query: z.input<typeof licenseListQuerySchema>;
    response: LicenseList;
  };
  'POST /api/refund-requests': {
    body: z.input<typeof refundRequestInputSchema>;
    response: RefundRequest;
  };
  'GET /api/refund-requests': { response: RefundRequestList };
  'GET /api/refund-requests/refundable': { response: RefundablePurchaseList };
  'POST /api/disputes': { body: z.input<typeof disputeInputSchema>; response: Dispute };
  'GET /api/disputes': { response: DisputeList };
  'GET /api/disputes/{id}': { response: Dispute };
  // The seller's side: applications, uploads, templates
  'POST /api/seller-applications': {
    body: SellerApplicationBody;
    response: SellerApplicationReceipt;
  };
  'GET /api/seller-applications/mine': { response: MySellerApplication };
  'GET /api/admin/seller-applications': { response: AdminSellerApplicationList };
  'POST /api/admin/seller-applications/{userId}/decision': {
    body: SellerApplicationDecisionBody;
    response: AdminSellerApplication;
  };
  'POST /api/uploads': { body: UploadRequest; response: UploadGrant };
  'POST /api/uploads/avatar': { body: AvatarUploadRequest; response: AvatarUploadGrant };
  'POST /api/mvps': { body: CreateMvpBody; response: MvpWriteResult };
  'POST /api/mvps/{id}/versions': { body: CreateVersionBody; response: MvpWriteResult };
  'GET /api/mvps/{id}/manage': { response: ManagedMvp };
  'PATCH /api/mvps/{id}': { body: UpdateMvpBody; response: MvpWriteResult };
  'POST /api/mvps/{id}/retry': { response: MvpWriteResult };
  'POST /api/mvps/{id}/versions/{versionId}/withdraw': { response: WithdrawVersionResult };
  'POST /api/webhooks/github': { response: GithubMessage };
  'GET /api/github/app/install-url': { response: GithubInstallUrl };
  'POST /api/github/app/installations': { body: GithubInstallationBody; response: GithubMessage };
  'POST /api/my/mvps/{id}/github/validate': {
    body: GithubRepositoryBody;
    response: GithubRepositoryCheck;
  };
  'PUT /api/my/mvps/{id}/github': { body: GithubLinkBody; response: GithubLinkResult };
  'DELETE /api/my/mvps/{id}/github': { response: GithubLinkResult };
  'POST /api/my/mvps/{id}/github/sync': { response: GithubSyncResult };
  // Buyer deployments (issue 12)
  'POST /api/deployments/github/authorize-url': {
    body: GithubAuthorizeBody;
    response: AuthorizeUrl;
  };
  'POST /api/deployments/github/callback': {
    body: OAuthCallbackBody;
    response: GithubCallbackResult;
  };
  'DELETE /api/deployments/github': { response: { message: string } };
  'GET /api/my/connections': { response: Connections };
  'POST /api/deployments': { body: CreateDeploymentBody; response: CreatedDeployment };
  'GET /api/my/deployments': { response: DeploymentList };
  'GET /api/deployments/{id}': { response: Deployment };
  'POST /api/deployments/{id}/netlify/authorize-url': { response: AuthorizeUrl };
  'POST /api/deployments/netlify/callback': {
    body: OAuthCallbackBody;
    response: NetlifyCallbackResult;
  };
  'POST /api/deployments/{id}/upgrade-pull-request': { response: UpgradePullRequest };
  'PUT /api/deployments/{id}/story': {
    body: z.input<typeof storyInputSchema>;
    response: StoryChange;
  };
  'GET /api/stories': { response: LaunchStoryList };
  'DELETE /api/mvps/{id}': { response: ArchiveMvpResult };
  'GET /api/my/mvps': { response: MyMvpsResult };
  'GET /api/my/mvps/downloads': { response: SellerDownloadsResult };
  'GET /api/admin/mvps': {
    query: z.input<typeof pendingMvpQuerySchema>;
    response: PendingMvpList;
  };
  'POST /api/admin/mvps/{id}/approve': {
    body: ApproveMvpInput;
    response: ModerationResult;
  };
  'POST /api/admin/mvps/{id}/reject': {
    body: z.input<typeof rejectMvpSchema>;
    response: ModerationResult;
  };
  'GET /api/admin/overview': { response: AdminOverview };
  // Downloads
  'POST /api/mvps/{id}/download': { response: DownloadResult };
  'GET /api/mvps/{id}/download-status': { response: DownloadStatus };
  'GET /api/mvps/{id}/files': { response: BundleFiles };
  'GET /api/mvps/{id}/files/content': { query: { path: string }; response: BundleFileContent };
  'GET /api/downloads': { query: MyDownloadsQuery; response: MyDownloadsPage };
  // Reviews
  'GET /api/mvps/{id}/reviews': { response: ReviewList };
  'POST /api/mvps/{id}/reviews': { body: ReviewInput; response: SubmitReviewResult };
  'GET /api/mvps/{id}/reviews/mine': { response: MyReview };
  'DELETE /api/mvps/{id}/reviews/mine': { response: DeleteReviewResult };
  // Notifications
  'GET /api/notifications': {
    query: z.input<typeof notificationListQuerySchema>;
    response: NotificationPage;
  };
  'GET /api/notifications/unread-count': { response: UnreadCount };
  'POST /api/notifications/{id}/read': { response: NotificationReadResult };
  'POST /api/notifications/read-all': { response: MarkAllReadResult };
  'GET /api/my/notification-preferences': { response: NotificationPreferences };
  'PUT /api/my/notification-preferences': {
    body: z.input<typeof updateNotificationPreferencesSchema>;
    response: NotificationPreferences;
  };
  'POST /api/notifications/unsubscribe': {
    /** The page sends the body; a mail client's one-click POST puts `token` in the query. */
    body: z.input<typeof emailUnsubscribeRequestSchema>;
    response: EmailUnsubscribeResult;
  };
}

/** The `{name}` placeholders of a route key: `'GET /api/mvps/{id}/files'` → `'id'`. */
export type PathParamName<Key extends string> = Key extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

/** `{ params: { id: string } }` for a route with placeholders, nothing for one without. */
type PathParamsOf<Key extends string> = [PathParamName<Key>] extends [never]
  ? unknown
  : { params: Record<PathParamName<Key>, string> };

/**
 * The request parts and response of every route: `{ params?, query?, body?, response }`. Path
 * parameters come from the route's own path, so they cannot drift from the table.
 */
export type ApiTypes = { [Key in keyof ApiRows]: ApiRows[Key] & PathParamsOf<Key> };

/** What one route answers (200/201 body). */
export type ApiResponse<Key extends RouteKey> = ApiTypes[Key]['response'];

// Exhaustiveness. A type argument that breaks its constraint fails the typecheck and the error
// names it: a route of the table without a row (first), a row for no route (second), or a row
// whose shape is not `{ query?, body?, response }` (third).
type NeverOrFail<Keys extends never> = Keys;
type RowsFit<Rows extends Record<RouteKey, RouteTypes>> = Rows;
/** Compile-time only: every route typed, nothing else typed. Not meant to be used. */
export type ApiRowsCheck = [
  NeverOrFail<Exclude<RouteKey, keyof ApiRows>>,
  NeverOrFail<Exclude<keyof ApiRows, RouteKey>>,
  RowsFit<ApiRows>,
];
