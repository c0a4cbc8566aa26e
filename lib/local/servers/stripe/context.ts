/**
 * What every operation of the local Stripe server works with: the store, the moment it happens
 * (the wall clock, or the test clock's time when the control API names one), the server's own URL
 * (hosted pages), and `emit`, which records an event and queues it for the webhook.
 */
import type { Store, StripeState } from './store';
import { resourceMissing } from './http';

/** `event.request`: the API request that caused an event (null ids for the hosted pages and clock). */
export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

export interface Context {
  store: Store;
  state: StripeState;
  /** Seconds since the epoch: when this operation happens. */
  now: number;
  /** `http://localhost:<port>`: where the hosted pages are. */
  endpoint: string;
  emit(type: string, object: object, previousAttributes?: Record<string, unknown>): void;
}

export type Collection = {
  [K in keyof StripeState]-?: StripeState[K] extends Record<string, infer _V>
    ? K extends 'idempotency' | 'webhooks'
      ? never
      : K
    : never;
}[keyof StripeState];

/** An object by id, or Stripe's `resource_missing` (404 on its own URL, 400 as a parameter). */
export const mustFind = <K extends Collection>(
  ctx: Context,
  collection: K,
  id: string,
  what: string,
  param?: string,
): NonNullable<StripeState[K][string]> => {
  const found = (ctx.state[collection] as Record<string, unknown>)[id];
  if (!found) throw resourceMissing(what, id, param);
  return found as NonNullable<StripeState[K][string]>;
};

/** Calendar months from `anchor` (Stripe's billing cycle: the 31st falls back to the month's end). */
export const addMonths = (anchor: number, months: number): number => {
  const date = new Date(anchor * 1000);
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
};

/** `£1.50`: amounts on the hosted pages and in Stripe's refund errors. */
export const formatPounds = (pence: number): string => `£${(pence / 100).toFixed(2)}`;
