/**
 * Every API answer is JSON, `cache-control: no-store` unless said otherwise: a seller who just
 * published, or a buyer whose quota just changed, must see it on the next request, not after a
 * cache expires. The one exception is `publicJsonResponse`: anonymous browse and detail, which
 * CloudFront may share between visitors for a few seconds (design/cdn-caching.ts).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { cdnCaching } from '../../../contract/design/cdn-caching';

export const JSON_HEADERS = {
  'content-type': 'application/json',
  'cache-control': 'no-store',
} as const;

export const jsonResponse = (
  statusCode: number,
  body: unknown,
): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { ...JSON_HEADERS },
  body: JSON.stringify(body),
});

/** True when the request carries a bearer token (a signed-in browser), whatever the route's access. */
const carriesToken = (event: Pick<APIGatewayProxyEventV2, 'headers'>): boolean =>
  Object.entries(event.headers ?? {}).some(
    ([name, value]) => name.toLowerCase() === 'authorization' && Boolean(value),
  );

/**
 * A 200 of a public route that is the same for every anonymous visitor. Without a token it may be
 * shared by CloudFront for `cdnCaching.sharedMaxAgeSeconds` (`max-age=0`: browsers always ask
 * again); with one it is `private, no-store`, so nothing a signed-in browser received is ever
 * stored or shared, even where the answer would not differ.
 */
export const publicJsonResponse = (
  event: Pick<APIGatewayProxyEventV2, 'headers'>,
  body: unknown,
): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 200,
  headers: {
    ...JSON_HEADERS,
    'cache-control': carriesToken(event)
      ? 'private, no-store'
      : `public, max-age=0, s-maxage=${cdnCaching.sharedMaxAgeSeconds}`,
  },
  body: JSON.stringify(body),
});
