/**
 * The newsletter's messages: limited Markdown to simple, escaped HTML; the plain-text part; the
 * RFC 8058 headers and the unsubscribe link in every issue; the confirmation message.
 */
import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_SUBJECT,
  confirmationMail,
  issueMail,
  renderMarkdown,
} from '../../../../lambdas/newsletter/mail';
import { unsubscribeLinks } from '../../../../lambdas/newsletter/sending';

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, lists, emphasis and http(s) links', () => {
    const html = renderMarkdown(
      '# Title\n\nFirst line\nsecond line with **bold** and *it*.\n\n- one\n- [two](https://example.com/a?b=1&c=2)',
    );
    expect(html).toBe(
      [
        '<h2>Title</h2>',
        '<p>First line<br>second line with <strong>bold</strong> and <em>it</em>.</p>',
        '<ul><li>one</li><li><a href="https://example.com/a?b=1&amp;c=2">two</a></li></ul>',
      ].join('\n'),
    );
  });

  it('escapes markup and refuses non-http links', () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) "q"');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<a ');
    expect(html).toContain('&quot;q&quot;');
  });
});

describe('issueMail', () => {
  const links = unsubscribeLinks('https://site.example', 'abc.def');
  const mail = issueMail({
    to: 'reader@example.com',
    subject: 'March news',
    body: 'Hello **there**',
    newsletterName: 'Site <updates>',
    unsubscribePageUrl: links.page,
    oneClickUrl: links.oneClick,
  });

  it('links the unsubscribe page in both parts and the API in the one-click headers', () => {
    expect(links).toEqual({
      page: 'https://site.example/newsletter/unsubscribe?token=abc.def',
      oneClick: 'https://site.example/api/newsletter/unsubscribe?token=abc.def',
    });
    expect(mail.text).toContain('Hello **there**');
    expect(mail.text).toContain(`Unsubscribe: ${links.page}`);
    expect(mail.html).toContain('<strong>there</strong>');
    expect(mail.html).toContain(`<a href="${links.page}">Unsubscribe</a>`);
    expect(mail.html).toContain('Site &lt;updates&gt;');
    expect(mail.headers).toEqual([
      { name: 'List-Unsubscribe', value: `<${links.oneClick}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
  });
});

describe('confirmationMail', () => {
  it('carries the confirmation link and no unsubscribe headers', () => {
    const mail = confirmationMail({
      to: 'new@example.com',
      confirmUrl: 'https://site.example/newsletter/confirm?token=t.s',
    });
    expect(mail.subject).toBe(CONFIRMATION_SUBJECT);
    expect(mail.text).toContain('https://site.example/newsletter/confirm?token=t.s');
    expect(mail.html).toContain('href="https://site.example/newsletter/confirm?token=t.s"');
    expect(mail.headers).toBeUndefined();
  });
});
