/**
 * Checkout, plans with their prices, the subscription change form and Stripe Connect (the pricing,
 * payment success and Connect Stripe pages): the request schemas shared by the pages and the API,
 * the shapes the API answers, and the product's texts.
 */
import * as z from 'zod';
import { CHECKOUT_MESSAGES } from './checkout-messages';
import type { PlanType } from './plans';

export { CHECKOUT_MESSAGES } from './checkout-messages';

/** An admin puts a user on the Enterprise plan (sold by the sales team, not through Stripe). */
export const ENTERPRISE_MESSAGES = {
  userNotFound: 'User not found.',
  paysByCard:
    'This user pays for a plan by card. Their subscription must end (or be refunded) before they move to Enterprise.',
  quotaInvalid: 'Downloads per month must be a whole number from 1 to 100,000, or unlimited.',
  managedBySales: 'Your Enterprise plan is managed by our team: contact sales to change it.',
} as const;

export const ENTERPRISE_MAX_DOWNLOADS = 100_000;

/**
 * The `price_id` of an Enterprise plan an admin set up: no Stripe price sells it, so the buyer
 * changes it through sales, not through the card portal or cancel/resume.
 */
export const MANUAL_ENTERPRISE_PRICE = 'manual_enterprise';

/** `PUT /api/admin/users/{id}/plan`: Enterprise with this many downloads a month (`null`: unlimited). */
export const enterprisePlanSchema = z.object({
  downloads_per_month: z
    .number({ error: ENTERPRISE_MESSAGES.quotaInvalid })
    .int(ENTERPRISE_MESSAGES.quotaInvalid)
    .min(1, ENTERPRISE_MESSAGES.quotaInvalid)
    .max(ENTERPRISE_MAX_DOWNLOADS, ENTERPRISE_MESSAGES.quotaInvalid)
    .nullable(),
});
export type EnterprisePlanInput = z.infer<typeof enterprisePlanSchema>;

export interface EnterprisePlanResult {
  user_id: string;
  plan_type: 'enterprise';
  download_quota: number;
  downloads_remaining: number;
  /** ISO-8601: when the current month of downloads ends (the quota then starts again). */
  current_period_end: string;
}

export { CONNECT_MESSAGES } from './connect-messages';

/** `POST /api/connect/login-link`: the Express dashboard, for one visit. */
export interface ConnectLoginLink {
  url: string;
}

const returnUrl = z
  .string({ error: 'A return address is required.' })
  .trim()
  .max(2_048, 'The return address is too long.')
  .pipe(z.url({ protocol: /^https?$/, error: 'The return address must be a web address.' }));

const priceId = z
  .string({ error: CHECKOUT_MESSAGES.invalidPlan })
  .trim()
  .min(1, CHECKOUT_MESSAGES.invalidPlan)
  .max(255, CHECKOUT_MESSAGES.invalidPlan);

/**
 * `POST /api/billing/checkout`: the product's call `{ price_id, mode: subscription, success_url,
 * cancel_url }`, plus `mode: payment` with the one-time-sale template instead of a price (its
 * price is the template's, never the caller's). `success_url` may carry Stripe's
 * `{CHECKOUT_SESSION_ID}` placeholder.
 */
export const checkoutRequestSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('subscription'),
      price_id: priceId,
      success_url: returnUrl,
      cancel_url: returnUrl,
    }),
    z.object({
      mode: z.literal('payment'),
      mvp_id: z.string({ error: 'No MVP selected' }).trim().min(1, 'No MVP selected').max(64),
      success_url: returnUrl,
      cancel_url: returnUrl,
    }),
  ],
  { error: "mode must be 'subscription' or 'payment'." },
);
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/**
 * `POST /api/billing/portal`: a Stripe customer portal session for the caller's own customer; the
 * browser comes back to `return_url` (on this site).
 */
export const billingPortalRequestSchema = z.object({ return_url: returnUrl });
export type BillingPortalRequest = z.infer<typeof billingPortalRequestSchema>;

export interface BillingPortalResult {
  /** The portal page to open (card, invoices and receipts). */
  url: string;
}

export interface CheckoutResult {
  /** The hosted Checkout page to redirect the browser to. */
  url: string;
  session_id: string;
}

/**
 * `GET /api/billing/checkout/{sessionId}`: `processing` until the webhook has recorded the
 * session's effect (the subscription active, or the order completed), then `complete`.
 */
export interface CheckoutStatus {
  session_id: string;
  mode: 'subscription' | 'payment';
  status: 'open' | 'processing' | 'complete' | 'expired';
  plan_type: PlanType | null;
  /** After a subscription: the quota the webhook has set. */
  downloads_remaining: number | null;
  download_quota: number | null;
  /** After a one-time purchase: the template bought. */
  mvp_id: string | null;
  mvp_title: string | null;
  amount_total: number | null;
  currency: string;
}

/** `GET /api/billing/plans`: each plan's price id (null: not sold, e.g. Enterprise). */
export interface BillingPlans {
  plans: { id: PlanType; price_id: string | null }[];
  /** `stripe` when talking to Stripe, `local` for the local Stripe-compatible server. */
  payments_mode: 'stripe' | 'local';
}

/**
 * What a plan switch costs, said the same before (the dialog) and after (the banner): the switch
 * asks Stripe for `proration_behavior: always_invoice` (lambdas/billing/checkout.ts), so the
 * prorated difference is invoiced and charged at once; a cheaper plan's negative difference is a
 * credit Stripe takes off the next invoice.
 */
export const PLAN_SWITCH_TEXT = {
  dialog:
    'The change is prorated: the difference for the days left in this period is invoiced and charged to your card now. Moving to a cheaper plan leaves a credit that comes off your next invoice.',
  banner:
    'Your download quota follows the new plan. The prorated difference for the rest of this period was invoiced now (a move to a cheaper plan leaves a credit for your next invoice).',
} as const;

/** `PATCH /api/subscriptions/current`: cancel at period end, resume, or switch plan. */
export const subscriptionUpdateSchema = z
  .object({
    cancel_at_period_end: z.boolean().optional(),
    price_id: priceId.optional(),
  })
  .strict()
  .refine((value) => value.cancel_at_period_end !== undefined || value.price_id !== undefined, {
    error: 'Nothing to change: give cancel_at_period_end or price_id.',
  });
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;

/** `GET /api/connect`. */
export interface ConnectStatus {
  /** A Connect account exists for the caller. */
  connected: boolean;
  /** Stripe says the account can receive payouts (`account.updated`). */
  payouts_enabled: boolean;
  details_submitted: boolean;
}

/** `POST /api/connect/account-link`. */
export interface ConnectLinkResult {
  account_link_url: string;
}
