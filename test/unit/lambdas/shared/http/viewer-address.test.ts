/**
 * The viewer's address from CloudFront's `CloudFront-Viewer-Address` header: IPv4 and IPv6 with
 * their port, bracketed and bare forms, garbage refused, and the fallback to the connection's
 * source address.
 */
import { describe, expect, it } from 'vitest';
import {
  clientAddressOf,
  parseViewerAddress,
} from '../../../../../lambdas/shared/http/viewer-address';
import { clientNetworkOf } from '../../../../../lambdas/shared/http/client-rate-limit';
import { apiEvent } from '../../../../fixtures/api-event';

describe('parseViewerAddress', () => {
  it.each([
    ['198.51.100.10:46532', '198.51.100.10'],
    ['198.51.100.10', '198.51.100.10'],
    [' 203.0.113.7:443 ', '203.0.113.7'],
    ['2001:db8:85a3::8a2e:370:7334:46532', '2001:db8:85a3::8a2e:370:7334'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['::ffff:192.0.2.1:5000', '::ffff:192.0.2.1'],
  ])('reads %s as %s', (header, address) => {
    expect(parseViewerAddress(header)).toBe(address);
  });

  it('keeps an IPv6 viewer in its /64 whether or not the port was read off', () => {
    const withPort = parseViewerAddress('2001:db8:1:2:3:4:5:6:8080');
    expect(withPort).toBe('2001:db8:1:2:3:4:5:6');
    expect(clientNetworkOf(withPort!)).toBe(clientNetworkOf('2001:db8:1:2::9'));
  });

  it.each([undefined, '', 'unknown', '999.1.1.1:80', '[not-an-ip]:80', '1.2.3.4:port', 'a:b:c'])(
    'refuses %j',
    (header) => {
      expect(parseViewerAddress(header)).toBeUndefined();
    },
  );
});

describe('clientAddressOf', () => {
  const event = (headers: Record<string, string>) => {
    const built = apiEvent({ method: 'POST', path: '/api/contact', headers });
    built.requestContext.http.sourceIp = '130.176.1.1';
    return built;
  };

  it('takes the viewer CloudFront names over the edge that connected', () => {
    expect(clientAddressOf(event({ 'cloudfront-viewer-address': '192.0.2.44:5123' }))).toBe(
      '192.0.2.44',
    );
  });

  it('falls back to the source address without the header or with a malformed one', () => {
    expect(clientAddressOf(event({}))).toBe('130.176.1.1');
    expect(clientAddressOf(event({ 'cloudfront-viewer-address': 'garbage' }))).toBe('130.176.1.1');
  });
});
