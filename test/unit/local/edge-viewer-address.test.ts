/**
 * The local edge states the viewer's address on `/api/*` requests as CloudFront does, replacing
 * whatever the client sent under that name, so the API's per-client limits run the cloud's path.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { setViewerAddress } from '../../../lib/local/cloud/edge';
import { parseViewerAddress } from '../../../lambdas/shared/http/viewer-address';

const request = (remoteAddress: string, rawHeaders: string[]) =>
  ({
    rawHeaders: [...rawHeaders],
    headers: Object.fromEntries(
      rawHeaders.flatMap((value, index, all) =>
        index % 2 === 0 ? [[value.toLowerCase(), all[index + 1]]] : [],
      ),
    ),
    socket: { remoteAddress, remotePort: 51234 },
  }) as unknown as IncomingMessage;

describe('setViewerAddress', () => {
  it('overwrites a client-sent header with the connection’s address and port', () => {
    const incoming = request('192.0.2.9', [
      'Host',
      'localhost',
      'cloudfront-viewer-address',
      '6.6.6.6:1',
    ]);
    setViewerAddress(incoming);
    expect(incoming.rawHeaders).toEqual([
      'Host',
      'localhost',
      'CloudFront-Viewer-Address',
      '192.0.2.9:51234',
    ]);
    expect(incoming.headers['cloudfront-viewer-address']).toBe('192.0.2.9:51234');
  });

  it('writes IPv6 the way CloudFront does, which the API reads back', () => {
    const incoming = request('::1', []);
    setViewerAddress(incoming);
    expect(parseViewerAddress(incoming.headers['cloudfront-viewer-address'] as string)).toBe('::1');
  });
});
