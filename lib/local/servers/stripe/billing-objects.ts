/**
 * Stripe Billing's objects as API version 2026-10-28.endive shapes them: subscriptions and their
 * items (the billing period lives on the ITEM in this version), invoices (the subscription at
 * `parent.subscription_details`), invoice lines and invoice payments (`payment.payment_intent`).
 */
import type Stripe from 'stripe';
import { newId } from './http';
import { CURRENCY, decimalString, listOf, planOfPrice } from './objects';

export const buildSubscriptionItem = (input: {
  subscription: string;
  price: Stripe.Price;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  created: number;
}): Stripe.SubscriptionItem => ({
  id: newId('si', 14),
  object: 'subscription_item',
  billing_thresholds: null,
  created: input.created,
  current_period_end: input.periodEnd,
  current_period_start: input.periodStart,
  current_trial: null,
  discounts: [],
  metadata: {},
  plan: planOfPrice(input.price),
  price: input.price,
  quantity: input.quantity,
  subscription: input.subscription,
  tax_rates: [],
});

export const buildSubscription = (input: {
  id: string;
  customer: string;
  item: Stripe.SubscriptionItem;
  defaultPaymentMethod: string;
  metadata: Record<string, string>;
  created: number;
}): Stripe.Subscription => ({
  id: input.id,
  object: 'subscription',
  application: null,
  application_fee_percent: null,
  automatic_tax: { disabled_reason: null, enabled: false, liability: null },
  billing_cycle_anchor: input.item.current_period_start,
  billing_cycle_anchor_config: null,
  billing_mode: { flexible: null, type: 'classic' },
  billing_schedules: [],
  billing_thresholds: null,
  cancel_at: null,
  cancel_at_period_end: false,
  canceled_at: null,
  cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
  collection_method: 'charge_automatically',
  created: input.created,
  currency: CURRENCY,
  customer: input.customer,
  customer_account: null,
  days_until_due: null,
  default_payment_method: input.defaultPaymentMethod,
  default_source: null,
  default_tax_rates: [],
  description: null,
  discounts: [],
  ended_at: null,
  invoice_settings: {
    account_tax_ids: null,
    custom_fields: null,
    description: null,
    footer: null,
    issuer: { type: 'self' },
  },
  items: listOf([input.item], `/v1/subscription_items?subscription=${input.id}`),
  latest_invoice: null,
  livemode: false,
  managed_payments: null,
  metadata: input.metadata,
  next_pending_invoice_item_invoice: null,
  on_behalf_of: null,
  pause_collection: null,
  payment_settings: {
    payment_method_options: null,
    payment_method_types: null,
    save_default_payment_method: 'off',
  },
  pending_invoice_item_interval: null,
  pending_setup_intent: null,
  pending_update: null,
  schedule: null,
  start_date: input.created,
  status: 'active',
  test_clock: null,
  transfer_data: null,
  trial_end: null,
  trial_settings: {
    end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
  },
  trial_start: null,
});

/** One line of an invoice: a subscription item for a period, or its proration. */
export interface InvoiceLineInput {
  amount: number;
  description: string;
  price: Stripe.Price;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  subscriptionItem: string;
  proration: boolean;
}

const buildInvoiceLine = (
  invoice: string,
  subscription: string,
  line: InvoiceLineInput,
): Stripe.InvoiceLineItem => ({
  id: newId('il', 24),
  object: 'line_item',
  amount: line.amount,
  currency: CURRENCY,
  description: line.description,
  discount_amounts: [],
  discountable: !line.proration,
  discounts: [],
  invoice,
  livemode: false,
  metadata: {},
  parent: {
    invoice_item_details: null,
    subscription_item_details: {
      invoice_item: null,
      proration: line.proration,
      proration_details: { credited_items: null },
      subscription,
      subscription_item: line.subscriptionItem,
    },
    type: 'subscription_item_details',
  },
  period: { end: line.periodEnd, start: line.periodStart },
  pretax_credit_amounts: [],
  pricing: {
    price_details: { price: line.price.id, product: line.price.product as string },
    type: 'price_details',
    unit_amount_decimal: line.price.unit_amount_decimal,
  },
  quantity: line.quantity,
  quantity_decimal: decimalString(line.quantity),
  subscription,
  subtotal: line.amount,
  taxes: [],
});

/** An invoice's amounts before any payment. */
const unpaidAmounts = (
  due: number,
): Pick<
  Stripe.Invoice,
  'amount_due' | 'amount_overpaid' | 'amount_paid' | 'amount_remaining' | 'amount_shipping'
> => ({
  amount_due: due,
  amount_overpaid: 0,
  amount_paid: 0,
  amount_remaining: due,
  amount_shipping: 0,
});

const noAutomaticTax = (): Stripe.Invoice.AutomaticTax => ({
  disabled_reason: null,
  enabled: false,
  liability: null,
  provider: null,
  status: null,
});

/** The customer as the invoice copies it when finalized. */
const invoiceCustomer = (
  customer: Stripe.Customer,
): Pick<
  Stripe.Invoice,
  | 'customer'
  | 'customer_account'
  | 'customer_address'
  | 'customer_email'
  | 'customer_name'
  | 'customer_phone'
  | 'customer_shipping'
  | 'customer_tax_exempt'
  | 'customer_tax_ids'
> => ({
  customer: customer.id,
  customer_account: null,
  customer_address: null,
  customer_email: customer.email,
  customer_name: customer.name ?? null,
  customer_phone: null,
  customer_shipping: null,
  customer_tax_exempt: 'none',
  customer_tax_ids: [],
});

/** The subscription that billed the invoice, with its metadata at the time. */
const subscriptionParent = (
  subscription: string,
  metadata: Record<string, string>,
): Stripe.Invoice.Parent => ({
  quote_details: null,
  subscription_details: { metadata, subscription },
  type: 'subscription_details',
});

const finalizedTransitions = (at: number): Stripe.Invoice.StatusTransitions => ({
  finalized_at: at,
  marked_uncollectible_at: null,
  paid_at: null,
  voided_at: null,
});

/** Totals without discounts, taxes or credits: each is the sum of the lines. */
const invoiceTotals = (
  total: number,
): Pick<
  Stripe.Invoice,
  | 'subtotal'
  | 'subtotal_excluding_tax'
  | 'test_clock'
  | 'total'
  | 'total_discount_amounts'
  | 'total_excluding_tax'
  | 'total_pretax_credit_amounts'
  | 'total_taxes'
> => ({
  subtotal: total,
  subtotal_excluding_tax: total,
  test_clock: null,
  total,
  total_discount_amounts: [],
  total_excluding_tax: total,
  total_pretax_credit_amounts: [],
  total_taxes: [],
});

/**
 * A finalized subscription invoice, open until {@link markInvoicePaid}. A negative total (a
 * downgrade's proration) is due as nothing and becomes the customer's credit, as at Stripe.
 */
export const buildInvoice = (input: {
  customer: Stripe.Customer;
  subscription: string;
  subscriptionMetadata: Record<string, string>;
  billingReason: Stripe.Invoice.BillingReason;
  lines: InvoiceLineInput[];
  number: string;
  periodStart: number;
  periodEnd: number;
  created: number;
}): Stripe.Invoice => {
  const id = newId('in', 24);
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const due = Math.max(0, total);
  return {
    id,
    object: 'invoice',
    account_country: 'GB',
    account_name: 'MVP Marketplace (local Stripe)',
    account_tax_ids: null,
    ...unpaidAmounts(due),
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: false,
    automatic_tax: noAutomaticTax(),
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    created: input.created,
    currency: CURRENCY,
    custom_fields: null,
    ...invoiceCustomer(input.customer),
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: input.created,
    ending_balance: total < 0 ? total : 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: listOf(
      input.lines.map((line) => buildInvoiceLine(id, input.subscription, line)),
      `/v1/invoices/${id}/lines`,
    ),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: input.number,
    on_behalf_of: null,
    parent: subscriptionParent(input.subscription, input.subscriptionMetadata),
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'open',
    status_transitions: finalizedTransitions(input.created),
    ...invoiceTotals(total),
    webhooks_delivered_at: input.created,
  };
};

export const markInvoicePaid = (invoice: Stripe.Invoice, at: number): void => {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = invoice.amount_due > 0 || invoice.attempted;
  invoice.attempt_count =
    invoice.amount_due > 0 ? invoice.attempt_count + 1 : invoice.attempt_count;
  invoice.status_transitions.paid_at = at;
};

export const buildInvoicePayment = (input: {
  invoice: Stripe.Invoice;
  paymentIntent: string;
  paid: boolean;
  created: number;
}): Stripe.InvoicePayment => ({
  id: newId('inpay', 24),
  object: 'invoice_payment',
  amount_paid: input.paid ? input.invoice.amount_due : null,
  amount_requested: input.invoice.amount_due,
  created: input.created,
  currency: CURRENCY,
  invoice: input.invoice.id,
  is_default: true,
  livemode: false,
  payment: { payment_intent: input.paymentIntent, type: 'payment_intent' },
  status: input.paid ? 'paid' : 'open',
  status_transitions: { canceled_at: null, paid_at: input.paid ? input.created : null },
});
