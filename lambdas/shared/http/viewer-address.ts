/**
 * The viewer's address for per-client limits (docs/operations.md, "Abuse protection"). Behind
 * CloudFront, `requestContext.http.sourceIp` is the edge location's address, shared by every
 * viewer that edge serves; CloudFront states the viewer's own address in the
 * `CloudFront-Viewer-Address` header (`ip:port`), which the `/api/*` origin request policy
 * forwards.
 *
 * Why the header can be believed: CloudFront sets it itself and replaces whatever a browser sent
 * under that name, so a request that came through the distribution carries the real viewer. A
 * caller of the API's own execute-api URL, who could send any value, is refused before any route
 * runs: the request lacks the secret origin header CloudFront adds (origin-verify.ts).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { isIP, isIPv4, isIPv6 } from 'node:net';

/** The header as API Gateway hands it to the Lambda (names lower-cased). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * The IP address in a `CloudFront-Viewer-Address` value, or undefined when it holds none.
 * CloudFront writes `198.51.100.10:46532` and, for IPv6, the address followed by `:port` without
 * brackets; `[2001:db8::1]:443` and a bare address are accepted too. An unbracketed IPv6 value is
 * ambiguous (`2001:db8::1:443` is also an address), so its last group is taken as the port, as
 * CloudFront always appends one; the limits key IPv6 clients by their /64, which that never
 * changes.
 */
export const parseViewerAddress = (value: string | undefined): string | undefined => {
  const text = value?.trim();
  if (!text) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return isIPv6(bracketed[1]!) ? bracketed[1] : undefined;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  if (v4WithPort) return isIPv4(v4WithPort[1]!) ? v4WithPort[1] : undefined;
  if (isIPv4(text)) return text;
  const lastColon = text.lastIndexOf(':');
  if (lastColon > 0 && /^\d{1,5}$/.test(text.slice(lastColon + 1))) {
    const withoutPort = text.slice(0, lastColon);
    if (isIPv6(withoutPort)) return withoutPort;
  }
  return isIP(text) ? text : undefined;
};

/** Who the client is: the viewer CloudFront names, else the connection's source address. */
export const clientAddressOf = (event: APIGatewayProxyEventV2): string =>
  parseViewerAddress(event.headers?.[VIEWER_ADDRESS_HEADER]) ?? event.requestContext.http.sourceIp;
