/**
 * `POST /api/webhooks/github` (public: GitHub proves itself by the repository's secret, not a
 * token). The body is verified exactly as received, so it is read raw here.
 */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { receiveGithubWebhook as receive } from '../sync';

/** GitHub caps payloads at 25 MB; a push of ours is far smaller. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export const receiveGithubWebhook: HttpOperation = async ({ event }) => {
  const raw = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) {
    return jsonResponse(413, { message: 'The event is too large.' });
  }
  const header = (name: string) =>
    Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  const outcome = await receive({
    rawBody: raw,
    event: header('x-github-event'),
    deliveryId: header('x-github-delivery'),
    signature: header('x-hub-signature-256'),
  });
  return outcome.status === 204
    ? { statusCode: 204, body: '' }
    : jsonResponse(outcome.status, outcome.body ?? { message: 'OK' });
};
