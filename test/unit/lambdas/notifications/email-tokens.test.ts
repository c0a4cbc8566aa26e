import { describe, expect, it } from 'vitest';
import { tokenCodec } from '../../../../lambdas/newsletter/tokens';
import { emailTokenCodec } from '../../../../lambdas/notifications/email-tokens';

const KEY = 'unit-test-key';
const codec = emailTokenCodec(KEY);

describe('notification e-mail tokens', () => {
  it('round-trips the user and the kind', () => {
    const token = codec.sign({ userId: 'user-1', type: 'new_review' });
    expect(codec.verify(token)).toEqual({ userId: 'user-1', type: 'new_review' });
  });

  it('refuses another key, an altered payload, an expired token and rubbish', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = codec.sign({ userId: 'user-1', type: 'new_review' }, now);
    expect(emailTokenCodec('other-key').verify(token, now)).toBeNull();
    const [payload, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as object;
    const altered = Buffer.from(JSON.stringify({ ...claims, u: 'user-2' })).toString('base64url');
    expect(codec.verify(`${altered}.${mac}`, now)).toBeNull();
    expect(codec.verify(token, now + 366 * 24 * 60 * 60 * 1000)).toBeNull();
    for (const rubbish of ['', '.', 'a.b.c', 'not-a-token'])
      expect(codec.verify(rubbish)).toBeNull();
  });

  it('is not interchangeable with the newsletter’s tokens under the same key', () => {
    const newsletter = tokenCodec(KEY);
    const unsubscribe = newsletter.signUnsubscribe({
      email: 'a@example.com',
      newsletterTypeId: 'site_updates',
      userId: 'user-1',
    });
    expect(codec.verify(unsubscribe)).toBeNull();
    expect(newsletter.verifyUnsubscribe(codec.sign({ userId: 'user-1', type: 'x' }))).toBeNull();
  });
});
