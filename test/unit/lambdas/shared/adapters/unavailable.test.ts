/**
 * Third parties that do not answer (lambdas/shared/adapters/unavailable.ts, contract/third-parties.ts):
 * every budget fits inside the API functions' timeout, itself inside API Gateway's limit; each
 * client's "did not answer" is recognised as its own service's 503, and a refusal of what we asked
 * is not.
 */
import { describe, expect, it } from 'vitest';
import {
  API_ANSWER_LIMIT_MS,
  API_FUNCTION_TIMEOUT_SECONDS,
  THIRD_PARTY_READ_MESSAGES,
  THIRD_PARTY_RETRY_SAFE_MESSAGES,
  THIRD_PARTY_UNAVAILABLE_MESSAGES,
  callBudgets,
  worstCaseMs,
  type ThirdParty,
} from '../../../../../contract/third-parties';
import { ThirdPartyUnavailableError } from '../../../../../lambdas/shared/errors';
import { toErrorResponse } from '../../../../../lambdas/shared/http/error-mapper';
import {
  asThirdPartyUnavailable,
  throwIfThirdPartyUnavailable,
  withinBudget,
} from '../../../../../lambdas/shared/adapters/unavailable';

const services = Object.keys(callBudgets) as ThirdParty[];

/** An error shaped as stripe-node's (`rawType` present, Stripe's `type`). */
const stripeError = (type: string, statusCode?: number) =>
  Object.assign(new Error('stripe'), { rawType: undefined, type, statusCode });
const octokitError = (status: number) =>
  Object.assign(new Error('github'), { name: 'HttpError', status });
const netlifyError = (name: string, status?: number) =>
  Object.assign(new Error('netlify'), { name, status });

describe('third-party budgets', () => {
  it.each(services)(
    '%s: its worst case leaves the API function room for its own work',
    (service) => {
      expect(worstCaseMs(service)).toBeLessThanOrEqual(API_FUNCTION_TIMEOUT_SECONDS * 1000 - 1_500);
      expect(API_FUNCTION_TIMEOUT_SECONDS * 1000).toBeLessThan(API_ANSWER_LIMIT_MS);
      expect(callBudgets[service].tries).toBeGreaterThanOrEqual(1);
    },
  );

  it.each(services)('%s: its messages name it and say what did not happen', (service) => {
    for (const message of [
      THIRD_PARTY_UNAVAILABLE_MESSAGES[service],
      THIRD_PARTY_RETRY_SAFE_MESSAGES[service],
      THIRD_PARTY_READ_MESSAGES[service],
    ]) {
      expect(message).toMatch(/Stripe|GitHub|Netlify|Amazon SES/);
      expect(message).toMatch(/try again in a few minutes/i);
    }
    expect(THIRD_PARTY_UNAVAILABLE_MESSAGES[service]).toMatch(/Nothing was|No e-mail was/);
    // A read claims nothing about charges or changes.
    expect(THIRD_PARTY_READ_MESSAGES[service]).not.toMatch(/charged|changed|sent|twice/);
  });
});

describe('asThirdPartyUnavailable', () => {
  it.each([
    ['stripe', stripeError('StripeConnectionError')],
    ['stripe', stripeError('StripeAPIError', 500)],
    ['stripe', stripeError('StripeRateLimitError', 429)],
    ['github', octokitError(500)],
    ['github', octokitError(503)],
    ['netlify', netlifyError('FetchError')],
    ['netlify', netlifyError('JSONHTTPError', 502)],
  ] as const)('%s did not answer: its 503', (service, error) => {
    const unavailable = asThirdPartyUnavailable(error);
    expect(unavailable).toBeInstanceOf(ThirdPartyUnavailableError);
    expect(unavailable?.service).toBe(service);
    expect(unavailable?.message).toBe(THIRD_PARTY_UNAVAILABLE_MESSAGES[service]);
  });

  it.each([
    stripeError('StripeCardError', 402),
    stripeError('StripeInvalidRequestError', 400),
    octokitError(404),
    octokitError(422),
    netlifyError('JSONHTTPError', 422),
    new Error('a bug'),
    Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
    null,
  ])('a refusal or another failure is not a third party not answering (%#)', (error) => {
    expect(asThirdPartyUnavailable(error)).toBeUndefined();
  });

  it('says trying again is safe for a call that may have been done', () => {
    expect(() =>
      throwIfThirdPartyUnavailable(stripeError('StripeConnectionError'), { retrySafe: true }),
    ).toThrow(THIRD_PARTY_RETRY_SAFE_MESSAGES.stripe);
    expect(() => throwIfThirdPartyUnavailable(octokitError(404))).not.toThrow();
  });
});

describe('withinBudget', () => {
  it('answers the service 503 at the deadline and aborts the work', async () => {
    let aborted = false;
    const never = (signal: AbortSignal) =>
      new Promise<never>(() => {
        signal.addEventListener('abort', () => {
          aborted = true;
        });
      });
    await expect(withinBudget('netlify', 20, never)).rejects.toMatchObject({
      name: 'ThirdPartyUnavailableError',
      service: 'netlify',
    });
    expect(aborted).toBe(true);
  });

  it('answers what the work answers within it', async () => {
    await expect(withinBudget('netlify', 5_000, async () => 'done')).resolves.toBe('done');
  });
});

describe('the error mapper', () => {
  const bodyOf = (result: ReturnType<typeof toErrorResponse>) =>
    JSON.parse(result.body as string) as { message: string };

  it("answers a third party's 503 for its client's error that reached it uncaught", () => {
    const result = toErrorResponse(stripeError('StripeConnectionError'));
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result).message).toBe(THIRD_PARTY_UNAVAILABLE_MESSAGES.stripe);
  });

  it('says nothing about charges or changes to a request that only reads', () => {
    for (const error of [octokitError(502), new ThirdPartyUnavailableError('stripe')]) {
      const result = toErrorResponse(error, true);
      expect(result.statusCode).toBe(503);
      expect(bodyOf(result).message).toMatch(/is not answering right now/);
    }
  });

  it("keeps a service's own message on a write", () => {
    const error = new ThirdPartyUnavailableError('stripe', { retrySafe: true });
    expect(bodyOf(toErrorResponse(error)).message).toBe(THIRD_PARTY_RETRY_SAFE_MESSAGES.stripe);
  });
});
