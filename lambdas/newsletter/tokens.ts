/**
 * The signed tokens in newsletter e-mails (lambdas/shared/auth/signed-token.ts), signed with the
 * `newsletterSigningKey` secret. A token says what it is for (`unsubscribe` or `confirm`), so a
 * confirmation link can never unsubscribe anyone and the other way round, and it expires.
 *
 * - unsubscribe: the address, the newsletter type and, for a signed-in user's subscription, the
 *   user id (subscriptions are kept per user). Valid a year: old e-mails keep working.
 * - confirm: the address of an anonymous sign-up (double opt-in). Valid 7 days.
 */
import * as z from 'zod';
import { expiresAfterDays, openToken, signToken } from '../shared/auth/signed-token';
import { readSecret } from '../shared/secrets';

export const UNSUBSCRIBE_TOKEN_DAYS = 365;
export const CONFIRM_TOKEN_DAYS = 7;

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

const sign = (key: string, payload: z.input<typeof payloadSchema>): string =>
  signToken(key, payload);

/** The payload of a well-signed, unexpired token, or `null` (never a reason: all look alike). */
const open = (key: string, token: string, now: number) => openToken(key, token, payloadSchema, now);

/** Pure versions with the key given (unit tests); the service uses the ones below. */
export const tokenCodec = (key: string) => ({
  signUnsubscribe: (claims: UnsubscribeClaims, now = Date.now()) =>
    sign(key, {
      p: 'unsubscribe',
      e: claims.email,
      t: claims.newsletterTypeId,
      ...(claims.userId ? { u: claims.userId } : {}),
      x: expiresAfterDays(UNSUBSCRIBE_TOKEN_DAYS, now),
    }),
  signConfirm: (claims: ConfirmClaims, now = Date.now()) =>
    sign(key, {
      p: 'confirm',
      e: claims.email,
      x: expiresAfterDays(CONFIRM_TOKEN_DAYS, now),
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
