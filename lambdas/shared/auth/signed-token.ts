/**
 * The signed tokens of e-mail links (a newsletter's unsubscribe and confirm links, a notification
 * e-mail's "turn these off" link): `<payload>.<signature>`, both base64url, the signature an
 * HMAC-SHA256 of the encoded payload. The payload is JSON with an expiry `x` (epoch seconds) and a
 * purpose of the caller's own, which its schema checks, so one kind of token never passes for
 * another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type * as z from 'zod';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiry of a token valid `days` from `now` (epoch ms), in epoch seconds. */
export const expiresAfterDays = (days: number, now: number): number =>
  Math.floor((now + days * DAY_MS) / 1000);

const signature = (key: string, encoded: string) =>
  createHmac('sha256', key).update(encoded).digest('base64url');

/** `payload` signed with `key`. */
export const signToken = <P extends { x: number }>(key: string, payload: P): string => {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${signature(key, encoded)}`;
};

/**
 * The payload of a token signed with `key`, that `schema` accepts and that has not expired at
 * `now`; otherwise `null`, whatever the reason (a forged, altered, malformed or expired token all
 * look alike to the caller and to whoever sent it).
 */
export const openToken = <T extends { x: number }>(
  key: string,
  token: string,
  schema: z.ZodType<T>,
  now: number,
): T | null => {
  const [encoded, mac, extra] = token.split('.');
  if (!encoded || !mac || extra !== undefined) return null;
  const expected = Buffer.from(signature(key, encoded));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success || parsed.data.x * 1000 <= now) return null;
  return parsed.data;
};
