/**
 * The signed unsubscribe token of a notification e-mail: `<payload>.<signature>`, both base64url,
 * the signature an HMAC-SHA256 of the payload. It names one user and one notification type, so a
 * link turns off only that kind of e-mail for only that person, and it expires after a year (old
 * e-mails keep working meanwhile).
 *
 * It is signed with the key that signs the newsletter's links (one secret for every e-mail link),
 * and its purpose field (`p: 'email-off'`) is one the newsletter never accepts and the other way
 * round, so no newsletter token turns off a notification e-mail and no token here unsubscribes
 * anyone from a newsletter.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { readSecret } from '../shared/secrets';

export const EMAIL_TOKEN_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

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

const signature = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/** Pure versions with the key given (unit tests); the service uses {@link emailTokens}. */
export const emailTokenCodec = (key: string) => ({
  sign: (claims: EmailOffClaims, now = Date.now()): string => {
    const payload: z.input<typeof payloadSchema> = {
      p: 'email-off',
      u: claims.userId,
      t: claims.type,
      x: Math.floor((now + EMAIL_TOKEN_DAYS * DAY_MS) / 1000),
    };
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${encoded}.${signature(key, encoded)}`;
  },
  /** The claims of a well-signed, unexpired token, or `null` (never a reason: all look alike). */
  verify: (token: string, now = Date.now()): EmailOffClaims | null => {
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
    return { userId: parsed.data.u, type: parsed.data.t };
  },
});

/** The codec with the deployment's signing key. */
export const emailTokens = async () => emailTokenCodec(await readSecret('newsletterSigningKey'));
