/**
 * The local Stripe server's state: every object by id, as Stripe returns it unexpanded (references
 * are ids), the events, the idempotency records and the undelivered webhooks. Kept in memory and
 * written as JSON to `<dataDir>/state.json` shortly after each change (and on stop), so an
 * `npm start` restart keeps customers, subscriptions and Connect accounts.
 */
import { persistedState } from '../persisted-state';
import type Stripe from 'stripe';

/** What an account link remembers: where its page sends the browser, and until when it works. */
export interface StoredAccountLink {
  account: string;
  refresh_url: string;
  return_url: string;
  expires_at: number;
  used: boolean;
}

/** A POST's stored answer, replayed for the same Idempotency-Key. */
export interface IdempotencyRecord {
  /** Method, path and parameters of the first request: a different request with the key is refused. */
  fingerprint: string;
  status: number;
  body: unknown;
  at: number;
}

/** `subscription_data[metadata]`, `payment_intent_data[metadata]`: applied on completion. */
export interface SessionSetup {
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
}

export interface StripeState {
  customers: Record<string, Stripe.Customer>;
  products: Record<string, Stripe.Product>;
  prices: Record<string, Stripe.Price>;
  sessions: Record<string, Stripe.Checkout.Session>;
  /** A session's line items (an includable list: `expand[]=line_items`). */
  sessionLineItems: Record<string, Stripe.LineItem[]>;
  /** What a session was created with that Stripe keeps but does not show on the session. */
  sessionSetup: Record<string, SessionSetup>;
  subscriptions: Record<string, Stripe.Subscription>;
  invoices: Record<string, Stripe.Invoice>;
  invoicePayments: Record<string, Stripe.InvoicePayment>;
  paymentIntents: Record<string, Stripe.PaymentIntent>;
  charges: Record<string, Stripe.Charge>;
  paymentMethods: Record<string, Stripe.PaymentMethod>;
  refunds: Record<string, Stripe.Refund>;
  /** Chargebacks (`dp_…`) on charges (disputes.ts). */
  disputes: Record<string, Stripe.Dispute>;
  accounts: Record<string, Stripe.Account>;
  accountLinks: Record<string, StoredAccountLink>;
  transfers: Record<string, Stripe.Transfer>;
  /** Customer portal sessions (`bps_…`): the page at their `url` acts for their customer. */
  portalSessions: Record<string, Stripe.BillingPortal.Session>;
  /** Oldest first; the newest {@link MAX_EVENTS} are kept. */
  events: Stripe.Event[];
  idempotency: Record<string, IdempotencyRecord>;
  /** Event ids not yet delivered: `pending` in delivery order, `held` while delivery is on hold. */
  webhooks: { pending: string[]; held: string[] };
  /** Invoice numbers (`LOCAL-0001`) count up per server. */
  invoiceSequence: number;
  /** The platform balance's local opening funds (balance.ts); absent in older state files. */
  openingFunds?: number;
}

export const MAX_EVENTS = 2000;

const emptyState = (): StripeState => ({
  customers: {},
  products: {},
  prices: {},
  sessions: {},
  sessionLineItems: {},
  sessionSetup: {},
  subscriptions: {},
  invoices: {},
  invoicePayments: {},
  paymentIntents: {},
  charges: {},
  paymentMethods: {},
  refunds: {},
  disputes: {},
  accounts: {},
  accountLinks: {},
  transfers: {},
  portalSessions: {},
  events: [],
  idempotency: {},
  webhooks: { pending: [], held: [] },
  invoiceSequence: 0,
});

/** The collection an id belongs to, by its prefix (`cus_…` → customers): what `expand` follows. */
const collectionOfPrefix: Record<string, keyof StripeState> = {
  cus: 'customers',
  prod: 'products',
  price: 'prices',
  cs: 'sessions',
  sub: 'subscriptions',
  in: 'invoices',
  inpay: 'invoicePayments',
  pi: 'paymentIntents',
  ch: 'charges',
  pm: 'paymentMethods',
  re: 'refunds',
  dp: 'disputes',
  acct: 'accounts',
  tr: 'transfers',
  bps: 'portalSessions',
};

export interface Store {
  readonly state: StripeState;
  /** Any stored object by id (the kind comes from the prefix), or undefined. */
  find(id: string): { object: string } | undefined;
  /** Schedules a write of the state file (debounced); call after every change. */
  changed(): void;
  /** Writes now, if anything changed since the last write. */
  flush(): void;
}

/** Seconds since the epoch: Stripe's timestamps. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * Loads `file` (or starts empty when it is absent or unreadable) and keeps it up to date; without
 * a file the state lives in memory only (tests).
 */
export const createStore = (file: string | undefined): Store => {
  const trim = (state: StripeState, keep: number) => {
    if (state.events.length > keep) state.events.splice(0, state.events.length - MAX_EVENTS);
  };
  const persisted = persistedState(file, emptyState, {
    onChange: (state) => trim(state, MAX_EVENTS * 1.1),
    beforeWrite: (state) => trim(state, MAX_EVENTS),
  });
  const { state } = persisted;
  return {
    state,
    find: (id) => {
      const collection = collectionOfPrefix[id.slice(0, id.indexOf('_'))];
      if (!collection) return undefined;
      return (state[collection] as Record<string, { object: string }>)[id];
    },
    changed: persisted.changed,
    flush: persisted.flush,
  };
};
