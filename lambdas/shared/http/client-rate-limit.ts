/**
 * Rate limits per client without storing who the client is (beta access, the contact form): the
 * client is its network (an IPv4 address, an IPv6 /64), keyed by an HMAC with the `rateLimitKey`
 * secret, counted in fixed hourly windows of RateLimit items (docs/data-model.md, section 3.19).
 */
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

const HOUR_MS = 60 * 60 * 1000;

/** The eight hextets of an IPv6 address (`::` expanded, an embedded IPv4 tail converted). */
const ipv6Hextets = (address: string): string[] => {
  let text = address;
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = Array<string>(tail === undefined ? 0 : 8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((part) => part.replace(/^0+(?=.)/, ''));
};

/**
 * What one client is, for the limit: an IPv4 address as is (an IPv4-mapped IPv6 one unwrapped),
 * an IPv6 address by its /64 network, since one subscriber usually holds a whole /64 and could
 * otherwise take a new address per press.
 */
export const clientNetworkOf = (sourceIp: string): string => {
  const address = sourceIp.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${ipv6Hextets(address).slice(0, 4).join(':')}::/64`;
  return address;
};

/**
 * The rate-limit key of a client for one limit (`purpose`, e.g. `beta-client`): an HMAC of its
 * network with a secret key, so the table never holds an IP address, and the keys cannot be
 * reversed by hashing all four billion IPv4 addresses.
 */
export const clientKeyOf = (purpose: string, sourceIp: string, hmacKey: string): string =>
  `${purpose}-${createHmac('sha256', hmacKey).update(clientNetworkOf(sourceIp)).digest('hex').slice(0, 32)}`;

/** The fixed hourly window around `now` (UTC) and when its counters may expire. */
export const hourlyWindow = (now: Date): { window: string; expiresAt: number } => {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return {
    window: new Date(start).toISOString().slice(0, 13),
    // An hour after the window ends: TTL is late anyway, and nothing reads an old window.
    expiresAt: (start + 2 * HOUR_MS) / 1000,
  };
};
