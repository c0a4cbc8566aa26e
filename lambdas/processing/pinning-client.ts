/**
 * The IPFS Pinning Service API (https://ipfs.github.io/pinning-services-api-spec/), the standard
 * that Pinata, Filebase and others implement: `POST {endpoint}/pins` with `{ cid, name }` and a
 * bearer token asks the service to fetch and keep the content. The service answers 202 with a
 * pin status; it fetches the blocks itself, so we never upload them.
 */
import { TransientError } from '../shared/errors';
import { PinningServiceError } from './errors';

export interface PinningService {
  url: string;
  token: string;
}

export interface PinStatus {
  requestid: string;
  status: 'queued' | 'pinning' | 'pinned' | 'failed';
}

const PIN_TIMEOUT_MS = 30_000;

export const requestPin = async (
  service: PinningService,
  pin: { cid: string; name: string },
): Promise<PinStatus> => {
  let response: Response;
  try {
    response = await fetch(`${service.url.replace(/\/+$/, '')}/pins`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${service.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(pin),
      signal: AbortSignal.timeout(PIN_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TransientError(
      `The pinning service could not be reached: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const text = await response.text();
  if (response.status === 429 || response.status >= 500) {
    throw new TransientError(`The pinning service answered ${response.status}.`);
  }
  if (!response.ok) {
    // The Pinning Services API's error body: { error: { reason, details } }. Never echo the token.
    let reason = text.slice(0, 200);
    try {
      const body = JSON.parse(text) as { error?: { reason?: string; details?: string } };
      reason = [body.error?.reason, body.error?.details].filter(Boolean).join(': ') || reason;
    } catch {
      // not JSON: keep the text
    }
    throw new PinningServiceError(
      `The pinning service refused the pin (${response.status}): ${reason}`,
    );
  }
  const body = JSON.parse(text) as Partial<PinStatus>;
  if (typeof body.requestid !== 'string' || typeof body.status !== 'string') {
    throw new PinningServiceError('The pinning service answered without a pin status.');
  }
  if (body.status === 'failed')
    throw new PinningServiceError('The pinning service reports the pin as failed.');
  return { requestid: body.requestid, status: body.status };
};
