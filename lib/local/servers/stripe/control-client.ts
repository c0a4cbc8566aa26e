/**
 * A typed client of the local Stripe server's control API (control.ts documents the routes), for
 * the seed and the tests: complete a Checkout Session or an onboarding without a browser, move a
 * subscription's clock, steer and inspect webhook delivery. Errors carry Stripe's error body.
 */
import type Stripe from 'stripe';
import type { DeliveryAttempt, DeliverySettings } from './webhooks';

export class LocalStripeControlError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type?: string; code?: string; decline_code?: string; message: string },
  ) {
    super(`Local Stripe control API answered ${status}: ${error.message}`);
  }
}

export interface WebhookStatus extends DeliverySettings {
  url: string | null;
  pending: number;
  held: number;
  log: DeliveryAttempt[];
}

export interface CompleteCheckoutInput {
  /**
   * A test card number: `4242424242424242` pays, `4000000000000002` is declined,
   * `4000000000000259` pays and is then disputed by its issuer.
   */
  card: string;
  expiry?: string;
  cvc?: string;
  name?: string;
  email?: string;
  /** When it happens (epoch seconds), e.g. last month for a subscription that renews soon. */
  now?: number;
}

export interface EventFilter {
  /** One type or several. */
  type?: string | string[];
  /** `data.object.id`. */
  object?: string;
  /** `data.object.customer`. */
  customer?: string;
  limit?: number;
}

export interface LocalStripeControl {
  completeCheckout(
    sessionId: string,
    input: CompleteCheckoutInput,
  ): Promise<{ session: Stripe.Checkout.Session; redirect_url: string }>;
  /** Runs the subscription's period ends up to `now` (default: its current period's end). */
  advanceSubscription(
    id: string,
    options?: { now?: number; fail?: boolean },
  ): Promise<Stripe.Subscription>;
  completeOnboarding(
    accountId: string,
    options?: { businessName?: string },
  ): Promise<Stripe.Account>;
  reverseTransfer(id: string): Promise<Stripe.Transfer>;
  /** The card issuer opens a dispute (chargeback) on a succeeded charge. */
  openDispute(chargeId: string, options?: { reason?: string }): Promise<Stripe.Dispute>;
  /** The issuer decides an open dispute. */
  settleDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<Stripe.Dispute>;
  /** Sets the platform's available balance (opening funds, balance.ts) to `available` now. */
  setAvailableBalance(available: number): Promise<Stripe.Balance>;
  /** Newest first. */
  events(filter?: EventFilter): Promise<Stripe.Event[]>;
  resendEvent(id: string): Promise<void>;
  webhooks(): Promise<WebhookStatus>;
  setDelivery(settings: Partial<DeliverySettings>): Promise<DeliverySettings>;
  flushWebhooks(): Promise<number>;
  /** Resolves true once nothing is queued or being delivered (false after `timeoutMs`). */
  waitForWebhooks(timeoutMs?: number): Promise<boolean>;
  setWebhookUrl(url: string | null): Promise<void>;
}

/** A client for the server at `endpoint` (`http://localhost:12111`), authenticated by its secret key. */
export const createLocalStripeControl = (
  endpoint: string,
  secretKey: string,
): LocalStripeControl => {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const response = await fetch(`${endpoint}/_local/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secretKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const parsed = (await response.json()) as T & { error?: LocalStripeControlError['error'] };
    if (!response.ok) {
      throw new LocalStripeControlError(
        response.status,
        parsed.error ?? { message: response.statusText },
      );
    }
    return parsed;
  };
  const id = encodeURIComponent;
  return {
    completeCheckout: (sessionId, input) =>
      call('POST', `checkout/sessions/${id(sessionId)}/complete`, input),
    advanceSubscription: (subscriptionId, options = {}) =>
      call('POST', `subscriptions/${id(subscriptionId)}/advance`, options),
    completeOnboarding: (accountId, options = {}) =>
      call('POST', `accounts/${id(accountId)}/complete-onboarding`, {
        ...(options.businessName ? { business_name: options.businessName } : {}),
      }),
    reverseTransfer: (transferId) => call('POST', `transfers/${id(transferId)}/reverse`, {}),
    openDispute: (chargeId, options = {}) =>
      call('POST', `charges/${id(chargeId)}/dispute`, options),
    settleDispute: (disputeId, outcome) =>
      call('POST', `disputes/${id(disputeId)}/settle`, { outcome }),
    setAvailableBalance: (available) => call('POST', 'balance', { available }),
    events: async (filter = {}) => {
      const query = new URLSearchParams();
      if (filter.type) query.set('type', [filter.type].flat().join(','));
      if (filter.object) query.set('object', filter.object);
      if (filter.customer) query.set('customer', filter.customer);
      if (filter.limit) query.set('limit', String(filter.limit));
      return (await call<{ data: Stripe.Event[] }>('GET', `events?${query.toString()}`)).data;
    },
    resendEvent: async (eventId) => {
      await call('POST', `events/${id(eventId)}/resend`, {});
    },
    webhooks: () => call('GET', 'webhooks'),
    setDelivery: (settings) => call('POST', 'webhooks/mode', settings),
    flushWebhooks: async () =>
      (await call<{ flushed: number }>('POST', 'webhooks/flush', {})).flushed,
    waitForWebhooks: async (timeoutMs = 10_000) =>
      (await call<{ idle: boolean }>('POST', 'webhooks/idle', { timeoutMs })).idle,
    setWebhookUrl: async (url) => {
      await call('POST', 'webhooks/url', { url });
    },
  };
};
