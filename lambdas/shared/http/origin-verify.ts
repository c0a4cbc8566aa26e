/**
 * Refuses a request that did not come through CloudFront: CloudFront adds a secret header to
 * every request it forwards to the API (the local edge does the same), so a caller of the API's
 * own execute-api URL, who skips WAF and could forge the viewer address the per-client limits
 * key on, is answered 403 before any route runs (docs/operations.md, "Origin header").
 *
 * Two values are accepted while a rotation is under way: the secret's `current` (what CloudFront
 * sends once redeployed) and `previous` (what edges not yet updated still send). The secret is
 * read through shared/secrets.ts, so a new value is in use within its five minutes. The header is
 * removed from the event once checked, so no handler can echo or log it; a refusal is logged
 * without the value sent.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import {
  ORIGIN_VERIFY_HEADER,
  parseOriginVerifyValues,
  type OriginVerifyValues,
} from '../../../contract/design/origin-verify';
import { ForbiddenError } from '../errors';
import { logger } from '../observability';
import { readSecret } from '../secrets';

export const ORIGIN_REFUSED_MESSAGE =
  "This address does not serve the marketplace's API directly. Please use the marketplace's website.";

/** Compared as digests, so the time taken says nothing about how much of a value matched. */
const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

const matches = (sent: string, accepted: OriginVerifyValues): boolean => {
  const sentDigest = digest(sent);
  // Both compared every time: which value matched takes no longer than the other.
  const current = timingSafeEqual(sentDigest, digest(accepted.current));
  const previous =
    accepted.previous !== undefined && timingSafeEqual(sentDigest, digest(accepted.previous));
  return current || previous;
};

export interface OriginCheckOptions {
  /** The accepted values; defaults to the `originVerifyKey` secret. */
  readValues?: () => Promise<OriginVerifyValues>;
}

const readAcceptedValues = async (): Promise<OriginVerifyValues> =>
  parseOriginVerifyValues(await readSecret('originVerifyKey'));

/** The middy middleware (first in the chain after the logger). */
export const originCheck = ({
  readValues = readAcceptedValues,
}: OriginCheckOptions = {}): MiddlewareObj<APIGatewayProxyEventV2> => ({
  before: async (request) => {
    const headers = request.event.headers ?? {};
    const sent = headers[ORIGIN_VERIFY_HEADER];
    delete headers[ORIGIN_VERIFY_HEADER];
    const accepted = await readValues();
    if (sent && matches(sent, accepted)) return;
    logger.warn('Request refused: it did not come through CloudFront', {
      originHeader: sent ? 'wrong value' : 'missing',
      path: request.event.rawPath,
    });
    throw new ForbiddenError(ORIGIN_REFUSED_MESSAGE);
  },
});
