/**
 * Query keys of the admin dashboard, all under `admin` so nothing an admin action refreshes falls
 * under another feature's keys: the overview, one list per review,
 * refund, dispute or payout status, the users by filter, the audit log's pages, the newsletter's
 * types, subscribers by status and user subscriptions by type.
 */
import type { AnalyticsPeriod } from '@contract/admin-analytics';
import type { PendingTemplateFilter } from '@contract/admin-templates';
import type { NewsletterSubscriberStatus } from '@contract/admin-newsletter';
import type { AdminUserRoleFilter, SellerApprovalFilter } from '@contract/admin-users';
import type { ContactStatus } from '@contract/contact';
import type { DisputeStatus } from '@contract/disputes';
import type { AdminPayoutFilter } from '@contract/payouts';
import type { RefundStatus } from '@contract/refunds';

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  mvps: (status: PendingTemplateFilter) => ['admin', 'mvps', status] as const,
  refundLists: ['admin', 'refund-requests'] as const,
  refunds: (status: RefundStatus) => ['admin', 'refund-requests', status] as const,
  audit: ['admin', 'audit-log'] as const,
  contactMessages: (status: ContactStatus, limit: number) =>
    ['admin', 'contact-messages', status, limit] as const,
  analytics: (period: AnalyticsPeriod) => ['admin', 'analytics', period] as const,
  disputes: (status: DisputeStatus) => ['admin', 'disputes', status] as const,
  payouts: (status: AdminPayoutFilter) => ['admin', 'payouts', status] as const,
  payoutRuns: ['admin', 'payout-runs'] as const,
  userLists: ['admin', 'users'] as const,
  sellerApplications: ['admin', 'seller-applications'] as const,
  users: (filter: { role: AdminUserRoleFilter; approval: SellerApprovalFilter; search: string }) =>
    ['admin', 'users', filter] as const,
  newsletter: ['admin', 'newsletter'] as const,
  newsletterTypes: ['admin', 'newsletter', 'types'] as const,
  newsletterSubscribers: (status: NewsletterSubscriberStatus) =>
    ['admin', 'newsletter', 'subscribers', status] as const,
  newsletterSubscriptions: (typeId: string) =>
    ['admin', 'newsletter', 'subscriptions', typeId] as const,
};
