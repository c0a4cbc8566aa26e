/**
 * The signed tokens of newsletter e-mails: a token verifies with its key and purpose only, a
 * changed payload or signature or another key is refused, and each kind expires.
 */
import { describe, expect, it } from 'vitest';
import {
  CONFIRM_TOKEN_DAYS,
  UNSUBSCRIBE_TOKEN_DAYS,
  tokenCodec,
} from '../../../../lambdas/newsletter/tokens';

const codec = tokenCodec('test-key-1');
const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2030-01-01T00:00:00Z');

const reencode = (token: string, change: (payload: Record<string, unknown>) => void) => {
  const [payload, signature] = token.split('.');
  const json = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
  change(json);
  return `${Buffer.from(JSON.stringify(json)).toString('base64url')}.${signature}`;
};

describe('newsletter tokens', () => {
  it('round-trips unsubscribe claims, with and without a user', () => {
    const anonymous = codec.signUnsubscribe(
      { email: 'a@example.com', newsletterTypeId: 't1' },
      now,
    );
    expect(codec.verifyUnsubscribe(anonymous, now)).toEqual({
      email: 'a@example.com',
      newsletterTypeId: 't1',
    });
    const user = codec.signUnsubscribe(
      { email: 'b@example.com', newsletterTypeId: 'site_updates', userId: 'u-1' },
      now,
    );
    expect(codec.verifyUnsubscribe(user, now)).toEqual({
      email: 'b@example.com',
      newsletterTypeId: 'site_updates',
      userId: 'u-1',
    });
  });

  it('refuses a tampered payload, a tampered signature, another key and garbage', () => {
    const token = codec.signUnsubscribe({ email: 'a@example.com', newsletterTypeId: 't1' }, now);
    expect(
      codec.verifyUnsubscribe(
        reencode(token, (p) => (p.e = 'x@example.com')),
        now,
      ),
    ).toBeNull();
    expect(
      codec.verifyUnsubscribe(
        reencode(token, (p) => (p.t = 'other')),
        now,
      ),
    ).toBeNull();
    expect(codec.verifyUnsubscribe(`${token.slice(0, -2)}AA`, now)).toBeNull();
    expect(tokenCodec('test-key-2').verifyUnsubscribe(token, now)).toBeNull();
    for (const bad of ['', 'abc', 'a.b.c', `${token}.x`, '..']) {
      expect(codec.verifyUnsubscribe(bad, now)).toBeNull();
    }
  });

  it('keeps the two purposes apart', () => {
    const confirm = codec.signConfirm({ email: 'a@example.com' }, now);
    const unsubscribe = codec.signUnsubscribe(
      { email: 'a@example.com', newsletterTypeId: 't' },
      now,
    );
    expect(codec.verifyConfirm(confirm, now)).toEqual({ email: 'a@example.com' });
    expect(codec.verifyUnsubscribe(confirm, now)).toBeNull();
    expect(codec.verifyConfirm(unsubscribe, now)).toBeNull();
  });

  it('expires: confirmation after 7 days, unsubscribe after a year', () => {
    const confirm = codec.signConfirm({ email: 'a@example.com' }, now);
    expect(codec.verifyConfirm(confirm, now + CONFIRM_TOKEN_DAYS * DAY - 1000)).not.toBeNull();
    expect(codec.verifyConfirm(confirm, now + CONFIRM_TOKEN_DAYS * DAY)).toBeNull();
    const unsubscribe = codec.signUnsubscribe(
      { email: 'a@example.com', newsletterTypeId: 't' },
      now,
    );
    expect(codec.verifyUnsubscribe(unsubscribe, now + 300 * DAY)).not.toBeNull();
    expect(codec.verifyUnsubscribe(unsubscribe, now + UNSUBSCRIBE_TOKEN_DAYS * DAY)).toBeNull();
    // A later expiry written into the payload breaks the signature.
    const extended = reencode(confirm, (p) => (p.x = Number(p.x) + 365 * 86_400));
    expect(codec.verifyConfirm(extended, now + CONFIRM_TOKEN_DAYS * DAY)).toBeNull();
  });
});
