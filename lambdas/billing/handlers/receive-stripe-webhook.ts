/**
 * `POST /api/webhooks/stripe` (public: Stripe proves itself by signature, not a token). The body
 * is verified exactly as received, so it is read raw here, never parsed before the signature.
 */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { receiveStripeWebhook as receive } from '../webhook';

/** Stripe's events are at most a few hundred KB; anything far larger is not from Stripe. */
const MAX_BODY_BYTES = 1024 * 1024;

export const receiveStripeWebhook: HttpOperation = async ({ event }) => {
  const raw = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) {
    return jsonResponse(413, { message: 'The event is too large.' });
  }
  const signature = Object.entries(event.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'stripe-signature',
  )?.[1];
  await receive(raw, signature);
  return jsonResponse(200, { received: true });
};
