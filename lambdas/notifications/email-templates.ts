/**
 * Every transactional e-mail, from one place: a notification (its type, the message the domain
 * wrote for the bell, and the page it opens) becomes a short, branded HTML message with a plain
 * text part. Pure functions: the sender signs the unsubscribe token and the mailer sends.
 *
 * The message is the notification's own text, so the e-mail and the bell always say the same
 * thing; each known type adds a subject, a heading and a button label. A type without an entry
 * (a new one) gets the generic layout, named after its e-mail setting, so it works unchanged.
 * Optional types carry a footer with a one-click unsubscribe for that type (and the RFC 8058
 * headers); receipts carry none, as they cannot be turned off.
 */
import type { OutgoingMail } from '../shared/adapters/mailer';
import { emailSettingOf } from '../../contract/notification-preferences';

export const BRAND_NAME = 'MVP Marketplace';
const BRAND_COLOUR = '#6b46c1';

interface TemplateText {
  subject: string;
  heading: string;
  /** The button's label (when the notification has a link). */
  action: string;
}

/** Subject, heading and button of each known type, in human words. */
export const EMAIL_TEMPLATES: Readonly<Record<string, TemplateText>> = {
  payment_succeeded: {
    subject: 'Your payment receipt',
    heading: 'Thank you for your payment',
    action: 'View your purchases',
  },
  payment_failed: {
    subject: 'We could not take your payment',
    heading: 'Your payment did not go through',
    action: 'Update your card',
  },
  refund_decided: {
    subject: 'A decision on your refund request',
    heading: 'Your refund request was decided',
    action: 'View your request',
  },
  refund_processed: {
    subject: 'Your refund is on its way',
    heading: 'Your refund has been sent',
    action: 'View your purchases',
  },
  payment_disputed: {
    subject: 'A payment of yours was disputed with your card issuer',
    heading: 'A card dispute about your payment',
    action: 'View your licences',
  },
  dispute_opened: {
    subject: 'A buyer opened a dispute',
    heading: 'A dispute about your template',
    action: 'View the dispute',
  },
  dispute_updated: {
    subject: 'An update on your dispute',
    heading: 'Your dispute has moved on',
    action: 'View the dispute',
  },
  seller_application_decided: {
    subject: 'A decision on your seller application',
    heading: 'Your seller application was decided',
    action: 'Open your dashboard',
  },
  mvp_approved: {
    subject: 'Your template is live',
    heading: 'Approved and live',
    action: 'View your template',
  },
  mvp_rejected: {
    subject: 'Your template needs changes',
    heading: 'Not approved this time',
    action: 'Edit your template',
  },
  payout_initiated: {
    subject: 'Your payout is on its way',
    heading: 'A payout has started',
    action: 'View your payouts',
  },
  payout_completed: {
    subject: 'Your payout has been sent',
    heading: 'Payout sent',
    action: 'View your payouts',
  },
  payout_failed: {
    subject: 'Your payout could not be made',
    heading: 'Payout failed',
    action: 'Check your payout settings',
  },
  account_security: {
    subject: 'Your authenticator app was turned off',
    heading: 'A change to how you sign in',
    action: 'Open Settings → Security',
  },
  licence_issued: {
    subject: 'Your licence certificate',
    heading: 'Your licence has been issued',
    action: 'View your licences',
  },
  new_review: {
    subject: 'A new review of your template',
    heading: 'You have a new review',
    action: 'Read the review',
  },
  new_download: {
    subject: 'Your template was downloaded',
    heading: 'A new download',
    action: 'View your templates',
  },
  upgrade_available: {
    subject: 'An upgrade is available',
    heading: 'A new version of your template',
    action: 'View the upgrade',
  },
  security_finding: {
    subject: 'A vulnerability was found in a template',
    heading: 'A new security finding',
    action: 'See the finding and its fix',
  },
  security_fix: {
    subject: 'A security fix is available',
    heading: 'A new version fixes a vulnerability',
    action: 'Get the fixed version',
  },
  contact_message: {
    subject: 'A new contact message',
    heading: 'Someone wrote to you',
    action: 'Read the message',
  },
};

/** The text of a type, described or not. */
export const templateOf = (type: string): TemplateText => {
  const known = EMAIL_TEMPLATES[type];
  if (known) return known;
  const { label } = emailSettingOf(type);
  return { subject: `${BRAND_NAME}: ${label}`, heading: label, action: 'Open' };
};

export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface NotificationMailInput {
  to: string;
  type: string;
  /** The notification's message (plain text, written by the domain that notified). */
  message: string;
  /** A same-origin path (`/dashboard`), or absent. */
  link?: string;
  /** The recipient's display name, or absent (the greeting is then "Hello"). */
  name?: string;
  /** The site's origin, without a trailing slash. */
  siteUrl: string;
  /** Optional types only: where the footer's link and the one-click POST go. */
  unsubscribe?: { pageUrl: string; oneClickUrl: string };
}

/** Only same-origin paths become links; anything else is left out of the e-mail. */
const linkOf = (siteUrl: string, link: string | undefined): string | null =>
  link && link.startsWith('/') && !link.startsWith('//') ? `${siteUrl}${link}` : null;

/** One notification as one e-mail to one recipient. */
export const notificationMail = (input: NotificationMailInput): OutgoingMail => {
  const text = templateOf(input.type);
  const setting = emailSettingOf(input.type);
  const url = linkOf(input.siteUrl, input.link);
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const settingsUrl = `${input.siteUrl}/settings?tab=notifications`;
  const footerText = input.unsubscribe
    ? `You receive this because "${setting.label}" e-mails are on for your account. Turn them off: ${input.unsubscribe.pageUrl}`
    : 'This is a receipt of your account; it is always sent.';
  const footerHtml = input.unsubscribe
    ? `You receive this because &ldquo;${escapeHtml(setting.label)}&rdquo; e-mails are on for your account. <a href="${escapeHtml(input.unsubscribe.pageUrl)}" style="color:#4a5568">Unsubscribe from these e-mails</a> or <a href="${escapeHtml(settingsUrl)}" style="color:#4a5568">change your settings</a>.`
    : 'This is a receipt of your account; it is always sent.';

  const textBody = [
    greeting,
    '',
    input.message.trim(),
    ...(url ? ['', `${text.action}: ${url}`] : []),
    '',
    '--',
    `${BRAND_NAME} · ${input.siteUrl}`,
    footerText,
    '',
  ].join('\n');

  const button = url
    ? `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND_COLOUR};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(text.action)}</a></p>`
    : '';
  const paragraphs = input.message
    .trim()
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 12px">${escapeHtml(block).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
  const html = [
    '<!doctype html>',
    `<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(text.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">',
    '<div style="max-width:600px;margin:0 auto;padding:16px">',
    `<div style="padding:12px 0;font-size:18px;font-weight:bold;color:${BRAND_COLOUR}">${BRAND_NAME}</div>`,
    '<div style="background:#ffffff;border-radius:8px;padding:24px;border:1px solid #e2e8f0;overflow-wrap:anywhere">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(text.heading)}</h1>`,
    `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
    paragraphs,
    button,
    '</div>',
    `<p style="font-size:12px;color:#4a5568;padding:12px 4px;margin:0">${footerHtml}</p>`,
    '</div></body></html>',
  ].join('\n');

  return {
    to: input.to,
    subject: text.subject,
    text: textBody,
    html,
    ...(input.unsubscribe && {
      headers: [
        { name: 'List-Unsubscribe', value: `<${input.unsubscribe.oneClickUrl}>` },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ],
    }),
  };
};
