/** Newsletters: subscriptions, the launch-page leads, double opt-in, and the admin side (types, subscribers, issues). */
import type * as z from 'zod';
import type {
  AdminNewsletterSubscriberPage,
  AdminNewsletterType,
  AdminNewsletterTypeList,
  AdminUserNewsletterSubscriptionPage,
  newsletterSubscribersExportQuerySchema,
  newsletterSubscribersQuerySchema,
  newsletterSubscriptionsQuerySchema,
  newsletterTypeCreateSchema,
  NewsletterTypeDeleted,
  newsletterTypeUpdateSchema,
} from '../admin-newsletter';
import type {
  LeadCaptureResult,
  leadCaptureSchema,
  NewsletterQuery,
  NewsletterStatus,
  newsletterUpdateSchema,
} from '../newsletter';
import type {
  AdminNewsletterIssue,
  AdminNewsletterIssueDetail,
  AdminNewsletterIssueList,
  confirmRequestSchema,
  ConfirmResult,
  newsletterIssueCreateSchema,
  unsubscribeRequestSchema,
  UnsubscribeResult,
} from '../newsletter-issues';
import { defineRoutes, route } from './table';

export const newsletterRoutes = defineRoutes('newsletter', {
  'GET /api/me/newsletter': route<{ query: NewsletterQuery; response: NewsletterStatus }>({
    operation: 'get-my-newsletter',
    access: 'user',
    summary: "The caller's newsletter toggle for one newsletter type (default site_updates).",
  }),
  'PUT /api/me/newsletter': route<{
    body: z.input<typeof newsletterUpdateSchema>;
    response: NewsletterStatus;
  }>({
    operation: 'update-my-newsletter',
    access: 'user',
    summary: 'Subscribe or unsubscribe the caller from one newsletter type.',
  }),
  'POST /api/leads': route<{
    body: z.input<typeof leadCaptureSchema>;
    response: LeadCaptureResult;
  }>({
    operation: 'capture-lead',
    access: 'public',
    summary:
      'Launch-page lead capture (consent required), stored once per e-mail address, unconfirmed until the e-mailed link is followed (double opt-in).',
  }),
  'POST /api/newsletter/confirm': route<{
    body: z.input<typeof confirmRequestSchema>;
    response: ConfirmResult;
  }>({
    operation: 'confirm-newsletter',
    access: 'public',
    summary: 'Double opt-in: confirm an anonymous sign-up with the signed token of its e-mail.',
  }),
  'POST /api/newsletter/unsubscribe': route<{
    /** The page sends the body; a mail client's one-click POST puts `token` in the query. */
    body: z.input<typeof unsubscribeRequestSchema>;
    response: UnsubscribeResult;
  }>({
    operation: 'unsubscribe-newsletter',
    access: 'public',
    summary:
      "Unsubscribe with a newsletter e-mail's signed token (body or query: RFC 8058 one-click); idempotent.",
  }),
  'GET /api/admin/newsletter-types': route<{ response: AdminNewsletterTypeList }>({
    operation: 'list-newsletter-types',
    access: 'admin',
    summary: 'Every newsletter type, by name (admin newsletter tab).',
  }),
  'POST /api/admin/newsletter-types': route<{
    body: z.input<typeof newsletterTypeCreateSchema>;
    response: AdminNewsletterType;
  }>({
    operation: 'create-newsletter-type',
    access: 'admin',
    summary: 'Create a newsletter type (audited).',
  }),
  'PATCH /api/admin/newsletter-types/{id}': route<{
    body: z.input<typeof newsletterTypeUpdateSchema>;
    response: AdminNewsletterType;
  }>({
    operation: 'update-newsletter-type',
    access: 'admin',
    summary: "Edit a newsletter type's name, description or active switch (audited).",
  }),
  'DELETE /api/admin/newsletter-types/{id}': route<{ response: NewsletterTypeDeleted }>({
    operation: 'delete-newsletter-type',
    access: 'admin',
    summary: 'Delete a newsletter type (audited); site_updates cannot be deleted.',
  }),
  'GET /api/admin/newsletter-types/{id}/subscriptions': route<{
    query: z.input<typeof newsletterSubscriptionsQuerySchema>;
    response: AdminUserNewsletterSubscriptionPage;
  }>({
    operation: 'list-newsletter-type-subscriptions',
    access: 'admin',
    summary:
      "Users' subscriptions to one newsletter type, latest change first (paged, signed cursor).",
  }),
  'GET /api/admin/newsletter-subscribers': route<{
    query: z.input<typeof newsletterSubscribersQuerySchema>;
    response: AdminNewsletterSubscriberPage;
  }>({
    operation: 'list-newsletter-subscribers',
    access: 'admin',
    summary:
      'Newsletter subscribers (all, subscribed or unsubscribed), newest first (paged, signed cursor).',
  }),
  /** Not JSON: a `text/csv` attachment (call it with `apiDownload`). */
  'GET /api/admin/newsletter-subscribers/export': route<{
    query: z.input<typeof newsletterSubscribersExportQuerySchema>;
    response: Blob;
  }>({
    operation: 'export-newsletter-subscribers',
    access: 'admin',
    summary: 'The newsletter subscribers as a CSV download (audited; 413 past 5 MB).',
  }),
  'GET /api/admin/newsletter-issues': route<{ response: AdminNewsletterIssueList }>({
    operation: 'list-newsletter-issues',
    access: 'admin',
    summary: 'Newsletter issues, newest first, with status and counts.',
  }),
  'POST /api/admin/newsletter-issues': route<{
    body: z.input<typeof newsletterIssueCreateSchema>;
    response: AdminNewsletterIssue;
  }>({
    operation: 'create-newsletter-issue',
    access: 'admin',
    summary: 'Compose a draft issue for a newsletter type (audited).',
  }),
  'GET /api/admin/newsletter-issues/{id}': route<{ response: AdminNewsletterIssueDetail }>({
    operation: 'get-newsletter-issue',
    access: 'admin',
    summary: "One issue's progress; a draft also says how many addresses it would reach.",
  }),
  'POST /api/admin/newsletter-issues/{id}/send': route<{ response: AdminNewsletterIssue }>({
    operation: 'send-newsletter-issue',
    access: 'admin',
    summary: 'Send a draft issue through the newsletter-send state machine (once; audited).',
  }),
});
