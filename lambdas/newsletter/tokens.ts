/**
 * The signed tokens in newsletter e-mails: `<payload>.<signature>`, both base64url, the signature
 * an HMAC-SHA256 of the payload with the `newsletterSigningKey` secret. A token says what it is
 * for (`unsubscribe` or `confirm`), so a confirmation link can never unsubscribe anyone and the
 * other way round, and it expires.
 *
 * - unsubscribe: the address, the newsletter type and, for a signed-in user's subscription, the
 *   user id (subscriptions are kept per user). Valid a year: old e-mails keep working.
 * - confirm: the address of an anonymous sign-up (double opt-in). Valid 7 days.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { readSecret } from '../shared/secrets';

export const UNSUBSCRIBE_TOKEN_DAYS = 365;
export const CONFIRM_TOKEN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const payloadSchema = z.discriminatedUnion('p', [
  z.object({
    p: z.literal('unsubscribe'),
    e: z.string().min(1),
    t: z.string().min(1),
    u: z.string().min(1).optional(),
    x: z.number().int(),
  }),
  z.object({ p: z.literal('confirm'), e: z.string().min(1), x: z.number().int() }),
]);

export type UnsubscribeClaims = { email: string; newsletterTypeId: string; userId?: string };
export type ConfirmClaims = { email: string };

const signature = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

const sign = (key: string, payload: z.input<typeof payloadSchema>): string => {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${signature(key, encoded)}`;
};

/** The payload of a well-signed, unexpired token, or `null` (never a reason: all look alike). */
const open = (key: string, token: string, now: number) => {
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
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success || parsed.data.x * 1000 <= now) return null;
  return parsed.data;
};

/** Pure versions with the key given (unit tests); the service uses the ones below. */
export const tokenCodec = (key: string) => ({
  signUnsubscribe: (claims: UnsubscribeClaims, now = Date.now()) =>
    sign(key, {
      p: 'unsubscribe',
      e: claims.email,
      t: claims.newsletterTypeId,
      ...(claims.userId ? { u: claims.userId } : {}),
      x: Math.floor((now + UNSUBSCRIBE_TOKEN_DAYS * DAY_MS) / 1000),
    }),
  signConfirm: (claims: ConfirmClaims, now = Date.now()) =>
    sign(key, {
      p: 'confirm',
      e: claims.email,
      x: Math.floor((now + CONFIRM_TOKEN_DAYS * DAY_MS) / 1000),
    }),
  verifyUnsubscribe: (token: string, now = Date.now()): UnsubscribeClaims | null => {
    const payload = open(key, token, now);
    if (payload?.p !== 'unsubscribe') return null;
    return {
      email: payload.e,
      newsletterTypeId: payload.t,
      ...(payload.u && { userId: payload.u }),
    };
  },
  verifyConfirm: (token: string, now = Date.now()): ConfirmClaims | null => {
    const payload = open(key, token, now);
    return payload?.p === 'confirm' ? { email: payload.e } : null;
  },
});

/** The codec with the deployment's signing key. */
export const newsletterTokens = async () => tokenCodec(await readSecret('newsletterSigningKey'));
