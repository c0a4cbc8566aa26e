/**
 * The secret header CloudFront adds to every request it forwards to the API (and the local edge
 * adds as CloudFront does), so the API can refuse a caller who skips the distribution and, with it,
 * WAF and the per-client limits (docs/operations.md, "Origin header").
 *
 * The secret's value is JSON: `{"current": "…"}`, and during a rotation
 * `{"current": "<new>", "previous": "<old>"}`. CloudFront sends `current` (its origin headers are
 * static in the distribution's configuration, so it changes only with a deploy); the API accepts
 * either value, so a rotation never refuses a request that went through CloudFront.
 */

/** The header's name as it arrives at the Lambda (API Gateway lower-cases names). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** The JSON keys of the secret's value. */
export const ORIGIN_VERIFY_KEYS = { current: 'current', previous: 'previous' } as const;

export interface OriginVerifyValues {
  /** What CloudFront (or the local edge) sends. */
  current: string;
  /** The value before the last rotation, accepted until the rotation is finished. */
  previous?: string;
}

/** The secret's value (see above) as its accepted values; throws on anything else. */
export const parseOriginVerifyValues = (secret: string): OriginVerifyValues => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(secret);
  } catch {
    throw new Error('The origin header secret is not JSON.');
  }
  const { current, previous } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof current !== 'string' || current.length < 16) {
    throw new Error('The origin header secret has no "current" value of at least 16 characters.');
  }
  if (previous !== undefined && (typeof previous !== 'string' || previous.length < 16)) {
    throw new Error('The origin header secret\'s "previous" value is shorter than 16 characters.');
  }
  return previous ? { current, previous } : { current };
};

/** The secret's value for `values`, as it is stored. */
export const formatOriginVerifyValues = (values: OriginVerifyValues): string =>
  JSON.stringify(values.previous ? values : { current: values.current });
