import { describe, expect, it } from 'vitest';
import {
  EMAIL_TEMPLATES,
  notificationMail,
  templateOf,
} from '../../../../lambdas/notifications/email-templates';
import { wantsEmail } from '../../../../lambdas/notifications/preferences';
import { EMAIL_SETTINGS, emailSettingOf } from '../../../../contract/notification-preferences';
import { NOTIFICATION_TYPES } from '../../../../contract/notifications';

const SITE = 'https://shop.example';
const unsubscribe = {
  pageUrl: `${SITE}/notifications/unsubscribe?token=abc`,
  oneClickUrl: `${SITE}/api/notifications/unsubscribe?token=abc`,
};

describe('notification e-mail templates', () => {
  it.each(NOTIFICATION_TYPES)('renders %s as HTML and text with a human subject', (type) => {
    const mail = notificationMail({
      to: 'ada@example.com',
      type,
      message: 'Something happened.',
      link: '/dashboard',
      name: 'Ada',
      siteUrl: SITE,
      ...(emailSettingOf(type).policy === 'optional' && { unsubscribe }),
    });
    expect(EMAIL_TEMPLATES[type], `${type} has its own words`).toBeDefined();
    expect(EMAIL_SETTINGS[type], `${type} has an e-mail setting`).toBeDefined();
    expect(mail.subject).not.toMatch(/_/);
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('Something happened.');
    expect(mail.text).toContain(`${SITE}/dashboard`);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('Something happened.');
    expect(mail.html).toContain(`href="${SITE}/dashboard"`);
  });

  it('gives optional kinds an unsubscribe footer and the one-click headers, receipts none', () => {
    const optional = notificationMail({
      to: 'a@example.com',
      type: 'new_review',
      message: 'A review.',
      siteUrl: SITE,
      unsubscribe,
    });
    expect(optional.text).toContain(unsubscribe.pageUrl);
    expect(optional.html).toContain(`href="${unsubscribe.pageUrl}"`);
    expect(optional.headers).toEqual([
      { name: 'List-Unsubscribe', value: `<${unsubscribe.oneClickUrl}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
    const receipt = notificationMail({
      to: 'a@example.com',
      type: 'payment_succeeded',
      message: 'Paid.',
      siteUrl: SITE,
    });
    expect(receipt.headers).toBeUndefined();
    expect(receipt.text).not.toContain('unsubscribe');
    expect(receipt.text).toContain('always sent');
  });

  it('escapes the message and links only same-origin paths', () => {
    const mail = notificationMail({
      to: 'a@example.com',
      type: 'mvp_rejected',
      message: '<script>alert(1)</script> & "quotes"\nsecond line',
      link: '//evil.example/steal',
      siteUrl: SITE,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;<br>second line',
    );
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain('Hello,');
  });

  it('renders a kind it does not know with the generic layout', () => {
    expect(templateOf('seller_payout_paused')).toEqual({
      subject: 'MVP Marketplace: Seller payout paused',
      heading: 'Seller payout paused',
      action: 'Open',
    });
    const mail = notificationMail({
      to: 'a@example.com',
      type: 'seller_payout_paused',
      message: 'Paused.',
      link: '/payouts',
      siteUrl: SITE,
      unsubscribe,
    });
    expect(mail.subject).toBe('MVP Marketplace: Seller payout paused');
    expect(mail.text).toContain(`Open: ${SITE}/payouts`);
    expect(emailSettingOf('seller_payout_paused').policy).toBe('optional');
  });
});

describe('wantsEmail', () => {
  const stored = (email_off: string[], email_on: string[] = []) => ({
    user_id: 'u',
    email_off,
    email_on,
    updated_at: '2026-01-01T00:00:00.000Z',
  });

  it('follows the defaults, then the user’s exceptions; receipts always', () => {
    expect(wantsEmail(null, 'new_review')).toBe(true);
    expect(wantsEmail(null, 'new_download')).toBe(false);
    expect(wantsEmail(stored(['new_review']), 'new_review')).toBe(false);
    expect(wantsEmail(stored([], ['new_download']), 'new_download')).toBe(true);
    expect(wantsEmail(stored(['payment_succeeded']), 'payment_succeeded')).toBe(true);
  });
});
