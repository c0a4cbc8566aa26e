/**
 * The newsletter's e-mails as text: an issue (its body in limited Markdown, rendered to simple HTML
 * with a plain-text part) with its one-click unsubscribe link and headers, and the double opt-in
 * confirmation. Pure functions: the service signs the tokens and the mailer sends.
 *
 * Limited Markdown: paragraphs (separated by a blank line), `#`/`##`/`###` headings, `- ` or `* `
 * list items, `**bold**`, `*italic*` and `[text](https://…)` links. Everything is HTML-escaped
 * first, so the body can never inject markup; link targets must be http(s).
 */
import type { OutgoingMail } from '../shared/adapters/mailer';

const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Inline Markdown of one escaped line. */
const inline = (escaped: string): string =>
  escaped
    .replace(
      /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g,
      (_match, label: string, href: string) => `<a href="${href}">${label}</a>`,
    )
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1<em>$2</em>');

/** The body's limited Markdown as HTML blocks. */
export const renderMarkdown = (markdown: string): string => {
  const blocks = markdown
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/);
  return blocks
    .map((block) => {
      const lines = block.split('\n');
      const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0] ?? '');
      if (heading && lines.length === 1) {
        const level = heading[1]!.length + 1;
        return `<h${level}>${inline(escapeHtml(heading[2]!))}</h${level}>`;
      }
      if (lines.every((line) => /^[-*]\s+/.test(line))) {
        const items = lines.map(
          (line) => `<li>${inline(escapeHtml(line.replace(/^[-*]\s+/, '')))}</li>`,
        );
        return `<ul>${items.join('')}</ul>`;
      }
      return `<p>${lines.map((line) => inline(escapeHtml(line))).join('<br>')}</p>`;
    })
    .join('\n');
};

const page = (title: string, content: string): string =>
  [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1a202c;background:#ffffff;max-width:640px;margin:0 auto;padding:16px">',
    content,
    '</body></html>',
  ].join('\n');

export interface IssueMailInput {
  to: string;
  subject: string;
  body: string;
  newsletterName: string;
  /** The page that unsubscribes (a person's click). */
  unsubscribePageUrl: string;
  /** The API endpoint a mail client POSTs to (RFC 8058 one-click). */
  oneClickUrl: string;
}

/** One issue for one recipient, with the unsubscribe link in the text and the headers. */
export const issueMail = (input: IssueMailInput): OutgoingMail => {
  const footerText = `You receive this because you subscribed to ${input.newsletterName}. Unsubscribe: ${input.unsubscribePageUrl}`;
  const footerHtml = `<hr><p style="font-size:12px;color:#4a5568">You receive this because you subscribed to ${escapeHtml(input.newsletterName)}. <a href="${escapeHtml(input.unsubscribePageUrl)}">Unsubscribe</a></p>`;
  return {
    to: input.to,
    subject: input.subject,
    text: `${input.body.replace(/\r\n?/g, '\n').trim()}\n\n--\n${footerText}\n`,
    html: page(input.subject, `${renderMarkdown(input.body)}\n${footerHtml}`),
    headers: [
      { name: 'List-Unsubscribe', value: `<${input.oneClickUrl}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ],
  };
};

export const CONFIRMATION_SUBJECT = 'Please confirm your subscription';

/** The double opt-in message: one link, nothing else is sent before it is followed. */
export const confirmationMail = (input: { to: string; confirmUrl: string }): OutgoingMail => ({
  to: input.to,
  subject: CONFIRMATION_SUBJECT,
  text: [
    'Thank you for subscribing to our updates.',
    '',
    `Please confirm your address by opening this link (valid for 7 days): ${input.confirmUrl}`,
    '',
    'If you did not sign up, ignore this e-mail: you will receive nothing else from us.',
    '',
  ].join('\n'),
  html: page(
    CONFIRMATION_SUBJECT,
    [
      '<p>Thank you for subscribing to our updates.</p>',
      `<p><a href="${escapeHtml(input.confirmUrl)}">Confirm your subscription</a> (the link is valid for 7 days).</p>`,
      '<p style="font-size:12px;color:#4a5568">If you did not sign up, ignore this e-mail: you will receive nothing else from us.</p>',
    ].join('\n'),
  ),
});
