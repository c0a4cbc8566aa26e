/**
 * Every API answer is JSON. `cache-control: no-store` everywhere, browse included: browse is
 * already cheap (served from the Lambda's in-memory catalog), and a seller who just published, or
 * a buyer whose quota just changed, must see it on the next request, not after a cache expires.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

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
