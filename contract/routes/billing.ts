/** Money in: plans, checkout, subscriptions, the billing portal, one-time purchases, and the Stripe webhook. */
import type * as z from 'zod';
import type {
  BillingPlans,
  billingPortalRequestSchema,
  BillingPortalResult,
  checkoutRequestSchema,
  CheckoutResult,
  CheckoutStatus,
  ConnectLinkResult,
  ConnectStatus,
  EnterprisePlanResult,
  enterprisePlanSchema,
  subscriptionUpdateSchema,
} from '../billing';
import type { SubscriptionList, SubscriptionView } from '../subscriptions';
import { defineRoutes, route } from './table';

export const billingRoutes = defineRoutes('billing', {
  'GET /api/subscriptions': route<{ response: SubscriptionList }>({
    operation: 'list-subscriptions',
    access: 'user',
    summary: "The caller's subscriptions, newest first.",
  }),
  'GET /api/subscriptions/current': route<{ response: SubscriptionView }>({
    operation: 'get-current-subscription',
    access: 'user',
    summary: "The caller's subscription view: plan, status, period end, payment method.",
  }),
  'GET /api/billing/plans': route<{ response: BillingPlans }>({
    operation: 'list-plans',
    access: 'public',
    summary: 'The four plans with the payment provider price id of each (null when not sold).',
  }),
  'POST /api/billing/checkout': route<{
    body: z.input<typeof checkoutRequestSchema>;
    response: CheckoutResult;
  }>({
    operation: 'create-checkout-session',
    access: 'user',
    summary:
      'A Stripe Checkout Session for a plan (subscription mode) or a one-time-sale template (payment mode).',
  }),
  'GET /api/billing/checkout/{sessionId}': route<{ response: CheckoutStatus }>({
    operation: 'get-checkout-status',
    access: 'user',
    summary:
      "One of the caller's Checkout Sessions: processing until the webhook has recorded its effect, then complete.",
  }),
  'POST /api/billing/portal': route<{
    body: z.input<typeof billingPortalRequestSchema>;
    response: BillingPortalResult;
  }>({
    operation: 'create-billing-portal-session',
    access: 'user',
    summary:
      "A Stripe customer portal session for the caller's own customer: card, invoices and receipts.",
  }),
  'PATCH /api/subscriptions/current': route<{
    body: z.input<typeof subscriptionUpdateSchema>;
    response: SubscriptionView;
  }>({
    operation: 'update-current-subscription',
    access: 'user',
    summary:
      "Cancel the caller's subscription at period end, resume it, or switch plan (Stripe proration).",
  }),
  'POST /api/webhooks/stripe': route<{ body: unknown; response: { received: true } }>({
    operation: 'receive-stripe-webhook',
    access: 'public',
    summary:
      'Stripe events, verified by signature on the raw body, applied once each (idempotent by event id).',
  }),
  'GET /api/connect': route<{ response: ConnectStatus }>({
    operation: 'get-connect-status',
    access: 'approved-seller',
    summary: "Whether the caller's Stripe Connect account exists and can receive payouts.",
  }),
  'POST /api/connect/account-link': route<{ response: ConnectLinkResult }>({
    operation: 'create-connect-account-link',
    access: 'approved-seller',
    summary: "The caller's Connect account (created once) and a fresh onboarding link for it.",
  }),
  'PUT /api/admin/users/{id}/plan': route<{
    body: z.input<typeof enterprisePlanSchema>;
    response: EnterprisePlanResult;
  }>({
    operation: 'assign-enterprise-plan',
    access: 'admin',
    summary:
      'Put a user on the Enterprise plan with the agreed downloads a month (or change that quota), audited.',
  }),
});
