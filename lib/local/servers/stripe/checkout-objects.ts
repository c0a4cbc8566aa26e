/**
 * Stripe Checkout's objects as API version 2026-10-28.endive shapes them: the Checkout Session
 * (hosted, `ui_mode: hosted_page`) and its line items.
 */
import type Stripe from 'stripe';
import { newId } from './http';
import { CURRENCY } from './objects';

type SessionMode = 'payment' | 'subscription';

const emptyCustomText = (): Stripe.Checkout.Session.CustomText => ({
  after_submit: null,
  shipping_address: null,
  submit: null,
  terms_of_service_acceptance: null,
});

/** Stripe makes a customer when none is given: always for a subscription, if needed otherwise. */
const customerCreationOf = (
  mode: SessionMode,
  customer: string | null,
): Stripe.Checkout.Session.CustomerCreation | null =>
  customer ? null : mode === 'subscription' ? 'always' : 'if_required';

/** A payment session says it creates no invoice; a subscription has no such setting. */
const invoiceCreationOf = (mode: SessionMode): Stripe.Checkout.Session.InvoiceCreation | null =>
  mode === 'payment'
    ? {
        enabled: false,
        invoice_data: {
          account_tax_ids: null,
          custom_fields: null,
          description: null,
          footer: null,
          issuer: null,
          metadata: {},
          rendering_options: null,
        },
      }
    : null;

export const buildSession = (input: {
  mode: SessionMode;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  amount: number;
  pageUrl: (id: string) => string;
  created: number;
}): Stripe.Checkout.Session => {
  const id = newId('cs_test', 58);
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: input.amount,
    amount_total: input.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: CURRENCY,
    currency_conversion: null,
    custom_fields: [],
    custom_text: emptyCustomText(),
    customer: input.customer,
    customer_account: null,
    customer_creation: customerCreationOf(input.mode, input.customer),
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.created + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: invoiceCreationOf(input.mode),
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: input.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: input.mode === 'subscription' ? 'always' : null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: input.pageUrl(id),
    wallet_options: null,
  };
};

export const buildLineItem = (input: {
  price: Stripe.Price;
  quantity: number;
  description: string;
}): Stripe.LineItem => {
  const amount = (input.price.unit_amount ?? 0) * input.quantity;
  return {
    id: newId('li', 24),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: input.price.currency,
    description: input.description,
    metadata: {},
    price: input.price,
    quantity: input.quantity,
  };
};
