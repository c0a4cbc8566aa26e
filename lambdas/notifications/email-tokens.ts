/**
 * The signed unsubscribe token of a notification e-mail (lambdas/shared/auth/signed-token.ts). It
 * names one user and one notification type, so a link turns off only that kind of e-mail for only
 * that person, and it expires after a year (old e-mails keep working meanwhile).
 *
 * It is signed with the key that signs the newsletter's links (one secret for every e-mail link),
 * and its purpose field (`p: 'email-off'`) is one the newsletter never accepts and the other way
 * round, so no newsletter token turns off a notification e-mail and no token here unsubscribes
 * anyone from a newsletter.
 */
import * as z from 'zod';
import { expiresAfterDays, openToken, signToken } from '../shared/auth/signed-token';
import { readSecret } from '../shared/secrets';

export const EMAIL_TOKEN_DAYS = 365;

const payloadSchema = z.object({
  p: z.literal('email-off'),
  u: z.string().min(1),
  t: z.string().min(1),
  x: z.number().int(),
});

export interface EmailOffClaims {
  userId: string;
  type: string;
}

/** Pure versions with the key given (unit tests); the service uses {@link emailTokens}. */
export const emailTokenCodec = (key: string) => ({
  sign: (claims: EmailOffClaims, now = Date.now()): string =>
    signToken(key, {
      p: 'email-off',
      u: claims.userId,
      t: claims.type,
      x: expiresAfterDays(EMAIL_TOKEN_DAYS, now),
    } satisfies z.input<typeof payloadSchema>),
  /** The claims of a well-signed, unexpired token, or `null` (never a reason: all look alike). */
  verify: (token: string, now = Date.now()): EmailOffClaims | null => {
    const payload = openToken(key, token, payloadSchema, now);
    return payload && { userId: payload.u, type: payload.t };
  },
});

/** The codec with the deployment's signing key. */
export const emailTokens = async () => emailTokenCodec(await readSecret('newsletterSigningKey'));
