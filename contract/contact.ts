/**
 * Contact messages: the `/contact` form, shared by the page and `POST /api/contact`,
 * and the admin overview's list with its mark-as-handled.
 */
import * as z from 'zod';
import { text } from './text';

export const CONTACT_LIMITS = {
  name: 100,
  subject: 200,
  messageMin: 10,
  message: 5_000,
  /** Messages per client network and hour. */
  perClientPerHour: 5,
} as const;

export const CONTACT_MESSAGES = {
  sent: 'Thanks — your message has reached our team. We answer within two working days.',
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.`,
  emailInvalid: 'Please enter a valid e-mail address.',
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `The subject can be at most ${CONTACT_LIMITS.subject} characters.`,
  messageTooShort: `Please write at least ${CONTACT_LIMITS.messageMin} characters.`,
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.message} characters.`,
  rateLimited: 'You have sent several messages in the last hour. Please try again later.',
  sendFailed: 'Your message could not be sent. Please try again.',
  notFound: 'Contact message not found.',
  alreadyHandled: 'This message was already marked as handled.',
  loadFailed: 'Failed to load contact messages',
  handleFailed: 'Failed to mark the message as handled',
} as const;

const contactText = (
  label: string,
  multiline: boolean,
  [min, max]: [number, number],
  minMessage: string,
  maxMessage: string,
) => text({ label, multiline, error: minMessage }).min(min, minMessage).max(max, maxMessage);

export const contactMessageInputSchema = z.object({
  name: contactText(
    'Your name',
    false,
    [1, CONTACT_LIMITS.name],
    CONTACT_MESSAGES.nameRequired,
    CONTACT_MESSAGES.nameTooLong,
  ),
  email: z
    .string({ error: CONTACT_MESSAGES.emailInvalid })
    .trim()
    .max(254, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  subject: contactText(
    'The subject',
    false,
    [1, CONTACT_LIMITS.subject],
    CONTACT_MESSAGES.subjectRequired,
    CONTACT_MESSAGES.subjectTooLong,
  ),
  message: contactText(
    'Your message',
    true,
    [CONTACT_LIMITS.messageMin, CONTACT_LIMITS.message],
    CONTACT_MESSAGES.messageTooShort,
    CONTACT_MESSAGES.messageTooLong,
  ),
  /** Honeypot: hidden from people; a bot that fills it is answered as usual and nothing is kept. */
  website: z.string().max(500).optional(),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export interface ContactMessageSent {
  message: typeof CONTACT_MESSAGES.sent;
}

export const CONTACT_STATUSES = ['new', 'handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_PAGE_SIZE_MAX = 50;

export const contactMessageListQuerySchema = z.object({
  status: z
    .enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(', ')}.` })
    .default('new'),
  limit: z.coerce
    .number({ error: `limit must be a number from 1 to ${CONTACT_PAGE_SIZE_MAX}.` })
    .int(`limit must be a number from 1 to ${CONTACT_PAGE_SIZE_MAX}.`)
    .min(1, `limit must be a number from 1 to ${CONTACT_PAGE_SIZE_MAX}.`)
    .max(CONTACT_PAGE_SIZE_MAX, `limit must be a number from 1 to ${CONTACT_PAGE_SIZE_MAX}.`)
    .default(20),
  cursor: z.string().max(2_048).optional(),
});
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuerySchema>;

export const contactMessagePathSchema = z.object({
  id: z.string().trim().min(1, CONTACT_MESSAGES.notFound).max(64, CONTACT_MESSAGES.notFound),
});

/** One message as admins see it (they may see the sender's e-mail). */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The sender's user id when they were signed in. */
  user_id: string | null;
  status: ContactStatus;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

export interface ContactMessagePage {
  /** Newest first. */
  items: ContactMessage[];
  cursor: string | null;
}
