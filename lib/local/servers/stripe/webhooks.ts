/**
 * Events and their delivery, as Stripe does it for one webhook endpoint: every event is recorded
 * (Stripe's Event object, `data.object` a snapshot at that moment) and POSTed to the endpoint's
 * URL with a `Stripe-Signature` header made with stripe-node's own `generateTestHeaderString`,
 * asynchronously, one at a time and in order; a non-2xx answer or a network error is retried with
 * backoff (0.2 s, 1 s, 5 s, 5 s: five attempts), then given up (the control API can resend).
 *
 * For tests and demos the delivery can be changed (control API): `hold` queues events until a
 * flush, `reverse` is hold with the newest flushed first (out-of-order delivery), `duplicate`
 * delivers each event N times.
 */
import Stripe from 'stripe';
import type { EventRequest } from './context';
import { newId } from './http';
import type { Store } from './store';

export type DeliveryMode = 'normal' | 'hold' | 'reverse';

export interface DeliverySettings {
  mode: DeliveryMode;
  /** Each event is delivered this many times (1: once). */
  duplicate: number;
}

/** One attempt, for the control API's log. */
export interface DeliveryAttempt {
  event: string;
  type: string;
  attempt: number;
  /** The endpoint's HTTP status, or null when it could not be reached. */
  status: number | null;
  error?: string;
  at: string;
}

const RETRY_DELAYS_MS = [200, 1000, 5000, 5000];
const MAX_LOG = 500;

export interface WebhookDispatcher {
  /** Records an event and queues it for delivery; returns it. */
  publish(
    type: string,
    object: object,
    request: EventRequest,
    previousAttributes?: Record<string, unknown>,
  ): Stripe.Event;
  setUrl(url: string | undefined): void;
  readonly url: string | undefined;
  settings: DeliverySettings;
  /** Queues the held events for delivery (newest first in `reverse` mode); returns how many. */
  flush(): number;
  /** Queues an event again (control API). */
  resend(eventId: string): boolean;
  /** Resolves once nothing is queued or being delivered, or after `timeoutMs` (false then). */
  idle(timeoutMs: number): Promise<boolean>;
  readonly log: readonly DeliveryAttempt[];
  stop(): Promise<void>;
}

/** The dispatcher's working state, shared by the delivery loop and the control operations. */
interface DeliveryState {
  store: Store;
  secret: string;
  /** Event ids queued for delivery, and those held until a flush (both persisted). */
  pending: string[];
  held: string[];
  log: DeliveryAttempt[];
  settings: DeliverySettings;
  url: string | undefined;
  running: Promise<void> | undefined;
  stopped: boolean;
  /** Ends the current retry wait at once (on stop). */
  wake: (() => void) | undefined;
  inFlight: AbortController;
}

/** Waits before a retry; `wake` ends the wait early. */
const sleep = (state: DeliveryState, ms: number) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    state.wake = () => {
      clearTimeout(timer);
      done();
    };
  });

const record = (log: DeliveryAttempt[], attempt: DeliveryAttempt) => {
  log.push(attempt);
  if (log.length > MAX_LOG) log.splice(0, log.length - MAX_LOG);
};

/** One signed POST of the event; true when the endpoint answered 2xx. */
const attempt = async (
  state: DeliveryState,
  event: Stripe.Event,
  target: string,
  number: number,
): Promise<boolean> => {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: state.secret });
  const at = new Date().toISOString();
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
      signal: AbortSignal.any([state.inFlight.signal, AbortSignal.timeout(10_000)]),
    });
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    record(state.log, {
      event: event.id,
      type: event.type,
      attempt: number,
      status: response.status,
      at,
    });
    return ok;
  } catch (error) {
    record(state.log, {
      event: event.id,
      type: event.type,
      attempt: number,
      status: null,
      error: String(error),
      at,
    });
    return false;
  }
};

/** Attempts the event until one succeeds or the retries run out. */
const deliver = async (state: DeliveryState, event: Stripe.Event) => {
  for (
    let number = 1;
    number <= RETRY_DELAYS_MS.length + 1 && !state.stopped && state.url;
    number += 1
  ) {
    if (await attempt(state, event, state.url, number)) break;
    if (number <= RETRY_DELAYS_MS.length) await sleep(state, RETRY_DELAYS_MS[number - 1]!);
  }
};

/** Delivers the queue's head until it is empty; one loop at a time. */
const pump = (state: DeliveryState) => {
  state.running ??= (async () => {
    while (!state.stopped && state.url && state.pending.length > 0) {
      const eventId = state.pending[0]!;
      const event = state.store.state.events.find((candidate) => candidate.id === eventId);
      if (event) await deliver(state, event);
      if (state.stopped) break;
      state.pending.shift();
      state.store.changed();
    }
  })().finally(() => {
    state.running = undefined;
    // Something may have been queued while the loop was finishing.
    if (!state.stopped && state.url && state.pending.length > 0) pump(state);
  });
};

const enqueue = (state: DeliveryState, eventId: string) => {
  const copies = Array.from({ length: Math.max(1, state.settings.duplicate) }, () => eventId);
  if (state.settings.mode === 'normal') state.pending.push(...copies);
  else state.held.push(...copies);
  state.store.changed();
  pump(state);
};

/** Stripe's Event object; `data.object` is a snapshot taken now. */
const buildEvent = (
  input: Parameters<WebhookDispatcher['publish']>,
  apiVersion: string,
  delivered: boolean,
): Stripe.Event => {
  const [type, object, request, previousAttributes] = input;
  return {
    id: newId('evt', 24),
    object: 'event',
    api_version: apiVersion,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: structuredClone(object),
      ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}),
    },
    livemode: false,
    pending_webhooks: delivered ? 1 : 0,
    request,
    type,
  } as unknown as Stripe.Event;
};

export const createWebhookDispatcher = (options: {
  store: Store;
  secret: string;
  apiVersion: string;
  initialUrl?: string;
}): WebhookDispatcher => {
  const { store } = options;
  const { pending, held } = store.state.webhooks;
  // Delivery starts in normal mode: what a previous run held is delivered now.
  pending.push(...held.splice(0));
  const state: DeliveryState = {
    store,
    secret: options.secret,
    pending,
    held,
    log: [],
    settings: { mode: 'normal', duplicate: 1 },
    url: options.initialUrl,
    running: undefined,
    stopped: false,
    wake: undefined,
    inFlight: new AbortController(),
  };

  return {
    publish: (...input) => {
      const event = buildEvent(input, options.apiVersion, Boolean(state.url));
      store.state.events.push(event);
      enqueue(state, event.id);
      return event;
    },
    setUrl: (next) => {
      state.url = next;
      pump(state);
    },
    get url() {
      return state.url;
    },
    settings: state.settings,
    flush: () => {
      const flushed = state.settings.mode === 'reverse' ? [...held].reverse() : [...held];
      held.length = 0;
      pending.push(...flushed);
      store.changed();
      pump(state);
      return flushed.length;
    },
    resend: (eventId) => {
      if (!store.state.events.some((event) => event.id === eventId)) return false;
      pending.push(eventId);
      store.changed();
      pump(state);
      return true;
    },
    idle: async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (pending.length > 0 || state.running) {
        if (Date.now() >= deadline) return false;
        await new Promise((done) => setTimeout(done, 20));
      }
      return true;
    },
    log: state.log,
    stop: async () => {
      state.stopped = true;
      state.inFlight.abort();
      state.wake?.();
      await state.running?.catch(() => undefined);
    },
  };
};
